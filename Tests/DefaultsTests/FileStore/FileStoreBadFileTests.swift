@testable import Defaults
import Foundation
import Testing

@Suite("File store: corrupt and foreign files")
struct FileStoreBadFileTests {
	private func corruptCopies(besides url: URL) throws -> [URL] {
		try FileManager.default.contentsOfDirectory(at: url.deletingLastPathComponent(), includingPropertiesForKeys: nil)
			.filter { $0.lastPathComponent.hasPrefix("settings.json.corrupt-") }
	}

	@Test(arguments: [
		("not JSON", Array("this is not json".utf8)),
		("truncated", Array(#"{"a": 1, "b": [1, 2"#.utf8)),
		("binary", [0x00, 0xFF, 0x13, 0x37, 0x80, 0x81]),
		("an array", Array("[1, 2, 3]".utf8)),
		("a number", Array("42".utf8)),
		("invalid UTF-8", [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]),
	])
	func aBadFileIsMovedAsideWithItsBytesAndTheStoreStartsFromDefaults(description: String, bytes: [UInt8]) throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(bytes).write(to: url)

		var store: FileStore?
		let problems = collectProblems { store = FileStore(url: url) }
		let opened = try #require(store)
		#expect(opened.storedValues().isEmpty, "starts from the defaults")
		#expect(Defaults[Defaults.Key<Int>("a", default: 5, suite: opened)] == 5)

		let copies = try corruptCopies(besides: url)
		#expect(copies.count == 1)
		let copy = try #require(copies.first)
		#expect(try Data(contentsOf: copy) == Data(bytes), "the original bytes are kept")
		#expect(problems.count == 1)
		#expect(problems.first?.kind == .storeFailure)
		#expect(problems.first?.message.contains(copy.path) == true, "the message says where the file went")

		opened.setStoredValue(1, forKey: "a")
		try opened.flush()
		#expect(try Data(contentsOf: copy) == Data(bytes), "the copy is never overwritten")
		#expect(FileStore(url: url).storedValues() == ["a": 1])
	}

	@Test func aFileCorruptedWhileOpenIsMovedAsideBeforeTheNextSave() throws {
		let fileSystem = FaultyFileSystem()
		let url = Isolated.fileURL()
		let store = FileStore(url: url, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		try Data("{broken".utf8).write(to: url)
		store.setStoredValue(2, forKey: "b")
		let problems = try collectProblems { try store.flush() }
		#expect(problems.first?.message.contains("not valid JSON") == true)
		let copy = try #require(try corruptCopies(besides: url).first)
		#expect(try String(contentsOf: copy, encoding: .utf8) == "{broken")
		#expect(FileStore(url: url).storedValues() == ["a": 1, "b": 2], "the store's values are written, the bad file's contents not mixed in")
	}

	/// Another program writes a broken file (half of a write); the store keeps its values, and
	/// its next save writes all of them, not only the change it makes, while the broken file is
	/// moved aside with its bytes.
	@Test func aSaveAfterABrokenOutsideWriteWritesEveryValueTheStoreHolds() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		for (key, value) in ["a": 1, "b": 2, "c": 3] as [String: Defaults.JSONValue] { store.setStoredValue(value, forKey: key) }
		try store.flush()
		try Data(#"{"a": 5, "b"#.utf8).write(to: url)
		let problems = collectProblems { store.reloadAfterOutsideChange() }
		#expect(problems.first?.message.contains("values in memory are kept") == true, "\(problems)")
		#expect(store.storedValue(forKey: "a") == 1, "the broken file changed nothing in memory")

		store.setStoredValue(9, forKey: "x")
		_ = try collectProblems { try store.flush() }
		#expect(FileStore(url: url).storedValues() == ["a": 1, "b": 2, "c": 3, "x": 9])
		#expect(store.storedValues() == ["a": 1, "b": 2, "c": 3, "x": 9], "the save removed nothing in memory either")
		let copy = try #require(try corruptCopies(besides: url).first)
		#expect(try String(contentsOf: copy, encoding: .utf8) == #"{"a": 5, "b"#)
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

	/// Two processes (two stores with their own lock descriptors: `flock` locks conflict
	/// within one process too) open the same corrupt file. The second has read it before the
	/// first moved it aside and saved; under the lock it must look again, not move the first's file aside.
	@Test func twoStoresOpeningTheSameCorruptFileMakeOneCopyAndLoseNothing() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("{broken".utf8).write(to: url)

		let secondHasRead = DispatchSemaphore(value: 0)
		let secondMayLock = DispatchSemaphore(value: 0)
		let secondFileSystem = FaultyFileSystem()
		secondFileSystem.beforeLock.withLock { hook in
			hook = { [secondFileSystem] _ in
				secondFileSystem.beforeLock.withLock { $0 = nil } // only the first lock, the one of opening
				secondHasRead.signal()
				secondMayLock.wait()
			}
		}
		let second = Locked<FileStore?>(nil)
		let secondOpened = DispatchSemaphore(value: 0)
		Thread.detachNewThread {
			let store = FileStore(url: url, fileSystem: secondFileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
			second.withLock { $0 = store }
			secondOpened.signal()
		}
		secondHasRead.wait() // the second store has read the corrupt file and waits to lock it

		var firstStore: FileStore?
		let problems = collectProblems {
			firstStore = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		}
		let first = try #require(firstStore)
		#expect(problems.count == 1, "the first store moves the file aside and says so")
		first.setStoredValue("from the first", forKey: "first")
		try first.flush()

		secondMayLock.signal()
		secondOpened.wait()
		let secondStore = try #require(second.value)
		#expect(secondStore.loadError == nil)
		#expect(secondStore.storedValues() == ["first": "from the first"], "the second reads what the first saved")
		secondStore.setStoredValue("from the second", forKey: "second")
		try secondStore.flush()

		let copies = try corruptCopies(besides: url)
		#expect(copies.count == 1)
		#expect(try copies.first.map { try String(contentsOf: $0, encoding: .utf8) } == "{broken")
		#expect(FileStore(url: url).storedValues() == ["first": "from the first", "second": "from the second"])
	}
}
