import Foundation

/// Files the editor writes that may hold secrets: the text handed to `$EDITOR`, the values
/// it could not save. Only their owner can read them.
enum PrivateFile {
	/**
	Creates a new file at `path` (mode 0600; never an existing file, never through a link)
	holding `bytes`, synced to disk when `durable`. Returns 0, or the `errno` of the failure
	(`EEXIST` when something is at `path`); a file left half-written is removed.
	*/
	static func create(atPath path: String, bytes: [UInt8], durable: Bool = false) -> Int32 {
		let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
		guard descriptor >= 0 else { return errno }
		defer { close(descriptor) }
		var remaining = bytes[...]
		while !remaining.isEmpty {
			let written = remaining.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
			if written < 0, errno == EINTR { continue }
			guard written > 0 else { return failed(path) }
			remaining = remaining.dropFirst(written)
		}
		if durable, fsync(descriptor) != 0 { return failed(path) }
		return 0
	}

	/// Removes the file that could not be written, keeping the `errno` of the failure.
	private static func failed(_ path: String) -> Int32 {
		let code = errno == 0 ? EIO : errno
		unlink(path)
		return code
	}
}
