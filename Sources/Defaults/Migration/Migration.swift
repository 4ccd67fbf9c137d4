import Foundation

extension Defaults {
	/// A version of the original library's stored forms, the target of `Defaults.migrate(_:to:)`.
	public enum Version: Int, Sendable {
		/// The forms of version 5 and later: collections as property lists, a `Codable`
		/// value as a string of JSON, a date as a date. This package's current forms.
		case v5 = 5
	}

	/**
	Rewrites the keys' stored values in the form the keys write now, leaving values
	already in that form as they are.

	It reads each value in any form it may have been written in, and writes it back in
	the key's store's current form: in a `UserDefaults` suite, the original library's
	(the version 4 text of a collection such as `"[\"a\",\"b\"]"` becomes an array, this
	package's earlier ISO 8601 string for a date becomes a date, its nested dictionary
	for a `Codable` value becomes JSON text); in the file store and the in-memory store,
	the JSON form (a `Codable` value copied from a suite as JSON text becomes an object).

	```swift
	extension Defaults.Keys {
		static let tags = Key<[String]>("tags", default: [], suite: extensionDefaults)
	}

	Defaults.migrate(.tags, to: .v5)
	```

	Keys read the older forms without this too; migrating makes the stored data match
	what other programs (the original library on macOS, `defaults read`) expect. A value
	that reads in no known form is reported and left as it is. Nothing is stored for a
	key without a value.
	*/
	public static func migrate<Value: Serializable>(_ keys: Key<Value>..., to version: Version) {
		migrate(keys, to: version)
	}

	/// Rewrites the stored values of keys given as an array. See `migrate(_:to:)`.
	///
	/// ```swift
	/// Defaults.migrate([.tags, .recentTags], to: .v5)
	/// ```
	public static func migrate<Value: Serializable>(_ keys: [Key<Value>], to version: Version) {
		for key in keys {
			key.rewriteInCurrentForm()
		}
	}
}

extension Defaults.Key {
	/// Rewrites the stored value in the form the key writes now, if it is in another one.
	func rewriteInCurrentForm() {
		// cast: only a suite keeps values in other forms (the original library's) to rewrite.
		if let suite = suite as? UserDefaults {
			guard let object = suite.suiteObject(forKey: name) else { return }
			guard let value = Value.value(fromSuiteObject: object) else {
				reportUnmigratable(Defaults.JSONValue(propertyList: object)?.abbreviatedDescription ?? "a \(type(of: object))")
				return
			}
			guard let current = Value.propertyList(from: value), let stored = Value.storedValue(from: value) else {
				reportUnencodable()
				return
			}
			if !propertyListsAreIdentical(object, current) {
				suite.setSuiteObject(current, checking: stored, forKey: name)
			}
			return
		}
		guard let stored = suite.storedValue(forKey: name) else { return }
		guard let value = Value.value(fromAnyStoredForm: stored) else {
			reportUnmigratable(stored.abbreviatedDescription)
			return
		}
		guard let current = Value.storedValue(from: value) else {
			reportUnencodable()
			return
		}
		if !stored.isIdentical(to: current) {
			suite.setStoredValue(current, forKey: name)
		}
	}

	private func reportUnmigratable(_ storedDescription: String) {
		Defaults.report(.init(
			kind: .undecodableValue,
			key: name,
			message: "The stored value of '\(name)' (\(storedDescription)) is not a valid \(Value.self) in any known form, so it was not migrated; it was left unchanged."
		))
	}
}

extension Defaults.JSONValue {
	/// Whether two values are the same JSON, number types included (`1` is not `1.0` here).
	func isIdentical(to other: Self) -> Bool {
		switch (self, other) {
		case (.double, .double), (.integer, .integer), (.unsignedInteger, .unsignedInteger): self == other
		case (.double, _), (_, .double): false
		case (.array(let left), .array(let right)): left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
		case (.object(let left), .object(let right)):
			left.count == right.count && left.allSatisfy { name, member in right[name].map { member.isIdentical(to: $0) } ?? false }
		default: self == other
		}
	}
}
