@testable import Defaults
import Foundation
import Synchronization
import Testing

/// Reads are served from a cache of the decoded value; these tests make sure it never goes stale.
@Suite("Cached reads")
struct CachingTests {
	private struct Profile: Codable, Equatable, Defaults.Serializable {
		var name: String
	}

	@Test func aChangeMadeDirectlyInTheStoreIsSeen() {
		let store = InMemoryStore()
		let key = Defaults.Key<Profile>(uniqueKeyName(), default: Profile(name: "default"), suite: store)
		Defaults[key] = Profile(name: "first")
		#expect(Defaults[key].name == "first")
		store.setStoredValue(["name": "outside"], forKey: key.name)
		#expect(Defaults[key].name == "outside")
		store.removeStoredValue(forKey: key.name)
		#expect(Defaults[key].name == "default")
	}

	@Test func twoKeysWithTheSameNameSeeEachOthersWrites() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		let first = Defaults.Key<Int>(name, default: 0, suite: store)
		let second = Defaults.Key<Int>(name, default: 0, suite: store)
		#expect(Defaults[first] == 0)
		#expect(Defaults[second] == 0)
		Defaults[first] = 1
		#expect(Defaults[second] == 1)
		Defaults[second] = 2
		#expect(Defaults[first] == 2)
		first.reset()
		#expect(Defaults[second] == 0)
	}

	@Test func writesToOtherKeysDoNotChangeTheValue() {
		let store = InMemoryStore()
		let key = Defaults.Key<Profile>(uniqueKeyName(), default: Profile(name: "d"), suite: store)
		let other = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		Defaults[key] = Profile(name: "kept")
		for index in 0..<100 {
			Defaults[other] = index
			#expect(Defaults[key].name == "kept")
		}
	}

	@Test func readingThroughAnotherStoreUsesThatStore() {
		let home = InMemoryStore()
		let elsewhere = InMemoryStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: home)
		Defaults[key] = 1
		elsewhere[key] = 2
		#expect(Defaults[key] == 1)
		#expect(elsewhere[key] == 2)
		#expect(home[key] == 1)
	}

	@Test func removeAllIsSeenByCachedKeys() {
		let store = InMemoryStore()
		let key = Defaults.Key<String>(uniqueKeyName(), default: "d", suite: store)
		Defaults[key] = "x"
		#expect(Defaults[key] == "x")
		Defaults.removeAll(suite: store)
		#expect(Defaults[key] == "d")
	}

	/// A store keeps the values it opened with apart from later changes; every mix of the two must read right.
	@Test func valuesTheStoreOpenedWithAndLaterChangesReadTogether() {
		let store = InMemoryStore(["kept": 1, "changed": 2, "removed": 3, "restored": 4])
		let changed = Defaults.Key<Int>("changed", default: 0, suite: store)
		let removed = Defaults.Key<Int>("removed", default: 0, suite: store)
		let restored = Defaults.Key<Int>("restored", default: 0, suite: store)
		#expect(Defaults[changed] == 2 && Defaults[removed] == 3 && Defaults[restored] == 4)

		Defaults[changed] = 20
		removed.reset()
		restored.reset()
		Defaults[restored] = 4
		store.setStoredValue(5, forKey: "added")
		#expect(Defaults[changed] == 20 && Defaults[removed] == 0 && Defaults[restored] == 4)
		#expect(store.storedValues() == ["kept": 1, "changed": 20, "restored": 4, "added": 5])

		// Writing a value equal to the current one is not a change.
		let notified = Atomic<Int>(0)
		let observation = Defaults.observe(keysNamed: ["kept"], in: store) { _ in notified.add(1, ordering: .relaxed) }
		store.setStoredValue(1, forKey: "kept")
		store.setStoredValue(1.0, forKey: "kept")
		#expect(notified.load(ordering: .relaxed) == 0)
		store.setStoredValue(2, forKey: "kept")
		#expect(notified.load(ordering: .relaxed) == 1)
		observation.invalidate()

		Defaults.removeAll(suite: store)
		#expect(store.storedValues().isEmpty)
		#expect(store.storedValue(forKey: "kept") == nil)
		#expect(Defaults[changed] == 0 && Defaults[restored] == 0)
		Defaults[removed] = 30
		#expect(store.storedValues() == ["removed": 30])
	}

	/// Two words of plain data: read without the lock (see Key+PlainValueCache.swift).
	private struct Pair: Codable, Equatable, Defaults.Serializable {
		var first: Int
		var second: Int
	}

	/// The lock-free cache of plain values goes stale exactly as the locked one must not.
	@Test func plainValuesReadWithoutTheLockSeeEveryKindOfChange() {
		let store = InMemoryStore()
		let key = Defaults.Key<Pair>(uniqueKeyName(), default: Pair(first: 0, second: 0), suite: store)
		let optional = Defaults.Key<Double?>(uniqueKeyName(), suite: store)
		let twin = Defaults.Key<Pair>(key.name, default: Pair(first: 0, second: 0), suite: store)
		Defaults[key] = Pair(first: 1, second: 1)
		#expect(Defaults[key] == Pair(first: 1, second: 1))
		store.setStoredValue(["first": 2, "second": 3], forKey: key.name)
		#expect(Defaults[key] == Pair(first: 2, second: 3), "a change made in the store")
		Defaults[twin] = Pair(first: 4, second: 4)
		#expect(Defaults[key] == Pair(first: 4, second: 4), "a change through another key of the same name")
		Defaults[optional] = 0.5
		#expect(Defaults[optional] == 0.5)
		Defaults[optional] = nil
		#expect(Defaults[optional] == nil, "nil is a value like any other")
		Defaults.removeAll(suite: store)
		#expect(Defaults[key] == Pair(first: 0, second: 0), "removeAll")
		store.setStoredValue(["first": 5, "second": 5], forKey: key.name)
		#expect(Defaults[key] == Pair(first: 5, second: 5))
	}

	/// A reader racing a writer sees one whole value or another, never half of each. The readers
	/// are threads of their own, so they cannot starve the writer of the task pool's few threads.
	@Test func aReadRacingWritesNeverSeesHalfOfOneValueAndHalfOfAnother() {
		let store = InMemoryStore()
		let key = Defaults.Key<Pair>(uniqueKeyName(), default: Pair(first: 0, second: 0), suite: store)
		let writes = 20_000
		let torn = Atomic<Int>(0)
		let finished = DispatchSemaphore(value: 0)
		for _ in 0..<2 {
			Thread.detachNewThread {
				var last = 0
				while last < writes {
					let pair = Defaults[key]
					if pair.first != -pair.second { torn.add(1, ordering: .relaxed) }
					last = pair.first
				}
				finished.signal()
			}
		}
		for index in 1...writes { Defaults[key] = Pair(first: index, second: -index) }
		finished.wait()
		finished.wait()
		#expect(torn.load(ordering: .relaxed) == 0)
	}

	/// A read without the lock never returns a value older than the generation it asked for:
	/// a writer publishes value `g` at generation `g`, four million times, while two readers ask
	/// for whatever generation is current and check the value they get belongs to it. (Words
	/// stored after the sequence number is made even again would pass the whole-value test above,
	/// and fail this one.)
	@Test func aReadWithoutTheLockIsNeverOlderThanItsGeneration() {
		let key = Defaults.Key<Pair>(uniqueKeyName(), default: Pair(first: 0, second: 0), suite: InMemoryStore())
		let publishes = 4_000_000
		let stale = Atomic<Int>(0)
		let hits = Atomic<Int>(0)
		let done = Atomic<Bool>(false)
		let finished = DispatchSemaphore(value: 0)
		for _ in 0..<2 {
			Thread.detachNewThread {
				while !done.load(ordering: .acquiring) {
					let generation = key.plainGeneration.load(ordering: .acquiring)
					guard let pair = key.plainCachedValue(atGeneration: generation) else { continue }
					hits.add(1, ordering: .relaxed)
					if UInt64(pair.first) != generation || pair.second != -pair.first { stale.add(1, ordering: .relaxed) }
				}
				finished.signal()
			}
		}
		for generation in 1...publishes {
			key.publishPlainValue(Pair(first: generation, second: -generation), generation: UInt64(generation))
		}
		done.store(true, ordering: .releasing)
		finished.wait()
		finished.wait()
		#expect(stale.load(ordering: .relaxed) == 0, "values returned for a generation they were not published at")
		#expect(hits.load(ordering: .relaxed) > 0, "the readers read something")
	}

	/// While a write is under way (the sequence number is odd) the published words are not used:
	/// the read takes the lock and gets the value from the locked cache.
	@Test func aReadDuringAPublishUsesTheLockedCache() {
		let store = InMemoryStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		Defaults[key] = 7
		let generation = store.core.generation.load(ordering: .acquiring)
		#expect(key.plainCachedValue(atGeneration: generation) == 7)
		let sequence = key.plainSequence.load(ordering: .relaxed)
		key.plainSequence.store(sequence + 1, ordering: .relaxed)
		key.plainWord0.store(99, ordering: .relaxed)
		#expect(key.plainCachedValue(atGeneration: generation) == nil, "half-written words are not used")
		#expect(Defaults[key] == 7)
		key.plainSequence.store(sequence + 2, ordering: .releasing)
		#expect(key.plainCachedValue(atGeneration: generation) == 99)
	}
}
