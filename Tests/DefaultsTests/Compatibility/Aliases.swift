import Defaults

// What a program writes once so that its other files need no `import Defaults`
// (here under other names, as this module already knows `Defaults`).
typealias AliasedDefaults = _Defaults
typealias AliasedDefault = _Default

/// A store for the tests of a file that does not import the module.
func storeForAliasTests() -> any AliasedDefaults.Store {
	InMemoryStore()
}
