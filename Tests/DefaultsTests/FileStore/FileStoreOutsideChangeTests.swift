@testable import Defaults
import Foundation
import Testing

@Suite("File store: changes made outside the process", .timeLimit(.minutes(1)))
struct FileStoreOutsideChangeTests {
	/// Replaces the file the way an atomic writer (or an editor) does.
	private func replaceFile(at url: URL, with text: String) throws {
		let temporary = url.deletingLastPathComponent().appendingPathComponent("replacement-\(UUID().uuidString)")
		try Data(text.utf8).write(to: temporary)
		_ = rename(temporary.path, url.path)
	}

	private func savedStore(_ values: [String: Defaults.JSONValue]) throws -> FileStore {
		let store = Isolated.fileStore()
		for (key, value) in values { store.setStoredValue(value, forKey: key) }
		try store.flush()
		return store
	}

	@Test func aReplacedFileReportsExactlyTheKeysThatChanged() async throws {
		let store = try savedStore(["a": 1, "b": 2, "c": 3])
		let key = Defaults.Key<Int>("b", default: 0, suite: store)
		#expect(Defaults[key] == 2)
		var changes = store.outsideChanges().makeAsyncIterator()
		try replaceFile(at: store.url, with: #"{"a": 1, "b": 20, "c": 3}"#)
		let changed = await changes.next()
		#expect(changed == ["b"])
		#expect(Defaults[key] == 20, "a cached key sees the new value")
	}

	@Test func anotherProcessSettingAKeyIsNoticed() async throws {
		let store = try savedStore(["kept": true])
		var changes = store.outsideChanges().makeAsyncIterator()
		#expect(try StoreHelper.run(["set", store.url.path, "fromAnotherProcess", #"[1, 2]"#]) == 0)
		let changed = await changes.next()
		#expect(changed == ["fromAnotherProcess"])
		#expect(store.storedValue(forKey: "fromAnotherProcess") == [1, 2])
		#expect(store.storedValue(forKey: "kept") == true)
	}

	@Test func removedKeysAndAnInPlaceEditAreNoticed() async throws {
		let store = try savedStore(["a": 1, "b": 2])
		var changes = store.outsideChanges().makeAsyncIterator()
		try Data(#"{"a": 1}"#.utf8).write(to: store.url) // an in-place write, not a rename
		let changed = await changes.next()
		#expect(changed == ["b"])
		#expect(store.storedValue(forKey: "b") == nil)
	}

	@Test func aProcessDoesNotReactToItsOwnWrites() async throws {
		let store = try savedStore(["a": 1])
		let reports = Locked<[Set<String>]>([])
		store.addOutsideChangeHandler { keys in reports.withLock { $0.append(keys) } }
		for value in 2...20 {
			store.setStoredValue(.integer(Int64(value)), forKey: "a")
			try store.flush()
		}
		// Then an outside change, so we know the watcher has caught up with every earlier event.
		try replaceFile(at: store.url, with: #"{"a": 20, "marker": true}"#)
		#expect(await eventually { !reports.value.isEmpty })
		#expect(reports.value == [["marker"]])
	}

	@Test func throughASymbolicLinkOwnWritesAreRecognisedAndOutsideChangesSeen() async throws {
		let real = Isolated.fileURL("real.json")
		let link = Isolated.fileURL("settings.json")
		for url in [real, link] {
			try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		}
		try Data(#"{"a": 1}"#.utf8).write(to: real)
		try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
		let store = FileStore(url: link)
		let reports = Locked<[Set<String>]>([])
		store.addOutsideChangeHandler { keys in reports.withLock { $0.append(keys) } }
		for value in 2...10 {
			store.setStoredValue(.integer(Int64(value)), forKey: "a")
			try store.flush()
		}
		try replaceFile(at: real, with: #"{"a": 10, "marker": true}"#)
		#expect(await eventually { !reports.value.isEmpty })
		#expect(reports.value == [["marker"]], "only the outside change is reported")
	}

		@Test func anOutsideChangeDoesNotClobberAnUnsavedLocalChange() async throws {
		let store = FileStore(url: Isolated.fileURL(), fileSystem: SystemFileSystem(), saveDelay: .seconds(60))
		store.setStoredValue("saved", forKey: "local")
		try store.flush()
		var changes = store.outsideChanges().makeAsyncIterator()
		store.setStoredValue("unsaved", forKey: "local")
		try replaceFile(at: store.url, with: #"{"local": "outside", "other": 1}"#)
		#expect(await changes.next() == ["other"])
		#expect(store.storedValue(forKey: "local") == "unsaved")
		try store.flush()
		#expect(FileStore(url: store.url).storedValues() == ["local": "unsaved", "other": 1])
	}

	@Test func aFileAnotherProcessCreatesInANewDirectoryIsNoticed() async throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url) // neither the file nor its directory exists yet
		var changes = store.outsideChanges().makeAsyncIterator()
		#expect(try StoreHelper.run(["set", url.path, "second", "2"]) == 0)
		#expect(await changes.next() == ["second"])
		#expect(store.storedValue(forKey: "second") == 2)
	}
}
