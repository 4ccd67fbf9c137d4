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

Values are kept in the property-list form the original Defaults library writes on
macOS, so code that reads the suite directly sees the same types there and here:
`UserDefaults.standard.bool(forKey:)` reads a `Bool` setting, `object(forKey:) as? Date`
a `Date` one, a `Codable` value is a string of JSON (the article "Stored format and migration"
lists every type). Values this package wrote in its earlier form (the JSON form as property lists:
ISO 8601 strings, base64 text, nested dictionaries) still read. A key's static default
is registered with the suite, in the same form. Property lists cannot hold `null`, so
a value with `nil` inside a collection is reported and not stored.

Changes made through this package are observable
(`Defaults.observe(_:options:handler:)`); changes made by calling
`UserDefaults` directly are not, as Linux has no key-value observing.

On Linux, Foundation's `UserDefaults` can lose a fresh write to one suite
while another suite is being enumerated at the same moment. Calls made
through this package are serialized across all suites to avoid that; code
that calls `UserDefaults` directly at the same time is not covered.
`UserDefaults` on Linux also keeps changes in memory until `synchronize()`
and decodes on every read; the package's own stores do neither.
*/
extension UserDefaults: DefaultsStore {
	/// The suite's object for `key` (a registered default included) in stored form, read through the type of the key
	/// of that name when one exists; `nil` if there is none or it has no stored form.
	public func storedValue(forKey key: String) -> Defaults.JSONValue? {
		userDefaultsLock.withLock {
			object(forKey: key).flatMap { jsonValue(ofSuiteObject: $0, forKey: key) }
		}
	}

	/// The suite's object for `key`, read under the package's lock (see below).
	func suiteObject(forKey key: String) -> Any? {
		userDefaultsLock.withLock { object(forKey: key) }
	}

	/// Stores `value` in the suite, and tells observers.
	///
	/// The value is written in the property-list form the original library writes for the type of the key
	/// of that name (member by member when no such key exists). A value with `null` inside
	/// or nested too deeply is reported and not stored.
	public func setStoredValue(_ value: Defaults.JSONValue, forKey key: String) {
		setStoredValue(value, forKey: key, tellingObservers: true)
	}

	/// Removes the suite's value for `key` and tells observers; the key then reads its registered default, if any.
	public func removeStoredValue(forKey key: String) {
		removeStoredValue(forKey: key, tellingObservers: true)
	}

	/// Removes every value of the suite (registered defaults stay), and tells the observers of all its keys.
	public func removeAllStoredValues() {
		removeAllStoredValues(tellingObservers: true)
	}

	/// Stores a value; ``UserDefaultsBackend`` leaves telling observers to its store.
	func setStoredValue(_ value: Defaults.JSONValue, forKey key: String, tellingObservers: Bool) {
		guard canStore(value, forKey: key) else { return }
		let object = suiteObject(for: value, forKey: key)
		changeAndTell(key: key, tellingObservers: tellingObservers) {
			set(object, forKey: key)
		}
	}

	/// Stores a key's value in the form its type chose; `value` is its JSON form, checked first.
	func setSuiteObject(_ object: Any, checking value: Defaults.JSONValue, forKey key: String) {
		guard canStore(value, forKey: key) else { return }
		changeAndTell(key: key, tellingObservers: true) {
			set(object, forKey: key)
		}
	}

	/// Whether a suite can hold `value`; reports why not.
	private func canStore(_ value: Defaults.JSONValue, forKey key: String) -> Bool {
		guard !value.nestsTooDeeplyToStore else {
			Defaults.report(Defaults.JSONValue.tooDeeplyNestedProblem(forKey: key))
			return false
		}
		guard !value.containsNull else {
			Defaults.report(.init(
				kind: .unsupportedValue,
				key: key,
				message: "UserDefaults cannot store null inside a value, so the new value of '\(key)' was not stored; the previous value is kept."
			))
			return false
		}
		return true
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
				let value = object(forKey: key).flatMap { jsonValue(ofSuiteObject: $0, forKey: key) }
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

	/// Every value the suite shows, by key name, in stored form: registered defaults and, on Linux,
	/// the global domain included.
	public func storedValues() -> [String: Defaults.JSONValue] {
		userDefaultsLock.withLock {
			var values: [String: Defaults.JSONValue] = [:]
			for (key, object) in dictionaryRepresentation() {
				values[key] = jsonValue(ofSuiteObject: object, forKey: key)
			}
			return values
		}
	}

	/**
	The names of the values this suite holds itself: those it shows that a suite without
	values would not show the same (registered defaults and the global domain are seen by
	every suite of the process on Linux, which cannot list a suite's own domain apart).
	*/
	func ownKeyNames() -> Set<String> {
		userDefaultsLock.withLock {
			let everything = dictionaryRepresentation()
			guard let empty = UserDefaults(suiteName: "defaults-empty-\(UUID().uuidString)")?.dictionaryRepresentation() else {
				return Set(everything.keys)
			}
			return Set(everything.compactMap { name, object in
				empty[name].map { propertyListsAreIdentical($0, object) } == true ? nil : name
			})
		}
	}

	/// Registers the key's default with the suite (`register(defaults:)`) in the form its values are stored in;
	/// a `nil` default, or one with `null` inside, is not registered.
	public func registerDefaultValue(_ value: @autoclosure () -> Defaults.JSONValue?, forKey key: String) {
		guard let value = value(), !value.containsNull else { return }
		let object = suiteObject(for: value, forKey: key)
		userDefaultsLock.withLock {
			register(defaults: [key: object])
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
