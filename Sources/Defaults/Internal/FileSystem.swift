#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What identifies one version of a file: replacing it (rename) changes the inode,
/// rewriting it in place changes the size or modification time.
struct FileIdentity: Equatable, Sendable {
	var device: UInt64
	var inode: UInt64
	var size: Int64
	var modificationSeconds: Int
	var modificationNanoseconds: Int
	var type: FileType
	var isWritableByOwner: Bool
	/// The owner, group and permission bits (`st_mode & 0o7777`), which a replaced file keeps.
	var owner: uid_t = 0
	var group: gid_t = 0
	var permissions: mode_t = 0o600

	var isSymbolicLink: Bool { type == .symbolicLink }
}

/// What kind of file a path names, from `st_mode`.
enum FileType: Equatable, Sendable {
	case regular, directory, symbolicLink, namedPipe, characterDevice, blockDevice, socket, unknown

	init(mode: mode_t) {
		switch mode & S_IFMT {
		case S_IFREG: self = .regular
		case S_IFDIR: self = .directory
		case S_IFLNK: self = .symbolicLink
		case S_IFIFO: self = .namedPipe
		case S_IFCHR: self = .characterDevice
		case S_IFBLK: self = .blockDevice
		case S_IFSOCK: self = .socket
		default: self = .unknown
		}
	}

	/// Completes "it is …": `a named pipe (FIFO)`.
	var description: String {
		switch self {
		case .regular: "a regular file"
		case .directory: "a directory"
		case .symbolicLink: "a symbolic link"
		case .namedPipe: "a named pipe (FIFO)"
		case .characterDevice: "a character device"
		case .blockDevice: "a block device"
		case .socket: "a socket"
		case .unknown: "a special file"
		}
	}
}

/// What reading a settings file found.
enum FileContents: Equatable, Sendable {
	/// No file at the path.
	case missing
	/// The whole file, and who owns it and may read it (as it was read, not as the path says now).
	case bytes([UInt8], ownership: FileOwnership)
	/// The path names a symbolic link, which reads do not follow.
	case symbolicLink
	/// A FIFO, device, directory or socket: not read, since reading could block or never end.
	case notRegularFile(FileType)
	/// A regular file larger than the limit it was read with; not read.
	case tooLarge(size: Int64)
}

/// The owner and permission bits of a file read: whether a message may quote what it holds.
package struct FileOwnership: Equatable, Sendable {
	package var owner: uid_t
	package var permissions: mode_t

	/// The ownership of a file: its owner and permission bits.
	package init(owner: uid_t, permissions: mode_t) {
		self.owner = owner
		self.permissions = permissions
	}

	/**
	Whether a message may quote the file's bytes (a parse error's `found 'x'`, a key's name):
	only when the user running the process owns it, or when anyone may read it (mode o+r).
	Otherwise the message may be read by someone who could not read the file (a log, another
	user's terminal, or root following another user's link), so it keeps the line and column
	only. A file of root's that others may not read is never quoted, even to root: those are
	the system's secrets (`/etc/shadow`), and root's output is the likeliest to be shown elsewhere.
	*/
	package var contentMayBeQuoted: Bool {
		if permissions & S_IROTH != 0 { return true }
		let user = getuid()
		return owner == user && user != 0
	}
}

/// A failed system call: which operation on which path, and the `errno`.
package struct SystemCallError: Error, Equatable, Sendable {
	package var operation: String
	package var path: String
	package var code: Int32
}

