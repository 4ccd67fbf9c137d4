@testable import Defaults
import ChildProcess
import Foundation
import Testing

@Suite("File store: corrupt and foreign files")
struct FileStoreBadFileTests {
	private func corruptCopies(besides url: URL) throws -> [URL] {
		try FileManager.default.contentsOfDirectory(at: url.deletingLastPathComponent(), includingPropertiesForKeys: nil)
			.filter { $0.lastPathComponent.hasPrefix("settings.json.corrupt-") }
	}

	/// Each way a file can fail to parse.
	static let filesThatDoNotParse: [(String, [UInt8])] = {
		let latin1: [UInt8] = Array(#"{"name": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
		let deep: [UInt8] = Array(String(repeating: "[", count: 600).utf8) + Array(String(repeating: "]", count: 600).utf8)
		return [
			("not JSON", Array("this is not json".utf8)),
			("truncated", Array(#"{"a": 1, "b": [1, 2"#.utf8)),
			("a missing comma", Array("{\"a\": 1\n \"b\": 2}".utf8)),
			("binary", [0x00, 0xFF, 0x13, 0x37, 0x80, 0x81]),
			("an array", Array("[1, 2, 3]".utf8)),
			("a number", Array("42".utf8)),
			("invalid UTF-8", [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]),
			("a Latin-1 byte", latin1),
			("nesting past the limit", deep),
		]
	}()

	@Test(arguments: Self.filesThatDoNotParse)
	func aFileThatDoesNotParseIsNeverReplacedMovedOrTruncated(description: String, bytes: [UInt8]) throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(bytes).write(to: url)

		var store: FileStore?
		let problems = collectProblems { store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false) }
		let opened = try #require(store)
		#expect(opened.storedValues().isEmpty, "starts from the defaults")
		#expect(Defaults[Defaults.Key<Int>("a", default: 5, suite: opened)] == 5)
		#expect(opened.loadError?.kind == .corrupt)
		#expect(problems.count == 1)
		#expect(problems.first?.message.contains("left as it is") == true, "\(problems)")
		#expect(opened.condition == "file broken")

		opened.setStoredValue(1, forKey: "a")
		let saveProblems = collectProblems {
			#expect(throws: FileStoreError.self) { try opened.flush() }
		}
		#expect(saveProblems.first?.message.contains("so it was left as it is") == true, "\(saveProblems)")
		#expect(try Data(contentsOf: url) == Data(bytes), "the file is byte for byte as it was")
		#expect(try corruptCopies(besides: url).isEmpty, "nothing is moved aside")
		let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
		#expect(names == [url.lastPathComponent], "nothing new beside it")
		#expect(opened.storedValue(forKey: "a") == 1, "the change is kept in memory")
	}

	@Test func theReasonNamesTheLineAndColumn() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("{\n  \"a\": 1\n  \"b\": 2\n}\n".utf8).write(to: url)
		var store: FileStore?
		_ = collectProblems { store = FileStore(url: url, access: .readOnly) }
		let reason = try #require(store?.loadError?.reason)
		#expect(reason.contains("line 3, column 3"), "\(reason)")
	}

