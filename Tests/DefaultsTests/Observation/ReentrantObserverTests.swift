@testable import Defaults
import ChildProcess
import Foundation
import Testing

/// Observers that call back into the store (read, write, flush, lastSaveError) for every
/// kind of change: none may deadlock, because no callback runs while a store lock is held.
@Suite("Observers that call the store again", .timeLimit(.minutes(1)))
struct ReentrantObserverTests {
	/// An observer of `key` that, on each change, reads and writes another key of the store and,
	/// for a file store, flushes it and reads its last save error; it counts what it finished.
	private final class Reentrant: Sendable {
		let finished = Locked(0)
		let observation: Defaults.Observation

		init(_ key: Defaults.Key<Int>, store: any DefaultsStore) {
			let other = Defaults.Key<Int>(uniqueKeyName("other"), default: 0, suite: store)
			let finished = finished
			let fileStore = store as? FileStore
			observation = Defaults.observe(key, options: []) { _ in
				Defaults[other] += 1
				_ = Defaults[other]
				try? fileStore?.flush()
				_ = fileStore?.lastSaveError
				finished.withLock { $0 += 1 }
			}
		}
	}

	@Test(arguments: StoreKind.allCases)
	func ownWritesResetAndRemoveAll(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let observer = Reentrant(key, store: store)
		Defaults[key] = 1
		Defaults.reset(key)
		Defaults[key] = 2
		Defaults.removeAll(suite: store)
		#expect(observer.finished.value == 4)
		try (store as? FileStore)?.flush()
		_ = observer.observation
	}

	@Test func anOutsideChangeToTheFile() async throws {
		let store = Isolated.fileStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let observer = Reentrant(key, store: store)
		let writer = FileStore(url: store.url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		writer.setStoredValue(5, forKey: key.name)
		try writer.flush()
		#expect(await eventually(within: .seconds(10)) { observer.finished.value == 1 }, "the observer of an outside change ran to its end")
		try store.flush()
		_ = observer.observation
	}

	@Test func anOutsideChangeMergedDuringASave() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let observer = Reentrant(key, store: store)
		let writer = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		writer.setStoredValue(9, forKey: key.name)
		try writer.flush()
		store.setStoredValue(1, forKey: "mine")
		try store.flush()
		#expect(Defaults[key] == 9, "the save merged the other process's value")
		#expect(observer.finished.value == 1, "and its observer, which flushes, ran after the lock was released")
		_ = observer.observation
	}

	@Test func theProblemHandlerMayCallTheStore() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("not json".utf8).write(to: url)
		let store = Locked<FileStore?>(nil)
		let calls = Locked(0)
		Defaults.withProblemHandler({ _ in
			// Reported while the store saves under its lock: runs after the lock is released.
			try? store.value?.flush()
			_ = store.value?.lastSaveError
			calls.withLock { $0 += 1 }
		}) {
			let opened = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
			store.withLock { $0 = opened }
			try? Data("still not json".utf8).write(to: url)
			opened.setStoredValue(1, forKey: "a")
			try? opened.flush()
		}
		#expect(calls.value == 2, "moved aside at open, and again at the save")
	}
}

@Suite("Observers of a store over a backend that call it again", .timeLimit(.minutes(1)))
struct ReentrantBackedStoreObserverTests {
	@Test func anOutsideChangeReportedByTheBackend() {
		let store = BackedStore(backend: RemoteLikeBackend())
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let other = Defaults.Key<Int>(uniqueKeyName("other"), default: 0, suite: store)
		let finished = Locked(0)
		let observation = Defaults.observe(key, options: []) { _ in
			Defaults[other] += 1
			finished.withLock { $0 += 1 }
		}
		store.backend.changeElsewhere([key.name: 3])
		Defaults.reset(key)
		Defaults.removeAll(suite: store)
		#expect(finished.value == 2, "the outside change and the reset (removeAll found nothing new for it)")
		#expect(store.backend.keptValues[other.name] == nil, "removeAll removed the other key too")
		observation.invalidate()
	}
}
