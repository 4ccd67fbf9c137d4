#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileStore {
	/**
	Takes the lock that every save of `target` holds while it reads, merges and replaces the
	file, in every process and for every user, and returns the descriptors that hold it (closing
	them releases it).

	The lock is an exclusive `flock` on the file's directory itself, opened for reading: no lock
	file is made, so editing another program's `tsconfig.json` or `.prettierrc` leaves nothing
	new beside it. The directory, unlike the file, is never replaced by a save, so it is the same
	object for every writer; and every user who may save there may lock it, since a save needs to
	read the directory's entries anyway (root always may). Another store in the same directory
	waits for it too, for the few milliseconds a save takes.

	A `<file>.lock` that is there (an earlier version's lock file, or one of the fallback below)
	is locked too, after the directory, so that those writers are still excluded. Where the
	directory cannot be opened for reading (mode `-wx`) or locked (a network file system that
	takes `flock` on written files only), the save falls back to creating and locking
	`<file>.lock`, as earlier versions did.
	*/
	func lockForSaving(_ target: String) throws(FileStoreError) -> [Int32] {
		let directory = parentDirectory(of: target)
		let lockFile = target + ".lock"
		var held: [Int32] = []
		do throws(SystemCallError) {
			if let locked = try lockDirectory(directory) {
				held.append(locked)
				if let descriptor = try fileSystem.openLockFileIfPresent(atPath: lockFile) {
					held.append(descriptor)
					try fileSystem.lockExclusively(descriptor, path: lockFile)
				}
			} else {
				// Readable by everyone (it holds nothing), so that another user who may write the
				// settings file can still open it to lock it.
				let descriptor = try fileSystem.openLockFile(atPath: lockFile, mode: 0o644)
				held.append(descriptor)
				try fileSystem.lockExclusively(descriptor, path: lockFile)
			}
		} catch {
			for descriptor in held.reversed() { fileSystem.close(descriptor) }
			throw FileStoreError(.saveFailed, path: path, failure: error)
		}
		return held
	}

	/// The directory, opened and locked, or `nil` when this process cannot lock it (it may not
	/// read it, or the file system does not lock directories): the caller then uses a lock file.
	private func lockDirectory(_ directory: String) throws(SystemCallError) -> Int32? {
		let descriptor: Int32
		do throws(SystemCallError) {
			descriptor = try fileSystem.openDirectoryForLocking(atPath: directory)
		} catch where error.code == EACCES {
			return nil
		}
		do throws(SystemCallError) {
			try fileSystem.lockExclusively(descriptor, path: directory)
		} catch where [EBADF, EINVAL, EOPNOTSUPP, ENOTSUP].contains(error.code) {
			fileSystem.close(descriptor)
			return nil
		} catch {
			fileSystem.close(descriptor)
			throw error
		}
		return descriptor
	}
}
