/// Where and why a YAML text cannot be read: "line 3, column 7: a key is written twice (name)".
public struct YAMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
	/// The line, from 1.
	public let line: Int
	/// The column (in bytes), from 1.
	public let column: Int
	/// What is wrong there.
	public let reason: String
	/// ``reason`` without any of the file's own text (a key's name), for files others may not read.
	public let reasonWithoutContent: String

	/// An error at `line` and `column`; `reasonWithoutContent` defaults to `reason`.
	public init(line: Int, column: Int, reason: String, reasonWithoutContent: String? = nil) {
		self.line = line
		self.column = column
		self.reason = reason
		self.reasonWithoutContent = reasonWithoutContent ?? reason
	}

	/// "line L, column C: reason".
	public var description: String { "line \(line), column \(column): \(reason)" }

	/// "line L, column C: reason without content".
	var descriptionWithoutContent: String { "line \(line), column \(column): \(reasonWithoutContent)" }
}
