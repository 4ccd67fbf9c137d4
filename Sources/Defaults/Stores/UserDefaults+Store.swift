import Foundation

/**
Foundation's `UserDefaults` as a store, so keys can live in any suite:

```swift
let extensionDefaults = UserDefaults(suiteName: "com.unicorn.app")!

extension Defaults.Keys {
	static let isUnicorn = Key<Bool>("isUnicorn", default: true, suite: extensionDefaults)
}

extensionDefaults[.isUnicorn]
//=> true
```

Values are kept as property lists: JSON objects become dictionaries, arrays
become arrays, and numbers, strings and Booleans stay native, so
`UserDefaults.standard.bool(forKey:)` reads a `Bool` setting. A key's static
default is registered with the suite. Property lists cannot hold `null`, so
a value with `nil` inside a collection is reported and not stored.

Changes made through this package are observable
(``Defaults/observe(_:options:handler:)``); changes made by calling
`UserDefaults` directly are not, as Linux has no key-value observing.

On Linux, Foundation's `UserDefaults` can lose a fresh write to one suite
while another suite is being enumerated at the same moment. Calls made
through this package are serialized across all suites to avoid that; code
that calls `UserDefaults` directly at the same time is not covered.
`UserDefaults` on Linux also keeps changes in memory until `synchronize()`
and decodes on every read; the package's own stores do neither.
*/
extension UserDefaults: DefaultsStore {
	public func storedValue(forKey key: String) -> Defaults.JSONValue? {
		userDefaultsLock.withLock {
			object(forKey: key).flatMap(Defaults.JSONValue.init(propertyList:))
		}
	}

	public func setStoredValue(_ value: Defaults.JSONValue, forKey key: String) {
		setStoredValue(value, forKey: key, tellingObservers: true)
	}

	public func removeStoredValue(forKey key: String) {
		removeStoredValue(forKey: key, tellingObservers: true)
	}

	public func removeAllStoredValues() {
		removeAllStoredValues(tellingObservers: true)
	}

	/// Stores a value; ``UserDefaultsBackend`` leaves telling observers to its store.
	func setStoredValue(_ value: Defaults.JSONValue, forKey key: String, tellingObservers: Bool) {
		guard !value.nestsTooDeeplyToStore else {
			Defaults.report(Defaults.JSONValue.tooDeeplyNestedProblem(forKey: key))
			return
		}
		guard !value.containsNull else {
			Defaults.report(.init(
				kind: .unsupportedValue,
				key: key,
				message: "UserDefaults cannot store null inside a value, so the new value of '\(key)' was not stored; the previous value is kept."
			))
			return
		}
		let propertyList = value.propertyList
		changeAndTell(key: key, tellingObservers: tellingObservers) {
			set(propertyList, forKey: key)
		}
	}

	func removeStoredValue(forKey key: String, tellingObservers: Bool) {
		changeAndTell(key: key, tellingObservers: tellingObservers) {
			removeObject(forKey: key)
		}
	}

	/// Makes a change to `key` and queues it for observers under the same lock, with the value
	/// the key then reads (a registered default, after a removal), so that each change is one
	/// event with its own value, in order, even when threads change a key at once.
	private func changeAndTell(key: String, tellingObservers: Bool, _ change: () -> Void) {
		let observers = tellingObservers ? ExternalStoreObservers.shared.existingObservers(for: self) : nil
		let suppressed = Defaults.isPropagationSuppressed
		userDefaultsLock.withLock {
			change()
			if let observers, observers.hasListeners {
				let value = object(forKey: key).flatMap(Defaults.JSONValue.init(propertyList:))
				observers.enqueue(StoreChange(keys: [key], values: [key: value], suppressed: suppressed))
			}
		}
		observers?.deliverQueued()
	}

	func removeAllStoredValues(tellingObservers: Bool) {
		userDefaultsLock.withLock {
			for key in dictionaryRepresentation().keys {
				removeObject(forKey: key)
			}
		}
		if tellingObservers {
			Defaults.storeDidChange(self, keys: nil)
		}
	}

	public func storedValues() -> [String: Defaults.JSONValue] {
		userDefaultsLock.withLock {
			dictionaryRepresentation().compactMapValues(Defaults.JSONValue.init(propertyList:))
		}
	}

	public func registerDefaultValue(_ value: @autoclosure () -> Defaults.JSONValue?, forKey key: String) {
		guard let value = value(), !value.containsNull else { return }
		let propertyList = value.propertyList
		userDefaultsLock.withLock {
			register(defaults: [key: propertyList])
		}
	}
}

extension UserDefaults {
	/**
	Removes every value stored in this suite, so that each key reads as its default.

	Observers of the suite's keys are told, as for ``Defaults/removeAll(suite:)``.

	```swift
	UserDefaults(suiteName: "com.example.tests")?.removeAll()
	```
	*/
	public func removeAll() {
		removeAllStoredValues()
	}
}

/// One lock for every suite: the race in Foundation spans suites.
private let userDefaultsLock = Lock()
