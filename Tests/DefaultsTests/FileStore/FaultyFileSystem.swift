@testable import Defaults
import Foundation

/// The real file system, except for the operations a test makes fail. It records the
/// calls the store makes, in order, and can run a hook before a lock is taken.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
	enum Operation: Hashable, Sendable {
		case createDirectory, openDirectory, openLockFile, lock, createExclusively, adoptOwnership, write, synchronize, close, rename, synchronizeDirectory
		case readFile, listDirectory, removeFile
	}

	/// One call to the file system: the operation and the path it was about.
	struct Call: Equatable, CustomStringConvertible {
		var operation: Operation
		var path: String
		var description: String { "\(operation) \(path)" }
	}

	private let real = SystemFileSystem()
	private let failures = Locked<[Operation: Int32]>([:])
	/// Paths of temporary files created, to check none is left behind.
	let createdFiles = Locked<[String]>([])
	/// Every call that changes or reads the file system (not `identity`), in order.
	let calls = Locked<[Call]>([])
	/// Runs before each `lockExclusively`, with the path of the lock file or directory locked (to pause a store inside its open, say).
	let beforeLock = Locked<(@Sendable (String) -> Void)?>(nil)
	/// Runs after each new file is closed, just before the save looks at its path and renames
	/// (another program putting a link there, say), with the new file's path.
	let afterCloseWritten = Locked<(@Sendable (String) -> Void)?>(nil)
	/// Runs after each successful `rename`, with the destination (another writer getting in just after a save, say).
	let afterRename = Locked<(@Sendable (String) -> Void)?>(nil)
	private let descriptorPaths = Locked<[Int32: String]>([:])

	/// Makes `operation` fail with `code` until ``heal()``.
	func fail(_ operation: Operation, with code: Int32) {
		failures.withLock { $0[operation] = code }
	}

	func heal() {
		failures.withLock { $0.removeAll() }
	}

	/// How many times a new file was renamed onto `path`: the file writes of a store's saves, as
	/// the system sees them (a rename made to fail counts too).
	func renames(onto path: String) -> Int {
		calls.value.filter { $0.operation == .rename && $0.path == path }.count
	}

	/// The operations recorded since the last call, which clears the record.
	func takeCalls() -> [Call] {
		calls.withLock { calls in
			defer { calls.removeAll() }
			return calls
		}
	}

	private func record(_ operation: Operation, _ path: String) {
		calls.withLock { $0.append(Call(operation: operation, path: path)) }
	}

	private func check(_ operation: Operation, _ name: String, _ path: String) throws(SystemCallError) {
		record(operation, path)
		if let code = failures.value[operation] {
			throw SystemCallError(operation: name, path: path, code: code)
		}
	}

	func readFile(atPath path: String, maximumSize: Int) throws(SystemCallError) -> FileContents {
		try check(.readFile, "reading", path)
		return try real.readFile(atPath: path, maximumSize: maximumSize)
	}

	func identity(atPath path: String) -> FileIdentity? { real.identity(atPath: path) }
	func resolvedPath(_ path: String) -> String? { real.resolvedPath(path) }
	func linkContents(atPath path: String) -> String? { real.linkContents(atPath: path) }
	func processExists(_ pid: pid_t) -> Bool { real.processExists(pid) }

	func contentsOfDirectory(atPath path: String) -> [String] {
		record(.listDirectory, path)
		return real.contentsOfDirectory(atPath: path)
	}

	func createDirectory(atPath path: String, mode: mode_t) throws(SystemCallError) {
		try check(.createDirectory, "creating the directory", path)
		try real.createDirectory(atPath: path, mode: mode)
	}

	func openDirectoryForLocking(atPath path: String) throws(SystemCallError) -> Int32 {
		try check(.openDirectory, "opening the directory", path)
		let descriptor = try real.openDirectoryForLocking(atPath: path)
		descriptorPaths.withLock { $0[descriptor] = path }
		return descriptor
	}

	func openLockFile(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32 {
		try check(.openLockFile, "opening the lock file", path)
		let descriptor = try real.openLockFile(atPath: path, mode: mode)
		descriptorPaths.withLock { $0[descriptor] = path }
		return descriptor
	}

	/// Recorded as `openLockFile`, and fails as it does, whether or not there is a lock file.
	func openLockFileIfPresent(atPath path: String) throws(SystemCallError) -> Int32? {
		try check(.openLockFile, "opening the lock file", path)
		guard let descriptor = try real.openLockFileIfPresent(atPath: path) else { return nil }
		descriptorPaths.withLock { $0[descriptor] = path }
		return descriptor
	}

	func lockExclusively(_ descriptor: Int32, path: String) throws(SystemCallError) {
		beforeLock.value?(path)
		try check(.lock, real.identity(atPath: path)?.type == .directory ? "locking the directory" : "locking the lock file", path)
		try real.lockExclusively(descriptor, path: path)
	}

	func createExclusively(atPath path: String, mode: mode_t) throws(SystemCallError) -> Int32 {
		try check(.createExclusively, "creating the new file", path)
		let descriptor = try real.createExclusively(atPath: path, mode: mode)
		createdFiles.withLock { $0.append(path) }
		descriptorPaths.withLock { $0[descriptor] = path }
		return descriptor
	}

	func adoptOwnership(of original: FileIdentity, to descriptor: Int32, path: String) throws(SystemCallError) {
		try check(.adoptOwnership, "setting the new file's permissions", path)
		try real.adoptOwnership(of: original, to: descriptor, path: path)
	}

	func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SystemCallError) {
		record(.write, path)
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

	func close(_ descriptor: Int32) {
		record(.close, descriptorPaths.withLock { $0.removeValue(forKey: descriptor) } ?? "descriptor \(descriptor)")
		real.close(descriptor)
	}

	func closeWrittenFile(_ descriptor: Int32, path: String) throws(SystemCallError) {
		descriptorPaths.withLock { _ = $0.removeValue(forKey: descriptor) }
		record(.close, path)
		// Like the real close: the descriptor is released even when closing reports an error.
		try real.closeWrittenFile(descriptor, path: path)
		afterCloseWritten.value?(path)
		if let code = failures.value[.close] {
			throw SystemCallError(operation: "closing the new file", path: path, code: code)
		}
	}

	func rename(_ source: String, to destination: String) throws(SystemCallError) {
		try check(.rename, "replacing the file", destination)
		try real.rename(source, to: destination)
		afterRename.value?(destination)
	}

	func removeFile(atPath path: String) {
		record(.removeFile, path)
		real.removeFile(atPath: path)
	}

	func synchronizeDirectory(atPath path: String) throws(SystemCallError) {
		try check(.synchronizeDirectory, "syncing the directory", path)
		try real.synchronizeDirectory(atPath: path)
	}
}