/**
The system calls the file store makes, behind one protocol so that tests can
make any of them fail (disk full, permission denied, I/O error) and count them.
*/
protocol FileSystem: Sendable {
	/// The whole file if it is a regular file of at most `maximumSize` bytes. Never follows
	/// a final symbolic link and never blocks on a FIFO.
	func readFile(atPath path: String, maximumSize: Int) throws(SystemCallError) -> FileContents
	/// The file's identity without following a final symbolic link, or `nil` if it does not exist.
	func identity(atPath path: String) -> FileIdentity?
	/// The target of a symbolic link, resolved to an absolute path, even when it does not exist yet.
	func resolvedPath(_ path: String) -> String?
	/// What the symbolic link at `path` holds (`readlink`), or `nil` if it is not one.
	func linkContents(atPath path: String) -> String?
	/// The names in a directory, or none if it cannot be read.
	func contentsOfDirectory(atPath path: String) -> [String]
	/// Whether a process with this id exists (`kill(pid, 0)` does not fail with `ESRCH`).
	func processExists(_ pid: pid_t) -> Bool
	/// Creates the directory and any missing parents with `mode`.
	func createDirectory(atPath path: String, mode: mode_t) throws(SystemCallError)
	/// Opens a directory for reading, to lock it (`flock` takes directories on Linux).
	func openDirectoryForLocking(atPath path: String) throws(SystemCallError) -> Int32
	/// Opens (creating if needed) a file used only for locking.
	func openLockFile(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32
	/// Opens a file used only for locking if there is one at `path` (never creating it), or returns `nil`.
	func openLockFileIfPresent(atPath path: String) throws(SystemCallError) -> Int32?
	/// Takes an exclusive `flock` on `descriptor` (a lock file's or a directory's), waiting for other holders.
	func lockExclusively(_ descriptor: Int32, path: String) throws(SystemCallError)
	/// Creates a new file that must not exist yet, never following a symbolic link.
	func createExclusively(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32
	/// Gives the new file at `descriptor` the owner, group and permissions of the file it is
	/// about to replace, as far as this process may (only root gives a file to another user).
	func adoptOwnership(of original: FileIdentity, to descriptor: Int32, path: String) throws(SystemCallError)
	func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SystemCallError)
	func synchronize(_ descriptor: Int32, path: String) throws(SystemCallError)
	/// Closes a descriptor whose errors do not matter (a lock file, or cleaning up after a failure).
	func close(_ descriptor: Int32)
	/// Closes the new file after its fsync; an error here (EIO, a network file system's
	/// deferred write error) means the data may not be what was written.
	func closeWrittenFile(_ descriptor: Int32, path: String) throws(SystemCallError)
	func rename(_ source: String, to destination: String) throws(SystemCallError)
	func removeFile(atPath path: String)
	/// Makes a rename in `directory` durable, where this process may read the directory.
	func synchronizeDirectory(atPath path: String) throws(SystemCallError)
}

/// The real file system.
struct SystemFileSystem: FileSystem {
	private func fail(_ operation: String, _ path: String) -> SystemCallError {
		SystemCallError(operation: operation, path: path, code: errno)
	}

	func readFile(atPath path: String, maximumSize: Int) throws(SystemCallError) -> FileContents {
		// O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever.
		let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
		if descriptor < 0 {
			if errno == ENOENT { return .missing }
			if errno == ELOOP, identity(atPath: path)?.isSymbolicLink == true { return .symbolicLink }
			throw fail("opening", path)
		}
		defer { Glibc.close(descriptor) }
		var status = stat()
		guard fstat(descriptor, &status) == 0 else { throw fail("reading", path) }
		let type = FileType(mode: status.st_mode)
		guard type == .regular else { return .notRegularFile(type) }
		guard status.st_size <= maximumSize else { return .tooLarge(size: Int64(status.st_size)) }
		let ownership = FileOwnership(owner: status.st_uid, permissions: status.st_mode & 0o7777)
		var bytes: [UInt8] = []
		bytes.reserveCapacity(max(Int(status.st_size), 0) + 1)
		var chunk = [UInt8](repeating: 0, count: 64 * 1024)
		while true {
			let count = chunk.withUnsafeMutableBytes { buffer in
				retryingOnInterrupt { read(descriptor, buffer.baseAddress, buffer.count) }
			}
			if count < 0 { throw fail("reading", path) }
			if count == 0 { return .bytes(bytes, ownership: ownership) }
			bytes.append(contentsOf: chunk[0..<count])
			// The file may grow while it is read.
			if bytes.count > maximumSize { return .tooLarge(size: Int64(bytes.count)) }
		}
	}

