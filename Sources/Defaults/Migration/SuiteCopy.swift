import Foundation

extension Defaults {
	/**
	Copies the keys' values from a `UserDefaults` suite into each key's own store,
	converting them from the suite's form to the store's, to move a program from
	`UserDefaults` to the file store.

	```swift
	extension Defaults.Keys {
		static let user = Key<User>("user", default: .guest)          // the file store
		static let tags = Key<Set<String>>("tags", default: [])
	}

	Defaults.copy(.user, .tags, from: .standard)
	Defaults.copy(.user, .tags, from: .standard, removingFromSuite: true)   // and remove them there
	```

	Each value is read through its key's type in any form a suite may hold it (the
	original library's, this package's earlier one, the original's version 4 text), so a
	date arrives as a date's JSON form and a `Codable` value as its object. A value
	already in the store is replaced; a key the suite has no value for is left as it is.
	The suite is left untouched unless `removingFromSuite` is `true`, and then only the
	copied keys are removed from it. A value that does not read as its key's type is
	reported, not copied, and never removed from the suite.

	- Returns: The names of the keys that were copied.
	*/
	@discardableResult
	public static func copy(_ keys: _AnyKey..., from suite: UserDefaults, removingFromSuite: Bool = false) -> [String] {
		var copied: [String] = []
		for key in keys {
			guard let key = key as? any SuiteCopyable, key.copyStoredValue(from: suite) else { continue }
			copied.append(key.name)
			if removingFromSuite, key.suite !== suite {
				suite.removeStoredValue(forKey: key.name)
			}
		}
		return copied
	}

	/**
	Copies every value of a `UserDefaults` suite into a store, for keys whose types are
	not at hand.

	A name that a key of this process declared for the suite is converted
	through that key's type; any other is converted value by value (a date becomes its
	ISO 8601 string, data its base64 text, a `Codable` value's JSON text stays a string,
	which its key reads and `migrate(_:to:)` rewrites as an object).

	```swift
	Defaults.copyAll(from: .standard, to: FileStore.standard)
	Defaults.migrate(.user, to: .v5)   // JSON text copied for a Codable key becomes its object
	```

	Only the suite's own values are copied, not defaults registered in the process or
	values of the global domain; on Linux a suite cannot list its own values apart from
	those, so a value equal to the one a suite without values would show for its name is
	taken for one of them and left out. Objects a store cannot hold are reported and
	skipped. The suite is left untouched unless `removingFromSuite` is `true`.

	- Returns: The names of the values that were copied.
	*/
	@discardableResult
	public static func copyAll(from suite: UserDefaults, to store: any DefaultsStore, removingFromSuite: Bool = false) -> [String] {
		var copied: [String] = []
		let names = suite.ownKeyNames()
		let values = suite.storedValues().filter { names.contains($0.key) }
		for name in names.subtracting(values.keys).sorted() {
			Defaults.report(.init(
				kind: .unsupportedValue,
				key: name,
				message: "The value of '\(name)' in the suite is not a property list this package can convert, so it was not copied; the suite was left unchanged."
			))
		}
		for (name, value) in values.sorted(by: { $0.key < $1.key }) {
			store.setStoredValue(value, forKey: name)
			guard store.storedValue(forKey: name) != nil else { continue }
			copied.append(name)
			if removingFromSuite, store !== suite {
				suite.removeStoredValue(forKey: name)
			}
		}
		return copied
	}
}

/// A key that can copy its value from a suite into its own store.
protocol SuiteCopyable: Defaults._AnyKey {
	/// Copies the key's value from `suite` into the key's store; returns whether there was one to copy.
	func copyStoredValue(from suite: UserDefaults) -> Bool
}

extension Defaults.Key: SuiteCopyable {
	func copyStoredValue(from suite: UserDefaults) -> Bool {
		guard let object = suite.suiteObject(forKey: name) else { return false }
		guard let value = Value.value(fromSuiteObject: object) else {
			Defaults.report(.init(
				kind: .undecodableValue,
				key: name,
				message: "The value of '\(name)' in the suite (\(Defaults.JSONValue(propertyList: object)?.abbreviatedDescription ?? "a \(type(of: object))")) is not a valid \(Value.self) in any known form, so it was not copied; the suite was left unchanged."
			))
			return false
		}
		Defaults[self] = value
		return true
	}
}
