// No `import Defaults` here: the aliases declared in Aliases.swift are all this file uses.
import Foundation
import Testing

@Suite("The original's API: aliases, iCloud, keys in sets, suites, AnySerializable")
struct OriginalAPITests {
	@Test func theAliasesNameTheModulesTypes() {
		let store = storeForAliasTests()
		let key = AliasedDefaults.Key<Int>("aliased", default: 1, suite: store)
		AliasedDefaults[key] = 2
		#expect(AliasedDefaults[key] == 2)
		let wrapper = AliasedDefault(key)
		#expect(wrapper.wrappedValue == 2)
	}
}