	func identity(atPath path: String) -> FileIdentity? {
		var status = stat()
		guard lstat(path, &status) == 0 else { return nil }
		return FileIdentity(
			device: UInt64(status.st_dev),
			inode: UInt64(status.st_ino),
			size: Int64(status.st_size),
			modificationSeconds: Int(status.st_mtim.tv_sec),
			modificationNanoseconds: Int(status.st_mtim.tv_nsec),
			type: FileType(mode: status.st_mode),
			isWritableByOwner: (status.st_mode & S_IWUSR) != 0,
			owner: status.st_uid,
			group: status.st_gid,
			permissions: status.st_mode & 0o7777
		)
	}

	func resolvedPath(_ path: String) -> String? {
		if let resolved = realpath(path, nil) {
			defer { free(resolved) }
			return String(cString: resolved)
		}
		// A link to a file that does not exist yet: follow the links by hand.
		var current = path
		for _ in 0..<40 {
			var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
			let length = readlink(current, &buffer, buffer.count - 1)
			guard length >= 0 else { return errno == EINVAL || errno == ENOENT ? current : nil }
			let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
			current = destination.hasPrefix("/") ? destination : parentDirectory(of: current) + "/" + destination
		}
		return nil
	}

	func linkContents(atPath path: String) -> String? {
		var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
		let length = readlink(path, &buffer, buffer.count - 1)
		guard length >= 0 else { return nil }
		return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
	}

	func contentsOfDirectory(atPath path: String) -> [String] {
		guard let directory = opendir(path) else { return [] }
		defer { closedir(directory) }
		var names: [String] = []
		while let entry = readdir(directory) {
			let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
				String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
			}
			if name != "." && name != ".." { names.append(name) }
		}
		return names
	}

	func processExists(_ pid: pid_t) -> Bool {
		kill(pid, 0) == 0 || errno != ESRCH
	}

	func createDirectory(atPath path: String, mode: mode_t) throws(SystemCallError) {
		var status = stat()
		if stat(path, &status) == 0 { return }
		let parent = parentDirectory(of: path)
		if parent != path, !parent.isEmpty {
			try createDirectory(atPath: parent, mode: mode)
		}
		if mkdir(path, mode) != 0 {
			guard errno == EEXIST else { throw fail("creating the directory", path) }
			return
		}
		giveToOwnerOfParent(path) { chown(path, $0, $1) }
	}

	func openDirectoryForLocking(atPath path: String) throws(SystemCallError) -> Int32 {
		let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
		guard descriptor >= 0 else { throw fail("opening the directory", path) }
		return descriptor
	}

	/**
	Opens the lock file, creating it if needed. Root creating it in another user's directory
	gives it to that directory's owner, so that the user can still lock it; and a lock file
	this process cannot open for writing (left by root before) is opened for reading, which
	`flock` takes as well. A lock file that cannot be created because its directory may not be
	written fails as `FileStoreError.creatingInDirectory` on the directory, which is the cause.
	*/
	func openLockFile(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32 {
		let created = retryingOnInterrupt { open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode) }
		if created >= 0 {
			giveToOwnerOfParent(path) { fchown(created, $0, $1) }
			return created
		}
		let code = errno
		guard code == EEXIST else {
			if code == EACCES || code == EPERM, identity(atPath: path) == nil {
				throw SystemCallError(operation: FileStoreError.creatingInDirectory, path: parentDirectory(of: path), code: code)
			}
			throw SystemCallError(operation: FileStoreError.openingLockFile, path: path, code: code)
		}
		guard let descriptor = try openLockFileIfPresent(atPath: path) else {
			throw SystemCallError(operation: FileStoreError.openingLockFile, path: path, code: ENOENT)
		}
		return descriptor
	}

