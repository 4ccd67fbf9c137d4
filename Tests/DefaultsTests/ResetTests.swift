import Defaults
import Foundation
import Testing

@Suite("Reset, removeAll and isDefaultValue")
struct ResetTests {
	@Test(arguments: StoreKind.allCases)
	func resetRemovesTheUserValue(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let flag = Defaults.Key<Bool>(uniqueKeyName(), default: false, suite: store)
		let name = Defaults.Key<String?>(uniqueKeyName(), suite: store)
		Defaults[flag] = true
		Defaults[name] = "x"
		Defaults.reset(flag, name)
		#expect(Defaults[flag] == false)
		#expect(Defaults[name] == nil)
		#expect(try persistedKeys(of: store).isDisjoint(with: [flag.name, name.name]), "nothing is stored afterwards")
	}

	@Test(arguments: StoreKind.allCases)
	func resetByName(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let first = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: store)
		let second = Defaults.Key<[String]>(uniqueKeyName(), default: [], suite: store)
		let untouched = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: store)
		Defaults[first] = 2
		Defaults[second] = ["a"]
		Defaults[untouched] = 5
		Defaults.reset(first.name, second.name, suite: store)
		#expect(Defaults[first] == 1)
		#expect(Defaults[second] == [])
		#expect(Defaults[untouched] == 5)
		#expect(try persistedKeys(of: store).intersection([first.name, second.name, untouched.name]) == [untouched.name])
	}

	@Test func resetACollectionOfKeysOfDifferentTypes() {
		let store = InMemoryStore()
		let keys: [Defaults.Keys] = [
			Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store),
			Defaults.Key<String>(uniqueKeyName(), default: "", suite: store),
		]
		for key in keys { store.setStoredValue(9, forKey: key.name) }
		Defaults.reset(keys)
		#expect(store.storedValues().isEmpty)
	}

	@Test(arguments: StoreKind.allCases)
	func removeAllClearsTheStore(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let first = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: store)
		let second = Defaults.Key<String>(uniqueKeyName(), default: "a", suite: store)
		Defaults[first] = 2
		Defaults[second] = "b"
		Defaults.removeAll(suite: store)
		#expect(Defaults[first] == 1)
		#expect(Defaults[second] == "a")
		#expect(try persistedKeys(of: store).isEmpty, "nothing is stored afterwards")
	}

	@Test func removeAllLeavesOtherStoresAlone() {
		let cleared = InMemoryStore()
		let kept = InMemoryStore(["x": 1])
		cleared.setStoredValue(1, forKey: "x")
		Defaults.removeAll(suite: cleared)
		#expect(cleared.storedValues().isEmpty)
		#expect(kept.storedValues() == ["x": 1])
	}

	@Test(arguments: StoreKind.allCases)
	func isDefaultValueFollowsTheValue(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 5, suite: store)
		#expect(key.isDefaultValue)
		Defaults[key] = 6
		#expect(!key.isDefaultValue)
		Defaults[key] = 5
		#expect(key.isDefaultValue, "a stored value equal to the default counts as default")
		Defaults[key] = 6
		key.reset()
		#expect(key.isDefaultValue)
		#expect(try !persistedKeys(of: store).contains(key.name))
	}

	@Test func isDefaultValueComparesSetsByValueNotOrder() {
		let store = InMemoryStore()
		let key = Defaults.Key<Set<String>>(uniqueKeyName(), default: ["a", "b", "c"], suite: store)
		store.setStoredValue(["c", "a", "b"], forKey: key.name)
		#expect(key.isDefaultValue)
	}

	@Test func isDefaultValueForTypesThatAreNotEquatable() {
		struct Opaque: Codable, Defaults.Serializable { var value: Int }
		let key = Defaults.Key<Opaque>(uniqueKeyName(), default: Opaque(value: 1), suite: InMemoryStore())
		#expect(key.isDefaultValue)
		Defaults[key] = Opaque(value: 2)
		#expect(!key.isDefaultValue)
		Defaults[key] = Opaque(value: 1)
		#expect(key.isDefaultValue)
	}
}
