#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes files that may hold secrets (an export of the store): readable by their owner only.
enum PrivateFile {
	/**
	Writes `bytes` to a new file at `path` with mode 0600, whatever the umask.

	A symbolic link at `path` is never followed (whoever placed it would choose where
	the secrets go), and an existing file is replaced only when `replacing` is true:
	then the new file is written beside it and renamed over it, so the old file's
	mode and links do not carry over. Refusals and failures are exit status 1.
	*/
	static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws(CommandFailure) {
		if let refusal = refusal(toWrite: path, replacing: replacing) {
			throw refusal
		}
		if replacing {
			let temporary = "\(directory(of: path))/.\(URL(fileURLWithPath: path).lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
			try create(temporary, with: bytes, shownAs: path)
			// rename() replaces whatever is at `path` itself, a link included, and never writes through one.
			guard rename(temporary, path) == 0 else {
				let failure = failed("cannot write \(path): \(errorText(errno))")
				unlink(temporary)
				throw failure
			}
		} else {
			try create(path, with: bytes, shownAs: path)
		}
	}

	/// Why `path` must not be written, judged before anything is created.
	private static func refusal(toWrite path: String, replacing: Bool) -> CommandFailure? {
		var status = stat()
		guard lstat(path, &status) == 0 else { return nil }
		switch status.st_mode & S_IFMT {
		case S_IFLNK:
			return failed("\(path) is a symbolic link; export does not write through links. Give the file it points to, or another name.")
		case S_IFDIR:
			return failed("\(path) is a directory; give the name of a file to write.")
		default:
			return replacing ? nil : failed("\(path) already exists; nothing was written. Give --force to replace it.")
		}
	}

	/// Creates `path` exclusively (never through a link) with mode 0600 and writes `bytes`,
	/// removing the file again if anything fails. `shownAs` is the name used in messages.
	private static func create(_ path: String, with bytes: [UInt8], shownAs name: String) throws(CommandFailure) {
		let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
		guard descriptor >= 0 else {
			let code = errno
			// Something appeared at the path since it was checked: judge it as if it had been there.
			if code == EEXIST || code == ELOOP, let refusal = refusal(toWrite: name, replacing: false) {
				throw refusal
			}
			throw failed("cannot write \(name): \(errorText(code))")
		}
		var failure: CommandFailure?
		// The umask may have taken bits from 0600 (never added any): set the mode exactly.
		if fchmod(descriptor, 0o600) != 0 {
			failure = failed("cannot write \(name): \(errorText(errno))")
		}
		var written = 0
		while failure == nil, written < bytes.count {
			let result = bytes.withUnsafeBytes { buffer in
				Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
			}
			if result < 0 {
				if errno == EINTR { continue }
				failure = failed("cannot write \(name): \(errorText(errno))")
			} else {
				written += result
			}
		}
		if failure == nil, fsync(descriptor) != 0 {
			failure = failed("cannot write \(name): \(errorText(errno))")
		}
		close(descriptor)
		if let failure {
			unlink(path)
			throw failure
		}
	}

	private static func failed(_ message: String) -> CommandFailure {
		CommandFailure.failed(message)
	}

	private static func errorText(_ code: Int32) -> String {
		String(cString: strerror(code))
	}

	private static func directory(of path: String) -> String {
		URL(fileURLWithPath: path).deletingLastPathComponent().path
	}
}