	func openLockFileIfPresent(atPath path: String) throws(SystemCallError) -> Int32? {
		// O_NONBLOCK: whatever is there, opening it must not wait (a FIFO).
		var descriptor = retryingOnInterrupt { open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
		if descriptor < 0, errno == EACCES {
			descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
		}
		if descriptor < 0, errno == ENOENT { return nil }
		guard descriptor >= 0 else { throw fail(FileStoreError.openingLockFile, path) }
		return descriptor
	}

	/// As root, gives what `path` names (just made by `change`) to the owner and group of its
	/// directory: root writing a user's settings must not leave the user files it cannot open.
	private func giveToOwnerOfParent(_ path: String, change: (uid_t, gid_t) -> Int32) {
		guard geteuid() == 0 else { return }
		var parent = stat()
		guard stat(parentDirectory(of: path), &parent) == 0, parent.st_uid != 0 || parent.st_gid != 0 else { return }
		_ = change(parent.st_uid, parent.st_gid)
	}

	func adoptOwnership(of original: FileIdentity, to descriptor: Int32, path: String) throws(SystemCallError) {
		if original.owner != geteuid() || original.group != getegid() {
			// Root gives it to the owner; anyone else may still give it the group, if a member.
			if fchown(descriptor, original.owner, original.group) != 0, errno == EPERM {
				_ = fchown(descriptor, uid_t.max, original.group)
			}
		}
		guard fchmod(descriptor, original.permissions) == 0 else { throw fail("setting the new file's permissions", path) }
	}

	func lockExclusively(_ descriptor: Int32, path: String) throws(SystemCallError) {
		guard retryingOnInterrupt({ flock(descriptor, LOCK_EX) }) == 0 else {
			let code = errno
			var status = stat()
			let isDirectory = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
			throw SystemCallError(operation: isDirectory ? "locking the directory" : "locking the lock file", path: path, code: code)
		}
	}

	func createExclusively(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32 {
		let descriptor = retryingOnInterrupt { open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
		guard descriptor >= 0 else { throw fail("creating the new file", path) }
		return descriptor
	}

	func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SystemCallError) {
		var offset = 0
		while offset < bytes.count {
			let written = bytes.withUnsafeBytes { buffer in
				guard let base = buffer.baseAddress else { return 0 }
				return retryingOnInterrupt { Glibc.write(descriptor, base + offset, buffer.count - offset) }
			}
			guard written > 0 else { throw fail("writing the new file", path) }
			offset += written
		}
	}

	func synchronize(_ descriptor: Int32, path: String) throws(SystemCallError) {
		guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else { throw fail("syncing the new file", path) }
	}

	func close(_ descriptor: Int32) {
		_ = Glibc.close(descriptor)
	}

	func closeWrittenFile(_ descriptor: Int32, path: String) throws(SystemCallError) {
		// Never retried: on Linux the descriptor is released even when close fails (EINTR too).
		guard Glibc.close(descriptor) == 0 else { throw fail("closing the new file", path) }
	}

	func rename(_ source: String, to destination: String) throws(SystemCallError) {
		guard Glibc.rename(source, destination) == 0 else { throw fail("replacing the file", destination) }
	}

	func removeFile(atPath path: String) {
		_ = unlink(path)
	}

	func synchronizeDirectory(atPath path: String) throws(SystemCallError) {
		let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
		// A directory this user may write but not read (mode -wx) cannot be opened to sync: the
		// rename is done, and its durability is left to the file system, rather than reporting
		// a save that happened as failed.
		if descriptor < 0, errno == EACCES { return }
		guard descriptor >= 0 else { throw fail("opening the directory", path) }
		defer { Glibc.close(descriptor) }
		guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else { throw fail("syncing the directory", path) }
	}
}

/// Repeats a system call interrupted by a signal.
func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
	while true {
		let result = call()
		if result >= 0 || errno != EINTR { return result }
	}
}

/// The directory part of a path: `/a/b/c` gives `/a/b`, `c` gives `.`.
func parentDirectory(of path: String) -> String {
	guard let slash = path.lastIndex(of: "/") else { return "." }
	if slash == path.startIndex { return "/" }
	return String(path[..<slash])
}

/// The last component of a path.
func lastPathComponent(of path: String) -> String {
	guard let slash = path.lastIndex(of: "/") else { return path }
	return String(path[path.index(after: slash)...])
}
