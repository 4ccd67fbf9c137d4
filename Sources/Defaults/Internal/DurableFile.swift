#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/**
Replaces a small file of the package's own whole and durably, through the same system
calls the file store makes: a new file beside it, written and fsynced, renamed over it,
and the directory fsynced. After a crash the file is the old one or the new one, never
empty or half written.

```swift
try DurableFile.replace(atPath: journalPath, with: Array(text.utf8))
```

For files no other program writes (the etcd sync's journal); the file store's own save adds
locking, merging and keeping the owner of a file it replaces.
*/
package enum DurableFile {
	/// Writes `bytes` as the file at `path` (created with `mode` when new); throws the failed call.
	package static func replace(atPath path: String, with bytes: [UInt8], mode: mode_t = 0o600) throws(SystemCallError) {
		let fileSystem = SystemFileSystem()
		let directory = parentDirectory(of: path)
		let temporary = "\(directory)/.\(lastPathComponent(of: path)).\(getpid()).tmp"
		// Left by an earlier process with this id that was killed mid-write.
		fileSystem.removeFile(atPath: temporary)
		try writeNewFile(atPath: temporary, bytes: bytes, mode: mode, fileSystem: fileSystem)
		do throws(SystemCallError) {
			try fileSystem.rename(temporary, to: path)
		} catch {
			fileSystem.removeFile(atPath: temporary)
			throw error
		}
		try fileSystem.synchronizeDirectory(atPath: directory)
	}

	/// Writes `bytes` as a new file at `path` (mode 0600): never over an existing file or through
	/// a link (`EEXIST`), synced to disk with its directory; a file left half-written is removed.
	package static func create(atPath path: String, with bytes: [UInt8]) throws(SystemCallError) {
		let fileSystem = SystemFileSystem()
		try writeNewFile(atPath: path, bytes: bytes, mode: 0o600, fileSystem: fileSystem)
		try fileSystem.synchronizeDirectory(atPath: parentDirectory(of: path))
	}

	/// Creates the file at `path` exclusively, writes `bytes` and syncs them; a file left
	/// half-written is removed.
	private static func writeNewFile(atPath path: String, bytes: [UInt8], mode: mode_t, fileSystem: SystemFileSystem) throws(SystemCallError) {
		let descriptor = try fileSystem.createExclusively(atPath: path, mode: mode)
		do throws(SystemCallError) {
			do throws(SystemCallError) {
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