	/// A person's editor is half-way through writing the file when the program saves: nothing
	/// is written over it, and once the file parses again the change is saved on top of it.
	@Test func aChangeWaitsWhileTheFileIsBrokenAndIsSavedOnceItParsesAgain() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		for (key, value) in ["a": 1, "b": 2, "c": 3] as [String: Defaults.JSONValue] { store.setStoredValue(value, forKey: key) }
		try store.flush()
		let broken = Data(#"{"a": 5, "b"#.utf8)
		try broken.write(to: url)
		let problems = collectProblems { store.reloadAfterOutsideChange() }
		#expect(problems.first?.message.contains("values in memory are kept") == true, "\(problems)")
		#expect(store.storedValue(forKey: "a") == 1, "the broken file changed nothing in memory")
		#expect(store.condition == "file broken")

		store.setStoredValue(9, forKey: "x")
		_ = collectProblems {
			#expect(throws: FileStoreError.self) { try store.flush() }
		}
		#expect(try Data(contentsOf: url) == broken, "the broken file is left as it is")
		#expect(store.storedValues() == ["a": 1, "b": 2, "c": 3, "x": 9], "nothing is lost in memory")

		// The person finishes the edit.
		try Data(#"{"a": 5, "b": 2, "c": 3}"#.utf8).write(to: url)
		store.reloadAfterOutsideChange()
		#expect(store.condition == nil || store.condition == "not saved")
		try store.flush()
		#expect(FileStore(url: url).storedValues() == ["a": 5, "b": 2, "c": 3, "x": 9], "the change on top of the person's edit")
		#expect(store.condition == nil)
		#expect(try corruptCopies(besides: url).isEmpty)
	}

	/// A watching store saves by itself once the file parses again: the change made while it was
	/// broken is not left waiting for another change or the end of the program.
	@Test func aWatchingStoreSavesByItselfOnceTheFileIsFixed() async throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"a": 1,"#.utf8).write(to: url)
		var opened: FileStore?
		_ = collectProblems { opened = FileStore(url: url) }
		let store = try #require(opened)
		_ = collectProblems { store.setStoredValue(2, forKey: "b") }
		// Failed saves are tried again later and later: once the next try is 8 s away, the fix
		// must be what saves the change, not that try.
		#expect(await eventually { store.withIOLock { store.retryDelay } >= 16 })
		try Data(#"{"a": 1}"#.utf8).write(to: url)
		let saved = await eventually(within: .seconds(6)) { FileStore(url: url, access: .readOnly).storedValues() == ["a": 1, "b": 2] }
		#expect(saved, "\(String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self))")
		#expect(store.storedValues() == ["a": 1, "b": 2])
	}

	/// A broken state is said once, not at every event of an editor's writes.
	@Test func theSameBrokenFileIsReportedOnce() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		try Data("{broken".utf8).write(to: url)
		let problems = collectProblems {
			store.reloadAfterOutsideChange()
			try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: url.path)
			store.reloadAfterOutsideChange()
		}
		#expect(problems.count == 1, "\(problems)")
	}

	@Test func aValueOfTheWrongTypeIsKeptInTheFile() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"volume": "loud", "other": 1}"#.utf8).write(to: url)
		let store = FileStore(url: url)
		let volume = Defaults.Key<Int>("volume", default: 5, suite: store)
		let problems = collectProblems { #expect(Defaults[volume] == 5) }
		#expect(problems.map(\.kind) == [.undecodableValue])
		store.setStoredValue(2, forKey: "other")
		try store.flush()
		#expect(FileStore(url: url).storedValues() == ["volume": "loud", "other": 2], "saving other keys leaves it as it was")
	}

	@Test func anUnreadableFileIsNotOverwritten() throws {
		let fileSystem = FaultyFileSystem()
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"precious": true}"#.utf8).write(to: url)
		fileSystem.fail(.readFile, with: EIO)
		var store: FileStore?
		let problems = collectProblems {
			store = FileStore(url: url, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		}
		#expect(problems.first?.message.contains("Could not read") == true)
		let opened = try #require(store)
		opened.setStoredValue(1, forKey: "new")
		_ = collectProblems {
			#expect(throws: FileStoreError.self) { try opened.flush() }
		}
		#expect(try String(contentsOf: url, encoding: .utf8) == #"{"precious": true}"#)
	}
}

@Suite("File store: a file readable again")
struct FileStoreReadableAgainTests {
	/// A file the store could not read (its permissions) is read as soon as it is made readable
	/// again (`chmod`), not only at the next save. (The test runs as root, whom permissions do
	/// not stop: the file system refuses the reads instead, until the chmod.)
	@Test func aFileMadeReadableAgainIsReadAtOnce() async throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"theme": "dark"}"#.utf8).write(to: url)
		try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
		let fileSystem = FaultyFileSystem()
		fileSystem.fail(.readFile, with: EACCES)
		var opened: FileStore?
		_ = collectProblems { opened = FileStore(url: url, fileSystem: fileSystem) }
		let store = try #require(opened)
		#expect(store.storedValue(forKey: "theme") == nil)
		#expect(store.condition == "unreadable")

		fileSystem.heal()
		try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
		#expect(await eventually(within: .seconds(30)) { store.storedValue(forKey: "theme") == "dark" })
		#expect(store.condition == nil)
	}
}
