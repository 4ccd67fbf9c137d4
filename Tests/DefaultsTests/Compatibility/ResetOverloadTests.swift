import Defaults
import Foundation
import Testing

private let firstStore = InMemoryStore()
private let secondStore = InMemoryStore()

extension Defaults.Keys {
	fileprivate static let resetCount = Key<Int>("resetCount", default: 1, suite: firstStore)
	fileprivate static let resetName = Key<String?>("resetName", suite: firstStore)
	fileprivate static let resetElsewhere = Key<[Double]>("resetElsewhere", default: [], suite: secondStore)
}

/// The original's `reset` overloads: keys of different types as a list, with or without `suite:`.
@Suite("The original's reset overloads", .serialized)
struct ResetOverloadTests {
	init() {
		Defaults.removeAll(suite: firstStore)
		Defaults.removeAll(suite: secondStore)
	}

	@Test func keysOfDifferentTypesResetEachInItsOwnStore() {
		Defaults[.resetCount] = 5
		Defaults[.resetName] = "Ada"
		Defaults[.resetElsewhere] = [1.5]
		Defaults.reset(.resetCount, .resetName, .resetElsewhere)
		#expect(Defaults[.resetCount] == 1)
		#expect(Defaults[.resetName] == nil)
		#expect(Defaults[.resetElsewhere] == [])
		#expect(firstStore.storedValues().isEmpty && secondStore.storedValues().isEmpty)
	}

	@Test func theKeysOwnStoreAsSuiteResetsThemAsWithout() {
		Defaults[.resetCount] = 5
		Defaults[.resetName] = "Ada"
		Defaults.reset(.resetCount, .resetName, suite: firstStore)
		#expect(Defaults[.resetCount] == 1)
		#expect(Defaults[.resetName] == nil)
	}

	@Test func anotherStoreAsSuiteResetsTheKeysNamesThere() {
		Defaults[.resetCount] = 5
		secondStore[.resetCount] = 7
		Defaults.reset(.resetCount, suite: secondStore)
		#expect(secondStore[.resetCount] == 1, "reset in the store given")
		#expect(Defaults[.resetCount] == 5, "the key's own store is left alone")
	}

	@Test func aUserDefaultsSuiteIsAcceptedAsSuite() {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 3, suite: suite)
		Defaults[key] = 4
		Defaults.reset(key, suite: suite)
		#expect(Defaults[key] == 3)
		#expect(key.isDefaultValue)
	}

	@Test func typeErasedKeysStillResetThroughTheListOfKeys() {
		Defaults[.resetCount] = 5
		Defaults[.resetElsewhere] = [2]
		let keys: [Defaults._AnyKey] = [Defaults.Keys.resetCount, Defaults.Keys.resetElsewhere]
		Defaults.reset(keys)
		Defaults[.resetName] = "x"
		let erased: Defaults._AnyKey = Defaults.Keys.resetName
		Defaults.reset(erased)
		#expect(Defaults[.resetCount] == 1)
		#expect(Defaults[.resetElsewhere] == [])
		#expect(Defaults[.resetName] == nil)
	}
}
