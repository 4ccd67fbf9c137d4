@testable import Defaults
import Foundation
import Testing

@Suite("The original's API: iCloud, keys in sets, removing a suite's values, AnySerializable")
struct KeyAPITests {
	@Test func keysAreEqualByNameAndStoreWhateverTheirTypes() {
		let store = InMemoryStore()
		let other = InMemoryStore()
		let name = uniqueKeyName()
		let quality = Defaults.Key<Double>(name, default: 0.8, suite: store)
		let sameName = Defaults.Key<Int>(name, default: 1, suite: store)
		let elsewhere = Defaults.Key<Double>(name, default: 0.8, suite: other)
		let different = Defaults.Key<Double>(uniqueKeyName(), default: 0.8, suite: store)
		#expect(quality == sameName as Defaults.Keys)
		#expect(quality != elsewhere)
		#expect(quality != different)
		let keys: Set<Defaults.Keys> = [quality, sameName, elsewhere, different]
		#expect(keys.count == 3)
		#expect(keys.contains(Defaults.Key<String>(name, default: "", suite: store)))
		let byKey: [Defaults.Keys: String] = [quality: "first"]
		#expect(byKey[Defaults.Key<Bool>(name, default: false, suite: store)] == "first")
	}

	@Test func iCloudKeysWorkHereAndSayOnceThatTheyAreNotSynced() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		let problems = collectProblems {
			let key = Defaults.Key<Int>(name, default: 1, suite: store, iCloud: true)
			let again = Defaults.Key<Int>(name, default: 1, suite: store, iCloud: true)
			Defaults[key] = 2
			#expect(Defaults[again] == 2)
			#expect(key.isSynced)
		}
		#expect(problems.map(\.kind) == [.notSynced])
		#expect(problems.first?.key == name)
		#expect(problems.first?.message.contains("kept on this machine only") == true)
		#expect(SyncMarks.names(in: store) == [name])

		let quiet = collectProblems {
			let plain = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: store)
			#expect(!plain.isSynced)
		}
		#expect(quiet.isEmpty, "a key not marked says nothing")
	}

	@Test func everyInitializerTakesICloud() {
		let store = InMemoryStore()
		_ = collectProblems {
			let dynamic = Defaults.Key<Int>(uniqueKeyName(), suite: store, iCloud: true) { 3 }
			let optional = Defaults.Key<String?>(uniqueKeyName(), suite: store, iCloud: true)
			#expect(Defaults[dynamic] == 3 && dynamic.isSynced)
			#expect(Defaults[optional] == nil && optional.isSynced)
		}
	}

	@Test func removeAllEmptiesASuiteAndTellsObservers() throws {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: suite)
		let other = Defaults.Key<String>(uniqueKeyName(), default: "d", suite: suite)
		Defaults[key] = 5
		Defaults[other] = "x"
		let seen = Locked<[Int]>([])
		let observation = Defaults.observe(key, options: []) { change in seen.withLock { $0.append(change.newValue) } }
		suite.removeAll()
		#expect(Defaults[key] == 0 && Defaults[other] == "d")
		#expect(try persistedKeys(of: suite).isDisjoint(with: [key.name, other.name]), "nothing is left in the suite's own domain")
		#expect(seen.value == [0])
		observation.invalidate()
	}

	@Test func anySerializableSetsAValueAsTheTypeGiven() {
		var any: Defaults.AnySerializable = 1
		any.set(URL(fileURLWithPath: "/tmp"), type: URL.self)
		#expect(any.get(URL.self) == URL(fileURLWithPath: "/tmp"))
		any.set(Date(timeIntervalSince1970: 0), type: Date.self)
		#expect(any.get(Date.self) == Date(timeIntervalSince1970: 0))
	}
}
