/// A value of a settings file that could not be read as written: the rest of the file is used.
public struct FileFormatProblem: Equatable, Sendable {
	/// The key whose value it is; empty for a problem of the file as a whole (several YAML
	/// documents in one file, one of which is read).
	public let key: String
	/// What is wrong and what was kept: "1e400 is a number out of range, kept as text".
	public let reason: String

	/// A problem with the value of `key`, described by `reason`.
	public init(key: String, reason: String) {
		self.key = key
		self.reason = reason
	}
}

/// Why bytes are not a settings file of a format, or values cannot be written in it.
public struct FileFormatError: Error, Equatable, Sendable, CustomStringConvertible {
	/// Completes "The settings file … could not be used because …": `it is not valid JSON (…)`.
	public let reason: String
	/// The reason without any of the file's own text (`found 'r'`, a key's name), or `nil` when
	/// the format did not give one. A store says this one about a file that the user running it
	/// does not own and others may not read, so that no message shows what it holds.
	public let reasonWithoutContent: String?

	/**
	An error whose `reason` completes the store's message about the file.

	- Parameters:
	  - reason: What is wrong, quoting the file where that helps: `line 3 ("colour: red") is not key=JSON`.
	  - reasonWithoutContent: The same without the file's text: `line 3 is not key=JSON`.
	*/
	public init(_ reason: String, withoutContent reasonWithoutContent: String? = nil) {
		self.reason = reason
		self.reasonWithoutContent = reasonWithoutContent
	}

	/// The reason.
	public var description: String { reason }

	/// ``reason``, or, unless `quotingContent`, ``reasonWithoutContent`` (a general one when the format gave none).
	func reason(quotingContent: Bool) -> String {
		quotingContent ? reason : reasonWithoutContent ?? "it is not a file of the store's format (\(Self.contentNotQuoted))"
	}

	/// Said instead of details that would quote a file the user may not read.
	static let contentNotQuoted = "the details are not shown, since they would quote the file, which is not yours and which others may not read"
}
