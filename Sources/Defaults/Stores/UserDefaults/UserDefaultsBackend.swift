import Foundation

/**
A `UserDefaults` suite as a backend, for a store of its own that reads through the
shared layer's cache: for a suite only this package writes.

```swift
let store = BackedStore(backend: UserDefaultsBackend(UserDefaults(suiteName: "com.example.app")!))
let volume = Defaults.Key<Int>("volume", default: 5, suite: store)
Defaults[volume] = 7   // cached, observed, and written to the suite at once
```

A suite used directly as a key's `suite:` (the `UserDefaults` conformance) reads the
suite on every access instead, so that values other code writes with `set(_:forKey:)`
are seen at once; this backend sees only what goes through its store. Both go through
the same conversion (the keys' types choose the form the original library writes, see
`UserDefaults`), the same nesting limit and the same serialization of calls.
*/
public final class UserDefaultsBackend: DefaultsStoreBackend, @unchecked Sendable {
	/// The suite the values are kept in.
	public let suite: UserDefaults
	private let link = Locked<BackendLink?>(nil)

	/// A backend that keeps values in `suite`.
	public init(_ suite: UserDefaults) {
		self.suite = suite
	}

	/// Every value the suite shows, in stored form.
	public func loadValues() -> [String: Defaults.JSONValue] {
		suite.storedValues()
	}

	/// Keeps `link`, to take the store's changes from it and to register keys' types.
	public func connect(_ link: BackendLink) {
		self.link.withLock { $0 = link }
	}

	/**
	Learns a key's type from the key (when it is created), so that its values are written in
	the form the original library writes for that type. The values were loaded before any
	key existed, member by member; the key's value is read again through its type, and if
	that gives another JSON form (a `Codable` value's JSON text becomes its object), the
	store takes it as a change made elsewhere.
	*/
	func register(_ form: KeyForm, forKey key: String) {
		SuiteKeyForms.shared.register(form, forKey: key, in: suite)
		guard
			let link = link.value,
			let object = suite.suiteObject(forKey: key),
			let typed = form.jsonValue(object),
			typed != Defaults.JSONValue(propertyList: object)
		else { return }
		link.applyOutsideChanges(setting: [key: typed])
	}

	/// Writes the batch to the suite at once (it keeps it in memory until `synchronize()`).
	public func changesArePending() {
		guard let link = link.value else { return }
		let batch = link.takeChanges()
		if batch.removedAll {
			suite.removeAllStoredValues(tellingObservers: false)
		}
		for (key, value) in batch.values {
			if let value {
				suite.setStoredValue(value, forKey: key, tellingObservers: false)
			} else {
				suite.removeStoredValue(forKey: key, tellingObservers: false)
			}
		}
	}
}
