@testable import Defaults
import Foundation

/// The real file system, except for the operations a test makes fail.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
	enum Operation: Hashable {
		case createDirectory, openLockFile, lock, createExclusively, write, synchronize, rename, synchronizeDirectory, readFile
	}

	private let real = SystemFileSystem()
	private let failures = Locked<[Operation: Int32]>([:])
	/// Paths of temporary files created, to check none is left behind.
	let createdFiles = Locked<[String]>([])

	/// Makes `operation` fail with `code` until ``heal()``.
	func fail(_ operation: Operation, with code: Int32) {
		failures.withLock { $0[operation] = code }
	}

	func heal() {
		failures.withLock { $0.removeAll() }
	}

	private func check(_ operation: Operation, _ name: String, _ path: String) throws(SystemCallError) {
		if let code = failures.value[operation] {
			throw SystemCallError(operation: name, path: path, code: code)
		}
	}

	func readFile(atPath path: String) throws(SystemCallError) -> [UInt8]? {
		try check(.readFile, "reading", path)
		return try real.readFile(atPath: path)
	}

	func identity(atPath path: String) -> FileIdentity? { real.identity(atPath: path) }
	func resolvedPath(_ path: String) -> String? { real.resolvedPath(path) }

	func createDirectory(atPath path: String, mode: mode_t) throws(SystemCallError) {
		try check(.createDirectory, "creating the directory", path)
		try real.createDirectory(atPath: path, mode: mode)
	}

	func openLockFile(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32 {
		try check(.openLockFile, "opening the lock file", path)
		return try real.openLockFile(atPath: path, mode: mode)
	}

	func lockExclusively(_ descriptor: Int32, path: String) throws(SystemCallError) {
		try check(.lock, "locking the lock file", path)
		try real.lockExclusively(descriptor, path: path)
	}

	func createExclusively(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32 {
		try check(.createExclusively, "creating the new file", path)
		let descriptor = try real.createExclusively(atPath: path, mode: mode)
		createdFiles.withLock { $0.append(path) }
		return descriptor
	}

	func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SystemCallError) {
		if let code = failures.value[.write] {
			// Like a full disk: part of the data gets written first.
			try? real.write(Array(bytes.prefix(bytes.count / 2)), to: descriptor, path: path)
			throw SystemCallError(operation: "writing the new file", path: path, code: code)
		}
		try real.write(bytes, to: descriptor, path: path)
	}

	func synchronize(_ descriptor: Int32, path: String) throws(SystemCallError) {
		try check(.synchronize, "syncing the new file", path)
		try real.synchronize(descriptor, path: path)
	}

	func close(_ descriptor: Int32) { real.close(descriptor) }

	func rename(_ source: String, to destination: String) throws(SystemCallError) {
		try check(.rename, "replacing the file", destination)
		try real.rename(source, to: destination)
	}

	func removeFile(atPath path: String) { real.removeFile(atPath: path) }

	func synchronizeDirectory(atPath path: String) throws(SystemCallError) {
		try check(.synchronizeDirectory, "syncing the directory", path)
		try real.synchronizeDirectory(atPath: path)
	}
}
