@testable import Defaults
import Foundation
import Synchronization
import Testing

/// Reads of a value that did not change take no lock, for values with references too (each
/// thread's read cache), in every kind of store; and the thread caches never serve a stale value.
@Suite("Reads without a lock")
struct ThreadReadCacheTests {
	private struct Profile: Codable, Equatable, Defaults.Serializable {
		var name: String
		var tags: [String]
	}

	/// One store of each kind that keeps a cache for its keys.
	private static func stores() -> [(String, any DefaultsStore)] {
		[
			("in-memory", InMemoryStore()),
			("file", FileStore(url: Isolated.fileURL())),
			("backed", BackedStore(backend: RemoteLikeBackend())),
			("layered", LayeredStore(user: InMemoryStore(), system: [InMemoryStore(["fixed": 1])])),
		]
	}

	@Test func readsOfAnUnchangedValueTakeNoLockInAnyStore() {
		for (kind, store) in Self.stores() {
			let number = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: store)
			let text = Defaults.Key<String>(uniqueKeyName(), default: "a", suite: store)
			let profile = Defaults.Key<Profile>(uniqueKeyName(), default: Profile(name: "d", tags: []), suite: store)
			Defaults[number] = 2
			Defaults[text] = String(repeating: "long enough to live on the heap ", count: 3)
			Defaults[profile] = Profile(name: "kept", tags: ["x", "y"])
			// The first read after the writes may look under the lock (and fill the thread's cache).
			_ = (Defaults[number], Defaults[text], Defaults[profile])
			let before = (number.lockedReadCount.load(ordering: .relaxed), text.lockedReadCount.load(ordering: .relaxed), profile.lockedReadCount.load(ordering: .relaxed))
			for _ in 0..<100 {
				#expect(Defaults[number] == 2, "\(kind)")
				#expect(Defaults[text].hasPrefix("long enough"), "\(kind)")
				#expect(Defaults[profile].tags == ["x", "y"], "\(kind)")
			}
			#expect(number.lockedReadCount.load(ordering: .relaxed) == before.0, "\(kind): an Int read took the lock")
			#expect(text.lockedReadCount.load(ordering: .relaxed) == before.1, "\(kind): a String read took the lock")
			#expect(profile.lockedReadCount.load(ordering: .relaxed) == before.2, "\(kind): a Codable read took the lock")
		}
	}

	@Test func aThreadThatReadBeforeSeesAnotherThreadsWrite() {
		let store = InMemoryStore()
		let key = Defaults.Key<Profile>(uniqueKeyName(), default: Profile(name: "d", tags: []), suite: store)
		Defaults[key] = Profile(name: "first", tags: [])
		let reader = ReaderThread()
		#expect(reader.read { Defaults[key].name } == "first")
		#expect(reader.read { Defaults[key].name } == "first")
		Defaults[key] = Profile(name: "second", tags: [])
		#expect(reader.read { Defaults[key].name } == "second")
		store.setStoredValue(["name": "outside", "tags": []], forKey: key.name)
		#expect(reader.read { Defaults[key].name } == "outside")
		store.removeStoredValue(forKey: key.name)
		#expect(reader.read { Defaults[key].name } == "d")
		reader.stop()
	}

	@Test func aKeyMadeWhereAFreedOneWasIsNotMistakenForIt() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		for round in 0..<500 {
			// Keys of two types under one name, each freed after its read: a new key often takes
			// the address of a freed one, and must not get the freed key's cached value.
			if round.isMultiple(of: 2) {
				let key = Defaults.Key<[String]>(name, default: [], suite: store)
				Defaults[key] = ["round \(round)"]
				_ = Defaults[key]
				#expect(Defaults[key] == ["round \(round)"])
			} else {
				let key = Defaults.Key<Profile>(name + "-profile", default: Profile(name: "d", tags: []), suite: store)
				#expect(Defaults[key].name == (round == 1 ? "d" : "round \(round - 2)"))
				Defaults[key] = Profile(name: "round \(round)", tags: [])
			}
		}
	}

	@Test func concurrentReadersSeeOnlyValuesThatWereWritten() async {
		let store = InMemoryStore()
		let key = Defaults.Key<Profile>(uniqueKeyName(), default: Profile(name: "0", tags: ["0"]), suite: store)
		await withTaskGroup(of: Bool.self) { group in
			group.addTask {
				for index in 1...2_000 { Defaults[key] = Profile(name: "\(index)", tags: ["\(index)"]) }
				return true
			}
			for _ in 0..<3 {
				group.addTask {
					var last = 0
					for _ in 0..<20_000 {
						let value = Defaults[key]
						// Both fields come from one write, and values never go back in time on a thread.
						guard value.tags == [value.name], let number = Int(value.name), number >= last else { return false }
						last = number
					}
					return true
				}
			}
			for await ok in group { #expect(ok) }
		}
	}

	@Test func aThreadsCacheLetsGoOfItsValuesWhenTheThreadEnds() {
		let store = InMemoryStore()
		let key = Defaults.Key<Profile>(uniqueKeyName(), default: Profile(name: "d", tags: []), suite: store)
		Defaults[key] = Profile(name: "held", tags: [])
		let reader = ReaderThread()
		#expect(reader.read { Defaults[key].name } == "held")
		#expect(reader.read { Defaults[key].name } == "held")
		weak let box = key.cache.pointee.box
		#expect(box != nil)
		// The key lets go of the box when its value changes; the reader's cache still holds it.
		Defaults[key] = Profile(name: "next", tags: [])
		_ = Defaults[key]
		#expect(box != nil)
		reader.stop()
		#expect(box == nil)
	}
}

/// A thread of its own that runs closures on request, and ends (its thread-specific data released) on `stop()`.
private final class ReaderThread: @unchecked Sendable {
	private let requests = Locked<[() -> Void]>([])
	private let available = DispatchSemaphore(value: 0)
	private let done = DispatchSemaphore(value: 0)
	private var thread = pthread_t()
	private var stopping = Locked(false)

	init() {
		let started = pthread_create(&thread, nil, { context in
			guard let context else { return nil }
			Unmanaged<ReaderThread>.fromOpaque(context).takeUnretainedValue().loop()
			return nil
		}, Unmanaged.passUnretained(self).toOpaque())
		precondition(started == 0, "the reader thread could not start")
	}

	private func loop() {
		while true {
			available.wait()
			if stopping.withLock({ $0 }) { return }
			let request = requests.withLock { $0.removeFirst() }
			request()
			done.signal()
		}
	}

	/// Runs `body` on the thread and returns its result.
	func read<Result>(_ body: @escaping () -> Result) -> Result {
		nonisolated(unsafe) var result: Result?
		requests.withLock { $0.append { result = body() } }
		available.signal()
		done.wait()
		return result!
	}

	/// Ends the thread and waits until it has exited (its thread-specific destructors have run).
	func stop() {
		stopping.withLock { $0 = true }
		available.signal()
		pthread_join(thread, nil)
	}
}
