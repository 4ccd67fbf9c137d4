@testable import Defaults
import ChildProcess
import Foundation
import Testing

/// Saves lock the file's directory itself (`flock`), so that nothing is made beside the file:
/// editing another program's `tsconfig.json` leaves no `tsconfig.json.lock` in the repository.
@Suite("File store: the save lock", .timeLimit(.minutes(3)))
struct FileStoreLockTests {
	private func names(in directory: URL) throws -> [String] {
		try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
	}

	@Test(arguments: [
		("settings.json", nil),
		("tsconfig.json", "{\n  // The compiler's options.\n  \"compilerOptions\": {\"strict\": true},\n}\n"),
		(".prettierrc", "{\"semi\": false}\n"),
	] as [(String, String?)])
	func aSaveLeavesNothingButTheFileInItsDirectory(name: String, contents: String?) throws {
		let url = Isolated.fileURL(name)
		let directory = url.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		if let contents { try Data(contents.utf8).write(to: url) }
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		store.setStoredValue(2, forKey: "a")
		try store.flush()
		#expect(try names(in: directory) == [name], "no lock file, no temporary file")
		#expect(FileStore(url: url, access: .readOnly).storedValues()["a"] == 2)
	}

	/// What another process may hold while a save waits: the directory (this version), or an
	/// earlier version's `settings.json.lock`, which a save locks too when it is there.
	enum Holder: String, CaseIterable, Sendable {
		case directory, oldLockFile
	}

	@Test(arguments: Holder.allCases)
	func aSaveWaitsWhileAnotherHoldsTheLock(holder: Holder) async throws {
		let url = Isolated.fileURL()
		let directory = url.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let locked = holder == .directory ? directory.path : url.path + ".lock"
		// An open file description of its own: flock excludes it from the store's even in this process.
		let descriptor = holder == .directory ? open(locked, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : open(locked, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
		try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
		var held = true
		defer { if held { close(descriptor) } }

		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		let saved = Locked<Bool?>(nil)
		DispatchQueue.global().async {
			saved.withLock { $0 = (try? store.flush()) != nil }
		}
		#expect(await eventually { someoneWaitsForLock(on: locked) }, "the save waits for the lock")
		#expect(!FileManager.default.fileExists(atPath: url.path), "and writes nothing meanwhile")
		close(descriptor)
		held = false
		#expect(await eventually { saved.value != nil })
		#expect(saved.value == true)
		#expect(FileStore(url: url, access: .readOnly).storedValues() == ["a": 1])
	}

	/// Where the directory cannot be opened for reading (mode -wx), the save locks a lock file
	/// beside the file instead, as earlier versions did.
	@Test func whereTheDirectoryCannotBeOpenedALockFileIsUsed() throws {
		let url = Isolated.fileURL()
		let fileSystem = FaultyFileSystem()
		fileSystem.fail(.openDirectory, with: EACCES)
		let store = FileStore(url: url, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		_ = fileSystem.takeCalls()
		try store.flush()
		let locking = fileSystem.takeCalls().filter { [.openDirectory, .openLockFile, .lock].contains($0.operation) }
		typealias Call = FaultyFileSystem.Call
		#expect(locking == [
			Call(operation: .openDirectory, path: url.deletingLastPathComponent().path),
			Call(operation: .openLockFile, path: url.path + ".lock"),
			Call(operation: .lock, path: url.path + ".lock"),
		])
		#expect(FileManager.default.fileExists(atPath: url.path + ".lock"))
		#expect(FileStore(url: url, access: .readOnly).storedValues() == ["a": 1])
	}
}
