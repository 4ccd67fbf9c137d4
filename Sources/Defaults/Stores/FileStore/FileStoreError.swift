#if canImport(Glibc)
import Glibc
#endif

/**
Why the file store could not read or save its file.

The message says what failed, on which file, and what happens to the values:
they stay in memory and are written by the next successful save.

```swift
do {
	try FileStore.standard.flush()
} catch {
	print(error)
	//=> Could not save /home/me/.config/app/settings.json: writing the new file failed: No space left on device (ENOSPC). ...
}
```
*/
public struct FileStoreError: Error, CustomStringConvertible, Equatable, Sendable {
	/// What kind of failure this is.
	public enum Kind: String, Sendable, Equatable {
		/// The file could not be read.
		case readFailed
		/// The file could not be saved.
		case saveFailed
		/// The file is marked read-only; it is not overwritten.
		case readOnly
		/// The file is not a settings file of the store's format (for JSON: invalid JSON, or
		/// another JSON value than an object); the store did not use it, and does not save
		/// over it: it is left byte for byte as it is.
		case corrupt
		/// The store's format could not write the values; the file was left as it was.
		case unencodable
		/// The path names a FIFO, a device, a directory or a socket: the store neither reads
		/// it nor saves over it.
		case notRegularFile
		/// The file, or the file a save would write, is larger than ``FileStore/maximumFileSize``;
		/// the store neither reads it nor saves over it.
		case tooLarge
		/// The file, or a directory on its path, was replaced by a symbolic link after the store
		/// opened. The store neither follows nor replaces it; opening the store again follows it.
		case replacedBySymbolicLink
		/// The path leads through a symbolic link whose owner does not own what it leads to
		/// (another user's link to root's file, say): the link is not followed, and the store
		/// neither reads nor saves anything there.
		case untrustedSymbolicLink
	}

	/// What kind of failure this is.
	public let kind: Kind
	/// The store's file.
	public let path: String
	/// The file or directory the failing operation was about.
	public let operationPath: String
	/// The failing operation, such as `writing the new file` or `replacing the file`.
	public let operation: String
	/// The system error number, or 0.
	public let code: Int32
	/// What is wrong with the file's contents, for ``Kind-swift.enum/corrupt``.
	private let contentProblem: String?
	/// The link not followed, for ``Kind-swift.enum/untrustedSymbolicLink``.
	private var untrustedLink: UntrustedLink?

	init(_ kind: Kind, path: String, failure: SystemCallError) {
		self.kind = kind
		self.path = path
		operationPath = failure.path
		operation = failure.operation
		code = failure.code
		contentProblem = nil
	}

	/// A failure about the store's file itself: `problem` says what is wrong with it, else `code`.
	private init(_ kind: Kind, path: String, operation: String, code: Int32 = 0, problem: String?) {
		self.kind = kind
		self.path = path
		operationPath = path
		self.operation = operation
		self.code = code
		contentProblem = problem
	}

	init(readOnly path: String) {
		self.init(.readOnly, path: path, operation: "writing", code: EACCES, problem: nil)
	}

	/// - Parameters:
	///   - reason: What is wrong, as a clause: "it is not valid JSON (...)".
	///   - saving: Whether a save found the file so (and so wrote nothing), rather than a read.
	init(corrupt path: String, reason: String, saving: Bool = false) {
		self.init(.corrupt, path: path, operation: saving ? Self.savingOverBrokenFile : "parsing", problem: reason)
	}

	/// The operation of a save that found a file it cannot parse.
	static let savingOverBrokenFile = "saving"

	/// - Parameter reason: Why the format cannot write the values.
	init(unencodable path: String, reason: String) {
		self.init(.unencodable, path: path, operation: "encoding", problem: reason)
	}

	init(notRegularFile path: String, type: FileType) {
		self.init(.notRegularFile, path: path, operation: "reading", problem: "it is \(type.description), not a regular file")
	}

	/// A file of `size` bytes found (`operation` "reading"), or values needing `size` bytes to save ("encoding").
	init(tooLarge path: String, size: Int64, limit: Int, operation: String) {
		let what = operation == "reading" ? "it is" : "the values need"
		self.init(.tooLarge, path: path, operation: operation, problem: "\(what) \(size) bytes, more than the limit of \(limit) bytes (FileStore.maximumFileSize, or the store's maximumSize)")
	}

	/// `link`: a directory on the file's path that became a link, or `nil` for the file itself.
	init(replacedBySymbolicLink path: String, link: String? = nil, destination: String?) {
		let what = link.map { "its directory \($0) was" } ?? "it was"
		self.init(.replacedBySymbolicLink, path: path, operation: "reading",
			problem: "\(what) replaced by a symbolic link" + (destination.map { " to \($0)" } ?? "") + " after the store opened")
	}

	/// A link on the file's path that is not followed; the message names the link's owner and what it leads to's.
	init(untrustedLink path: String, _ link: UntrustedLink) {
		let linkOwner = userName(link.linkOwner)
		let destinationOwner = userName(link.destinationOwner)
		let what = link.link == path ? "it is a symbolic link" : "it is reached through the symbolic link \(link.link)"
		let destination = link.ownerPath == link.destination
			? "\(link.destination) owned by \(destinationOwner)"
			: "\(link.destination) (not there yet; \(link.ownerPath) is owned by \(destinationOwner))"
		self.init(.untrustedSymbolicLink, path: path, operation: "following the symbolic link", problem:
			"\(what) owned by \(linkOwner) to \(destination): not followed (a link is followed only when its owner also owns what it leads to)")
		untrustedLink = link
	}

