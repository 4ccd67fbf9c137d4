@testable import Defaults
import ChildProcess
import Foundation
import Testing

/// What a program's last save does when the file cannot take its changes: nothing lost in silence.
@Suite("File store: the last save at exit")
struct FileStoreExitSaveTests {
	/// Another program sets `volume` to 7 in the file at `url` and exits, its state under `stateHome`.
	private func setVolumeInAnotherProcess(in url: URL, stateHome: URL) throws -> (status: Int32, output: String, errors: String) {
		var environment = ProcessInfo.processInfo.environment
		environment["XDG_STATE_HOME"] = stateHome.path
		return try ChildProcess.runCapturingErrors(StoreHelper.executable.path, ["set", url.path, "volume", "7"], environment: environment, killAfter: 60)
	}

	/// A second process changes a key of a file that does not parse and exits: the file is left
	/// byte for byte, and every value the process held is written under `$XDG_STATE_HOME`, where
	/// its message says.
	@Test func changesTheFileCannotTakeAreWrittenToTheStateDirectoryAtExit() throws {
		let url = Isolated.fileURL()
		let directory = url.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let broken = Data("{\"theme\": \"dark\",".utf8)
		try broken.write(to: url)
		let state = directory.appendingPathComponent("state", isDirectory: true)
		let result = try setVolumeInAnotherProcess(in: url, stateHome: state)
		#expect(result.status == 0)
		#expect(try Data(contentsOf: url) == broken, "the broken file is left as it is")

		let programDirectory = state.appendingPathComponent("defaults-store-helper")
		let files = try FileManager.default.contentsOfDirectory(atPath: programDirectory.path)
		#expect(files.count == 1, "\(files)")
		let file = try #require(files.first.map { programDirectory.appendingPathComponent($0) })
		#expect(file.lastPathComponent.hasPrefix("unsaved-settings-"))
		#expect(try Defaults.JSONValue(parsing: String(decoding: Data(contentsOf: file), as: UTF8.self)) == ["volume": 7])
		let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
		#expect(permissions == 0o600, "only the user can read it")
		#expect(result.errors.contains("volume"), "the message names the change: \(result.errors)")
		#expect(result.errors.contains(file.path), "and where it is: \(result.errors)")
		#expect(result.errors.contains("line 1, column 18"), "and why: \(result.errors)")
	}

	/// A process whose file saves as usual writes nothing under `$XDG_STATE_HOME`.
	@Test func aSavedChangeLeavesNothingInTheStateDirectory() throws {
		let url = Isolated.fileURL()
		let directory = url.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let state = directory.appendingPathComponent("state", isDirectory: true)
		let result = try setVolumeInAnotherProcess(in: url, stateHome: state)
		#expect(result.status == 0)
		#expect(result.errors.isEmpty, "\(result.errors)")
		#expect(FileStore(url: url).storedValues() == ["volume": 7])
		#expect(!FileManager.default.fileExists(atPath: state.path))
	}

	/// The exit's save of a store whose save fails writes the values once, even when it runs twice
	/// (a signal's save, then exit's).
	@Test func theValuesAreWrittenOnceWhenTheLastSaveRunsTwice() throws {
		let url = Isolated.fileURL()
		let directory = url.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		try Data("[1,".utf8).write(to: url)
		let state = directory.appendingPathComponent("state", isDirectory: true)
		var opened: FileStore?
		_ = collectProblems { opened = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false) }
		let store = try #require(opened)
		store.setStoredValue("a", forKey: "one")
		let problems = collectProblems {
			store.saveAtExit(environment: ["XDG_STATE_HOME": state.path])
			store.saveAtExit(environment: ["XDG_STATE_HOME": state.path])
		}
		#expect(problems.filter { $0.message.contains("as the program ended") }.count == 1, "\(problems)")
		let written = try FileManager.default.subpathsOfDirectory(atPath: state.path).filter { $0.hasSuffix(".json") }
		#expect(written.count == 1, "\(written)")
		#expect(try Data(contentsOf: url) == Data("[1,".utf8))
	}
}
