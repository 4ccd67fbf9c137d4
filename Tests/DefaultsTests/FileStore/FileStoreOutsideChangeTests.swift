@testable import Defaults
import ChildProcess
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
		var changes = store.observedChanges().makeAsyncIterator()
		try replaceFile(at: store.url, with: #"{"a": 1, "b": 20, "c": 3}"#)
		let changed = await changes.next()
		#expect(changed == ["b"])
		#expect(Defaults[key] == 20, "a cached key sees the new value")
	}

	@Test func anotherProcessSettingAKeyIsNoticed() async throws {
		let store = try savedStore(["kept": true])
		var changes = store.observedChanges().makeAsyncIterator()
		#expect(try StoreHelper.run(["set", store.url.path, "fromAnotherProcess", #"[1, 2]"#]) == 0)
		let changed = await changes.next()
		#expect(changed == ["fromAnotherProcess"])
		#expect(store.storedValue(forKey: "fromAnotherProcess") == [1, 2])
		#expect(store.storedValue(forKey: "kept") == true)
	}

	/// Rewrites the file in place, as `echo … >` or a non-atomic write does: truncated first (`O_TRUNC`), then written.
	private func rewriteInPlace(_ url: URL, with text: String) throws {
		let descriptor = open(url.path, O_WRONLY | O_TRUNC)
		try #require(descriptor >= 0)
		defer { close(descriptor) }
		let bytes = Array(text.utf8)
		try #require(bytes.isEmpty || write(descriptor, bytes, bytes.count) == bytes.count)
	}

	/// A store that reloads only when the test says so, with a record of the changes its
	/// observers are told of after its own.
	private func storeReloadedByHand(_ values: [String: Defaults.JSONValue]) throws -> (FileStore, ObservedChanges) {
		let store = FileStore(url: Isolated.fileURL(), fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		for (key, value) in values { store.setStoredValue(value, forKey: key) }
		try store.flush()
		return (store, ObservedChanges(of: store))
	}

	@Test func aFileRewrittenInPlaceIsNotTakenAsEverythingRemoved() throws {
		let (store, reports) = try storeReloadedByHand(["a": 1, "b": 2])
		let observed = Locked<[Int]>([])
		let observation = Defaults.observe(Defaults.Key<Int>("a", default: 0, suite: store), options: []) { change in
			observed.withLock { $0.append(change.newValue) }
		}
		defer { observation.invalidate() }

		try rewriteInPlace(store.url, with: "") // truncated: a reload here sees an empty file
		store.reloadAfterOutsideChange()
		#expect(reports.value.isEmpty, "an emptied file is not taken as everything removed at first sight")
		#expect(store.storedValues() == ["a": 1, "b": 2])

		try rewriteInPlace(store.url, with: #"{"a": 1}"#) // then written
		store.reloadAfterOutsideChange()
		#expect(reports.value == [["b"]], "only the key that changed")
		#expect(store.storedValues() == ["a": 1])
		#expect(observed.value.isEmpty, "no observer of an unchanged key runs")
	}

	@Test func aFileThatStaysEmptyRemovesEverythingAtTheSecondLook() throws {
		let (store, reports) = try storeReloadedByHand(["a": 1, "b": 2])
		try rewriteInPlace(store.url, with: "")
		store.reloadAfterOutsideChange()
		#expect(reports.value.isEmpty)
		store.reloadAfterOutsideChange()
		#expect(reports.value == [["a", "b"]])
		#expect(store.storedValues().isEmpty)
	}

	@Test func aSaveThatFindsTheFileJustEmptiedKeepsTheOtherKeys() throws {
		let (store, _) = try storeReloadedByHand(["a": 1, "b": 2])
		try rewriteInPlace(store.url, with: "")
		store.setStoredValue(3, forKey: "c")
		try store.flush()
		#expect(FileStore(url: store.url).storedValues() == ["a": 1, "b": 2, "c": 3])
	}

	@Test func aWatchingStoreTakesAnEmptiedFileAsEmptyOnceItStaysEmpty() async throws {
		let store = try savedStore(["a": 1, "b": 2])
		try rewriteInPlace(store.url, with: "")
		#expect(await eventually(within: .seconds(10)) { store.storedValues().isEmpty })
	}

	/// Overwrites the file's first bytes, then cuts it to their length: an edit in place that
	/// never leaves the file empty, however long the writer is kept waiting between the two steps
	/// (an emptied file seen twice 100 ms apart is taken as empty; other tests cover that).
	private func overwriteInPlace(_ url: URL, with text: String) throws {
		let descriptor = open(url.path, O_WRONLY)
		try #require(descriptor >= 0)
		defer { close(descriptor) }
		let bytes = Array(text.utf8)
		try #require(pwrite(descriptor, bytes, bytes.count, 0) == bytes.count)
		try #require(ftruncate(descriptor, off_t(bytes.count)) == 0)
	}

	@Test func anInPlaceEditRemovingAKeyIsNoticed() async throws {
		let store = try savedStore(["a": 1, "b": 2])
		var changes = store.observedChanges().makeAsyncIterator()
		// Between the two steps the file is not valid JSON: a reload then keeps the values (and
		// reports the file, a warning the test output may show).
		try overwriteInPlace(store.url, with: #"{"a": 1}"#)
		let changed = await changes.next()
		#expect(changed == ["b"])
		#expect(store.storedValue(forKey: "b") == nil)
	}

	@Test(arguments: ["settings.json", "nested/deeper/settings.json"])
	func changesAreSeenAfterTheDirectoryIsRemovedAndCreatedAgain(name: String) async throws {
		let url = Isolated.fileURL(name)
		let store = FileStore(url: url)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		let storeDirectory = isolatedConfigDirectory.appendingPathComponent(
			String(url.path.dropFirst(isolatedConfigDirectory.path.count).split(separator: "/")[0])
		)
		try FileManager.default.removeItem(at: storeDirectory)
		#expect(await eventually(within: .seconds(10)) { store.storedValue(forKey: "a") == nil }, "the removal is noticed")

		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try replaceFile(at: url, with: #"{"a": 2, "b": 3}"#)
		#expect(await eventually(within: .seconds(5)) { store.storedValues() == ["a": 2, "b": 3] }, "changes are seen again")

		// And again, after a second removal.
		try FileManager.default.removeItem(at: storeDirectory)
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try replaceFile(at: url, with: #"{"c": 4}"#)
		#expect(await eventually(within: .seconds(5)) { store.storedValues() == ["c": 4] })
	}

	@Test func aProcessDoesNotReactToItsOwnWrites() async throws {
		let store = try savedStore(["a": 1])
		for value in 2...20 {
			store.setStoredValue(.integer(Int64(value)), forKey: "a")
			try store.flush()
		}
		// From here on, observers hear only what the store takes for outside changes: its own
		// writes' events are still on their way.
		let reports = ObservedChanges(of: store)
		// Then an outside change, so we know the watcher has caught up with every earlier event.
		try replaceFile(at: store.url, with: #"{"a": 20, "marker": true}"#)
		#expect(await eventually(within: .seconds(10)) { !reports.value.isEmpty })
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
		for value in 2...10 {
			store.setStoredValue(.integer(Int64(value)), forKey: "a")
			try store.flush()
		}
		let reports = ObservedChanges(of: store)
		try replaceFile(at: real, with: #"{"a": 10, "marker": true}"#)
		#expect(await eventually(within: .seconds(10)) { !reports.value.isEmpty })
		#expect(reports.value == [["marker"]], "only the outside change is reported")
	}

		@Test func anOutsideChangeDoesNotClobberAnUnsavedLocalChange() async throws {
		let store = FileStore(url: Isolated.fileURL(), fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)))
		store.setStoredValue("saved", forKey: "local")
		try store.flush()
		store.setStoredValue("unsaved", forKey: "local")
		var changes = store.observedChanges().makeAsyncIterator()
		try replaceFile(at: store.url, with: #"{"local": "outside", "other": 1}"#)
		#expect(await changes.next() == ["other"])
		#expect(store.storedValue(forKey: "local") == "unsaved")
		try store.flush()
		#expect(FileStore(url: store.url).storedValues() == ["local": "unsaved", "other": 1])
	}

	@Test func aFileAnotherProcessCreatesInANewDirectoryIsNoticed() async throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url) // neither the file nor its directory exists yet
		var changes = store.observedChanges().makeAsyncIterator()
		#expect(try StoreHelper.run(["set", url.path, "second", "2"]) == 0)
		#expect(await changes.next() == ["second"])
		#expect(store.storedValue(forKey: "second") == 2)
	}
}

/// When the kernel's inotify queue overflows, events are lost: every watched store looks at
/// its file again rather than miss a change for good.
@Suite("File store: a lost inotify event")
struct DirectoryWatcherOverflowTests {
	@Test func anOverflowMakesEveryWatchLookAgain() throws {
		let watcher = try #require(DirectoryWatcher.shared)
		let directory = Isolated.fileURL().deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let calls = Locked(0)
		let token = try #require(watcher.watch(directory: directory.path, fileName: "settings.json") { calls.withLock { $0 += 1 } })
		defer { watcher.cancel(token) }
		let handlers = watcher.handle(descriptor: -1, mask: UInt32(IN_Q_OVERFLOW), name: "")
		for handler in handlers { handler() }
		#expect(calls.value == 1, "the overflow reached this watch")
	}
}

extension DirectoryWatcherOverflowTests {
	/// A watch on a missing directory waits on an ancestor for its creation: when the event of
	/// that creation is lost in an overflow, the watch still moves to the directory and looks.
	@Test func anOverflowFindsADirectoryCreatedUnseen() throws {
		// A watcher whose events nobody reads: the directory's creation is an event lost.
		let watcher = try #require(DirectoryWatcher(readingEvents: false))
		let parent = Isolated.fileURL().deletingLastPathComponent()
		let directory = parent.appendingPathComponent("later", isDirectory: true)
		try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
		let calls = Locked(0)
		let token = try #require(watcher.watch(directory: directory.path, fileName: "settings.json") { calls.withLock { $0 += 1 } })
		defer { watcher.cancel(token) }
		#expect(mkdir(directory.path, 0o700) == 0)
		let handlers = watcher.handle(descriptor: -1, mask: UInt32(IN_Q_OVERFLOW), name: "")
		for handler in handlers { handler() }
		#expect(calls.value == 1, "the watch found its directory and looked at its file")
	}
}

/// An editor that saves by renaming a new file over the settings (and takes no lock) may do so
/// in the middle of a store's save: the save reads and merges again instead of writing over it.
@Suite("File store: an edit renamed in during a save")
struct FileStoreEditDuringSaveTests {
	@Test func anEditRenamedInAfterTheSaveReadIsMergedNotLost() throws {
		let url = Isolated.fileURL()
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: url, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		let edited = url.deletingLastPathComponent().appendingPathComponent("edited.json").path
		let renamedIn = Locked(false)
		fileSystem.afterCloseWritten.withLock {
			$0 = { _ in
				guard !renamedIn.value else { return }
				renamedIn.withLock { $0 = true }
				_ = FileManager.default.createFile(atPath: edited, contents: Data(#"{"a": 1, "theirs": "hand edit"}"#.utf8))
				rename(edited, url.path)
			}
		}
		store.setStoredValue(2, forKey: "mine")
		try store.flush()
		fileSystem.afterCloseWritten.withLock { $0 = nil }
		#expect(renamedIn.value)
		#expect(FileStore(url: url).storedValues() == ["a": 1, "mine": 2, "theirs": "hand edit"], "both edits are in the file")
		#expect(store.storedValue(forKey: "theirs") == "hand edit", "and the store sees theirs")
	}
}