	private var operationDescription: String {
		operationPath == path || operationPath == path + ".lock" ? operation : "\(operation) \(operationPath)"
	}

	/// The operation of a failure to open the lock file (the file system layer's word for it).
	static let openingLockFile = "opening the lock file"
	/// The operation of a failure to create a file (the new file, a lock file) in the directory
	/// that `operationPath` names: the directory is the cause (it may not be written).
	static let creatingInDirectory = "creating a file in the directory"

	/// Why it failed: the system's text for the error number with its symbolic name, or
	/// for ``Kind-swift.enum/corrupt`` what is wrong with the contents ("it is not valid JSON (...)").
	public var reason: String {
		if let contentProblem { return contentProblem }
		let text = String(cString: strerror(code))
		return Self.errorNames[code].map { "\(text) (\($0))" } ?? text
	}

	/// A message for the person running the program: which file, what failed and why, and what became of the values.
	public var description: String {
		whatBecameOfTheValues.isEmpty ? whatFailed : "\(whatFailed) \(whatBecameOfTheValues)"
	}

	/// What failed and why, without what became of the values: `Could not save /…/settings.json:
	/// the file is read-only, so it was not overwritten.` (A command that ends at once says that part itself.)
	public var whatFailed: String {
		switch kind {
		case .readFailed:
			"Could not read \(path): \(operationDescription) failed: \(reason)."
		case .saveFailed where operation == Self.creatingInDirectory && (code == EACCES || code == EPERM):
			"Could not save \(path): its directory \(operationPath) cannot be written by this user (\(currentUserName())): \(reason). "
				+ "A save writes a new file there and renames it over the old one; ask the directory's owner"
				+ (owner(of: operationPath).map { " (\($0))" } ?? "") + " to let you write there, or keep the settings in a directory you can write."
		case .saveFailed where operation == Self.openingLockFile && code == EACCES:
			"Could not save \(path): the lock file \(operationPath) cannot be opened: \(reason); another user (root?) made it. "
				+ "It holds no settings: remove it (rm \(operationPath)) and save again."
		case .saveFailed:
			"Could not save \(path): \(operationDescription) failed: \(reason)."
		case .readOnly:
			"Could not save \(path): the file is read-only, so it was not overwritten; make it writable (chmod u+w) to save."
		case .corrupt where operation == Self.savingOverBrokenFile:
			"Could not save \(path): \(reason), so it was left as it is."
		case .corrupt:
			"The settings file \(path) cannot be used: \(reason)."
		case .unencodable:
			"Could not save \(path): the values cannot be written in the store's format: \(reason)."
		case .notRegularFile:
			"The settings file \(path) cannot be used: \(reason). The store does not read it, move it or save over it; "
				+ "remove it (or replace it by a regular file) to save."
		case .tooLarge where operation == "encoding":
			"Could not save \(path): \(reason), so the file was left as it was."
		case .tooLarge:
			"The settings file \(path) cannot be used: \(reason). The store does not read it, move it or save over it; "
				+ "make it smaller, or raise the limit."
		case .replacedBySymbolicLink:
			"Could not save \(path): \(reason). The store keeps to the file it opened and neither follows nor replaces "
				+ "a link that appears later; open the store again to use the link, or remove it."
		case .untrustedSymbolicLink:
			"The settings file \(path) cannot be used: \(reason). Nothing is read from it or saved to it. If the link is meant, "
				+ "give it to the owner of what it leads to"
				+ (untrustedLink.map { " (chown -h \(chownName($0.destinationOwner)) \($0.link))" } ?? "")
				+ ", or give the file's own path."
		}
	}

	/// What became of the values: kept in memory (and, for a failed save, written by the next one).
	private var whatBecameOfTheValues: String {
		switch kind {
		case .saveFailed where !(operation == Self.openingLockFile && code == EACCES):
			"The values are kept in memory and will be written by the next successful save."
		case .corrupt where operation == Self.savingOverBrokenFile:
			"The changes are kept in memory and saved once the file can be read again."
		case .corrupt, .readFailed:
			""
		case .unencodable:
			"The values are kept in memory and the file is left as it was."
		default:
			"The values are kept in memory."
		}
	}

	/// The login name of the owner of `path`, if it exists.
	private func owner(of path: String) -> String? {
		var status = stat()
		return lstat(path, &status) == 0 ? userName(status.st_uid) : nil
	}

	private static let errorNames: [Int32: String] = [
		EACCES: "EACCES", EPERM: "EPERM", ENOSPC: "ENOSPC", EDQUOT: "EDQUOT", EROFS: "EROFS", EIO: "EIO",
		ENOENT: "ENOENT", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EEXIST: "EEXIST", ELOOP: "ELOOP", EMFILE: "EMFILE",
		ENAMETOOLONG: "ENAMETOOLONG", EINVAL: "EINVAL", EBADF: "EBADF",
	]
}
