#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/**
The package's one writer of whole files, durably and privately, through the same system calls
the file store makes: the file is created exclusively (never over an existing file, never
through a symbolic link), written, fsynced and closed, and its directory fsynced. A file left
half-written is removed. Files are readable by their owner only (mode 0600) unless a mode is given.

```swift
try DurableFile.replace(atPath: journalPath, with: Array(text.utf8))
try DurableFile.create(atPath: unsavedPath, with: bytes)   // EEXIST when something is there
```

For files no other program writes: the etcd sync's journal, the schema registry, values a store
could not save, the text handed to `$EDITOR`, `defaults-tui export`. The file store's own save
adds locking, merging and keeping the owner of a file it replaces.
*/
package enum DurableFile {
	/**
	Writes `bytes` as the file at `path`: a new file beside it, renamed over it, so that after a
	crash the file is the old one or the new one, never empty or half written. Whatever was at
	`path` is replaced, a symbolic link itself rather than the file it points to.

	- Parameters:
	  - mode: The new file's permissions, less what the umask takes unless `exactMode`.
	  - exactMode: Sets `mode` whatever the umask (a private file the umask would leave
	    unwritable by its owner is still 0600).
	- Throws: The system call that failed.
	*/
	package static func replace(atPath path: String, with bytes: [UInt8], mode: mode_t = 0o600, exactMode: Bool = false) throws(SystemCallError) {
		try replaceFile(atPath: path, with: bytes, mode: mode, exactMode: exactMode)
	}

	/// Creates the folder at `path` and those above it that are missing (as the stores' folders
	/// are made), for a file ``replace(atPath:with:mode:exactMode:)`` writes there.
	/// - Throws: The system call that failed (`Permission denied`, `Not a directory`).
	package static func createDirectories(atPath path: String, mode: mode_t = 0o755) throws(SystemCallError) {
		try SystemFileSystem().createDirectory(atPath: path, mode: mode)
	}

	private static func replaceFile(atPath path: String, with bytes: [UInt8], mode: mode_t, exactMode: Bool) throws(SystemCallError) {
		let fileSystem = SystemFileSystem()
		let directory = parentDirectory(of: path)
		let temporary = "\(directory)/.\(lastPathComponent(of: path)).\(getpid()).tmp"
		// Left by an earlier process with this id that was killed mid-write.
		fileSystem.removeFile(atPath: temporary)
		try writeNewFile(atPath: temporary, bytes: bytes, mode: mode, exactMode: exactMode, fileSystem: fileSystem)
		do throws(SystemCallError) {
			try fileSystem.rename(temporary, to: path)
		} catch {
			fileSystem.removeFile(atPath: temporary)
			throw error
		}
		try fileSystem.synchronizeDirectory(atPath: directory)
	}

	/**
	Writes `bytes` as a new file at `path`, never over an existing file or through a link
	(`EEXIST`, or `ELOOP` for a link on some systems), synced to disk with its directory.

	- Parameters:
	  - mode: The new file's permissions, less what the umask takes unless `exactMode`.
	  - exactMode: Sets `mode` whatever the umask.
	- Throws: The system call that failed.
	*/
	package static func create(atPath path: String, with bytes: [UInt8], mode: mode_t = 0o600, exactMode: Bool = false) throws(SystemCallError) {
		let fileSystem = SystemFileSystem()
		try writeNewFile(atPath: path, bytes: bytes, mode: mode, exactMode: exactMode, fileSystem: fileSystem)
		try fileSystem.synchronizeDirectory(atPath: parentDirectory(of: path))
	}

	/// Creates the file at `path` exclusively, writes `bytes` and syncs them; a file left
	/// half-written is removed.
	private static func writeNewFile(
		atPath path: String, bytes: [UInt8], mode: mode_t, exactMode: Bool, fileSystem: SystemFileSystem
	) throws(SystemCallError) {
		let descriptor = try fileSystem.createExclusively(atPath: path, mode: mode)
		do throws(SystemCallError) {
			do throws(SystemCallError) {
				// The umask may have taken bits from `mode` (it never adds any).
				if exactMode, fchmod(descriptor, mode) != 0 {
					throw SystemCallError(operation: "setting the new file's permissions", path: path, code: errno)
				}
				try fileSystem.write(bytes, to: descriptor, path: path)
				try fileSystem.synchronize(descriptor, path: path)
			} catch {
				fileSystem.close(descriptor)
				throw error
			}
			try fileSystem.closeWrittenFile(descriptor, path: path)
		} catch {
			fileSystem.removeFile(atPath: path)
			throw error
		}
	}
}
