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

## Capabilities

What a store can do beyond keeping values is asked through ``saving`` and ``layers``, never
by casting to a store's type, so that a program (the settings editor, the `defaults-tui`
command) treats a store of your own as it treats the package's:

```swift
try store.saving?.saveNow(timeout: .seconds(3))   // a file store writes its file
store.saving?.condition                           //=> "read-only", "offline", nil
store.layers?.origin(forKey: "fontSize")          //=> system (/etc/xdg/myapp/settings.json)
```

A store that adopts ``SavingStore`` answers ``saving`` with itself, and one that adopts
``OriginReportingStore`` answers ``layers``; the others answer `nil`. The article
<doc:WritingAStore> says which to adopt.
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

	/**
	How the store keeps its changes somewhere else (a file, a server), or `nil` when it keeps
	them in memory only: the store itself when it adopts ``SavingStore``.

	```swift
	try store.saving?.saveNow(timeout: .seconds(3))
	```
	*/
	var saving: (any SavingStore)? { get }

	/**
	Where the store's values come from, layer by layer, or `nil` when the store holds them
	itself: the store itself when it adopts ``OriginReportingStore`` (a ``LayeredStore``).

	```swift
	store.layers?.lockingFile(forKey: "telemetry")   //=> "/etc/xdg/myapp/locks"
	```
	*/
	var layers: (any OriginReportingStore)? { get }
}

extension DefaultsStore {
	/// Does nothing: only stores that keep defaults of their own, such as `UserDefaults`, need it.
	public func registerDefaultValue(_ value: @autoclosure () -> Defaults.JSONValue?, forKey key: String) {}

	/// `nil`: the store keeps its values in memory only (a ``SavingStore`` answers itself).
	public var saving: (any SavingStore)? { nil }

	/// `nil`: the store holds its values itself (an ``OriginReportingStore`` answers itself).
	public var layers: (any OriginReportingStore)? { nil }
}

/// A store built on ``StoreCore``, whose change counters let keys cache decoded values.
protocol CoreBackedStore: DefaultsStore {
	var core: StoreCore { get }
}

/// The core `store` keeps its values in, when it is built on one (`(store as? CoreBackedStore)?.core`).
/// The package's own store classes are tried first, each a comparison of classes: a cast to the
/// protocol is, the first time for each type, a search of every protocol conformance record in
/// the program, some 200,000 instructions (a tenth of a `defaults-tui get`).
///
/// These casts are the core's own and deliberate: a key asks once, when it is made, and the
/// answer is how its reads find values without a protocol call. (`CoreBackedStore` is internal,
/// so it cannot be a requirement of ``DefaultsStore`` for stores of other modules to answer.)
func storeCore(of store: any DefaultsStore) -> StoreCore? {
	// cast: speed, a class comparison instead of a search of conformance records (see above).
	if let store = store as? FileStore { return store.core }
	// cast: speed, as above.
	if let store = store as? LayeredStore { return store.core }
	// cast: speed, as above.
	if let store = store as? InMemoryStore { return store.core }
	// cast: the core's internal protocol, for the package's other stores (BackedStore).
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
