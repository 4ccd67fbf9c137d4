import Defaults
import Foundation
import Synchronization
import Testing

@Suite("Optional keys and dynamic defaults")
struct OptionalAndDynamicDefaultTests {
	@Test(arguments: StoreKind.allCases)
	func anOptionalKeyWithoutADefaultIsNil(store kind: StoreKind) {
		let store = kind.makeStore()
		let key = Defaults.Key<Double?>(uniqueKeyName(), suite: store)
		#expect(Defaults[key] == nil)
		Defaults[key] = 1.5
		#expect(Defaults[key] == 1.5)
		#expect(store.storedValue(forKey: key.name) == 1.5)
	}

	@Test(arguments: StoreKind.allCases)
	func assigningNilRemovesTheStoredValue(store kind: StoreKind) {
		let store = kind.makeStore()
		let key = Defaults.Key<String?>(uniqueKeyName(), suite: store)
		Defaults[key] = "set"
		Defaults[key] = nil
		#expect(Defaults[key] == nil)
		#expect(store.storedValue(forKey: key.name) == nil)
		#expect(store.storedValues()[key.name] == nil)
	}

	@Test func optionalCodableAndCollections() {
		let store = InMemoryStore()
		expectRoundTrip([1, 2] as [Int]?, default: nil, in: store)
		expectRoundTrip(["a": nil, "b": 1] as [String: Int?], default: [:], in: store)
		expectRoundTrip(Date(timeIntervalSince1970: 5) as Date?, default: nil, in: store)
	}

	@Test func aDynamicDefaultIsEvaluatedLazilyAndEachTime() {
		let calls = Atomic<Int>(0)
		let store = InMemoryStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), suite: store) {
			calls.add(1, ordering: .relaxed).newValue * 10
		}
		#expect(calls.load(ordering: .relaxed) == 0, "not evaluated when the key is created")
		#expect(key.hasDynamicDefault)
		#expect(Defaults[key] == 10)
		#expect(Defaults[key] == 20, "a dynamic default can change over the app's lifetime")
		Defaults[key] = 5
		#expect(Defaults[key] == 5)
		#expect(calls.load(ordering: .relaxed) == 2, "not evaluated while a value is stored")
		Defaults.reset(key)
		#expect(Defaults[key] == 30)
	}

	@Test func aDynamicDefaultIsNotRegisteredWithUserDefaults() {
		let suite = Isolated.userDefaults()
		let name = uniqueKeyName()
		let dynamic = Defaults.Key<Int>(name, suite: suite) { 42 }
		#expect(suite.object(forKey: name) == nil)
		#expect(Defaults[dynamic] == 42)
		let fixed = Defaults.Key<Int>(uniqueKeyName(), default: 7, suite: suite)
		#expect(suite.integer(forKey: fixed.name) == 7, "a static default is registered")
	}

	@Test func anOptionalKeyWithADefaultFallsBackToIt() {
		let key = Defaults.Key<Int?>(uniqueKeyName(), default: 3, suite: InMemoryStore())
		Defaults[key] = 4
		Defaults[key] = nil
		#expect(Defaults[key] == 3)
	}
}
