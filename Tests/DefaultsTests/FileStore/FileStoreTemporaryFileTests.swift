import ChildProcess
@testable import Defaults
import Foundation
import Testing

@Suite("File store: temporary files of killed writers")
struct FileStoreTemporaryFileTests {
	/// The id of a process that has ended and been reaped.
	private func deadProcessID() throws -> pid_t {
		let process = try ChildProcess.spawn("/bin/true", [])
		_ = process.wait()
		let pid = process.processIdentifier
		try #require(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) is gone")
		return pid
	}

	private func plant(_ name: String, in directory: URL) throws {
		try Data(#"{"stale": true}"#.utf8).write(to: directory.appendingPathComponent(name))
	}

	@Test func onlyTheStoresOwnTemporaryFilesOfDeadProcessesAreRemoved() throws {
		let url = Isolated.fileURL()
		let directory = url.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let dead = try deadProcessID()
		let kept = [
			".settings.json.tmp-\(getpid())-2", // this process's: a save may be writing it
			".settings.json.tmp-\(getppid())-3", // a live process's
			".other.json.tmp-\(dead)-4", // another store's
			".settings.json.tmp-\(dead)-x", // not the store's pattern
			".settings.json.tmp-\(dead)", // not the store's pattern
			"settings.json.tmp-\(dead)-5", // not the store's pattern
			"notes.txt",
		]
		for name in kept + [".settings.json.tmp-\(dead)-1"] { try plant(name, in: directory) }

		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		#expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == Set(kept))

		// And when it saves.
		try plant(".settings.json.tmp-\(dead)-6", in: directory)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		#expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == Set(kept + ["settings.json"]))
	}

	@Test func aReadOnlyStoreRemovesNothing() throws {
		let url = Isolated.fileURL()
		let directory = url.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let name = ".settings.json.tmp-\(try deadProcessID())-1"
		try plant(name, in: directory)
		_ = FileStore(url: url, access: .readOnly)
		#expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name])
	}
}
