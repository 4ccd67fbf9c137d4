/**
Where values are kept: what a key's `suite:` names.

A store keeps each setting in its stored form, a ``Defaults/JSONValue``, under
the key's name. The package provides ``InMemoryStore`` and makes Foundation's
`UserDefaults` a store; conform your own type to keep settings elsewhere.

```swift
let store = InMemoryStore()
let isUnicorn = Defaults.Key<Bool>("isUnicorn", default: true, suite: store)
Defaults[isUnicorn] = false
store.storedValue(forKey: "isUnicorn")
//=> Optional(false)
```

Implementations must be safe to call from any thread. (The protocol does not
require `Sendable` because `UserDefaults` is not marked `Sendable` on Linux,
though it is thread-safe.)
*/
public protocol DefaultsStore: AnyObject {
	/// The stored value for `key`, or `nil` if the store has none.
	func storedValue(forKey key: String) -> Defaults.JSONValue?

	/// Stores `value` for `key`, replacing any previous value.
	func setStoredValue(_ value: Defaults.JSONValue, forKey key: String)

	/// Removes the stored value for `key`, so that reading the key gives its default.
	func removeStoredValue(forKey key: String)

	/// Removes every stored value.
	func removeAllStoredValues()

	/// Every stored value, by key name.
	func storedValues() -> [String: Defaults.JSONValue]

	/// Tells the store a key's default, for stores that keep defaults of their own
	/// (`UserDefaults` registers it). Called when a key with a static default is created.
	func registerDefaultValue(_ value: @autoclosure () -> Defaults.JSONValue?, forKey key: String)
}

extension DefaultsStore {
	/// Does nothing: only stores that keep defaults of their own, such as `UserDefaults`, need it.
	public func registerDefaultValue(_ value: @autoclosure () -> Defaults.JSONValue?, forKey key: String) {}
}

/// A store built on ``StoreCore``, whose change counters let keys cache decoded values.
protocol CoreBackedStore: DefaultsStore {
	var core: StoreCore { get }
}

/// The core `store` keeps its values in, when it is built on one (`(store as? CoreBackedStore)?.core`).
/// The package's own store classes are tried first, each a comparison of classes: a cast to the
/// protocol is, the first time for each type, a search of every protocol conformance record in
/// the program, some 200,000 instructions (a tenth of a `defaults-tui get`).
func storeCore(of store: any DefaultsStore) -> StoreCore? {
	if let store = store as? FileStore { return store.core }
	if let store = store as? LayeredStore { return store.core }
	if let store = store as? InMemoryStore { return store.core }
	return (store as? any CoreBackedStore)?.core
}

extension CoreBackedStore {
	/// The value the store holds in memory for `key`, or `nil` if it has none; no file or backend is read.
	public func storedValue(forKey key: String) -> Defaults.JSONValue? {
		core.value(forKey: key)
	}

	/// Stores `value` for `key` and tells observers; an equal value changes nothing. A value nested too deeply,
	/// or any change to a read-only store, is refused and reported.
	public func setStoredValue(_ value: Defaults.JSONValue, forKey key: String) {
		core.set(value, forKey: key)
	}

	/// Removes the value for `key`, so that the key reads as its default, and tells observers;
	/// a read-only store refuses and reports it.
	public func removeStoredValue(forKey key: String) {
		core.removeValue(forKey: key)
	}

	/// Removes every value and tells observers; a read-only store refuses and reports it.
	public func removeAllStoredValues() {
		core.removeAll()
	}

	/// Every value the store holds, by key name, read at one moment.
	public func storedValues() -> [String: Defaults.JSONValue] {
		core.snapshot()
	}
}
