import Defaults
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
}
