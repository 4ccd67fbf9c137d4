// The machinery of key groups' definitions, in the `Defaults` namespace: a program names
// `KeyDefinition` and `JSONKeyDefinition`, which are made of these.
extension Defaults {
	/**
	A key of a ``KeyGroup``: its name in the store, its default value, and how its values are
	stored (`Coding`). Written as ``KeyDefinition`` for a ``KeyValueStorageValue`` and as
	``JSONKeyDefinition`` for a `Codable` value, one type with two ways of storing.

	```swift
	struct AppKeys: KeyGroup {
		let launchCount = KeyDefinition(key: "launchCount", defaultValue: 0)
		let lastLaunchDate = KeyDefinition<Date?>(key: "lastLaunchDate") // default nil
		let account = JSONKeyDefinition<Account?>(key: "account")        // Codable, stored as JSON
	}
	```
	*/
	public struct CodedKeyDefinition<Value: Sendable, Coding: KeyValueCoding<Value>>: StorageKeyDefinition {
		/// The key's name in the store.
		public let key: String
		/// What the key reads as when nothing is stored.
		public let defaultValue: Value

		/// A key named `key` that reads as `defaultValue` when nothing is stored.
		public init(key: String, defaultValue: Value) {
			self.key = key
			self.defaultValue = defaultValue
		}

		/// The value of a stored form through `Coding`; `nil` if it does not fit.
		public func decode(_ stored: Defaults.JSONValue) -> Value? {
			Coding.decode(stored)
		}

		/// The stored form of `value` through `Coding`; a `nil` optional becomes `null`, which removes
		/// the key. `nil` if the value cannot be stored.
		public func encode(_ value: Value) -> Defaults.JSONValue? {
			Coding.encode(value)
		}
	}



	/// How a ``Defaults/CodedKeyDefinition`` turns its values into stored forms and back.
	public protocol KeyValueCoding<Value>: Sendable {
		associatedtype Value
		/// The value of a stored form, or `nil` if it does not fit.
		static func decode(_ stored: Defaults.JSONValue) -> Value?
		/// The stored form of a value (`null` removes the key), or `nil` if it cannot be stored.
		static func encode(_ value: Value) -> Defaults.JSONValue?
	}

	/// A ``KeyValueStorageValue`` through its `serialize()` and `deserialize(from:)`.
	public enum StorageValueCoding<Value: KeyValueStorageValue>: KeyValueCoding {
		/// `Value.deserialize(from:)` of the stored form.
		public static func decode(_ stored: Defaults.JSONValue) -> Value? { Value.value(from: stored) }
		/// The stored form of `value.serialize()`.
		public static func encode(_ value: Value) -> Defaults.JSONValue? { value.storedValue }
	}

	/// A `Codable` value as JSON, through ``Defaults/CodableBridge``.
	public enum JSONCoding<Value: Codable & Sendable>: KeyValueCoding {
		/// The value decoded from its stored form; `nil` if it does not decode.
		public static func decode(_ stored: Defaults.JSONValue) -> Value? { Defaults.CodableBridge<Value>().deserialize(stored) }
		/// The value encoded as JSON; `nil` if encoding fails.
		public static func encode(_ value: Value) -> Defaults.JSONValue? { Defaults.CodableBridge<Value>().serialize(value) }
	}

	/// What ``KeyValueStorage`` needs of a key definition: its name, default and stored form.
	public protocol StorageKeyDefinition: Sendable {
		associatedtype Value: Sendable
		/// The key's name in the store.
		var key: String { get }
		/// What the key reads as when nothing is stored.
		var defaultValue: Value { get }
		/// A definition of the key named `key` with the given default.
		init(key: String, defaultValue: Value)
		/// The value for a stored form, or `nil` if it does not fit.
		func decode(_ stored: Defaults.JSONValue) -> Value?
		/// The stored form of a value (`null` removes the key), or `nil` if it cannot be stored.
		func encode(_ value: Value) -> Defaults.JSONValue?
	}
}

/// A key of a ``KeyGroup`` for a ``KeyValueStorageValue``, stored through its `serialize()` and `deserialize(from:)`.
public typealias KeyDefinition<Value: KeyValueStorageValue> = Defaults.CodedKeyDefinition<Value, Defaults.StorageValueCoding<Value>>

/**
A key of a ``KeyGroup`` for a `Codable` value, stored as JSON (a nested object in the file store).

```swift
struct Account: Codable {
	var name: String
	var email: String
}

struct AppKeys: KeyGroup {
	let account = JSONKeyDefinition<Account?>(key: "account")
}
```
*/
public typealias JSONKeyDefinition<Value: Codable & Sendable> = Defaults.CodedKeyDefinition<Value, Defaults.JSONCoding<Value>>

extension Defaults.StorageKeyDefinition {
	/// A definition of an optional key, whose default is `nil`.
	public init<Wrapped>(key: String) where Value == Wrapped? {
		self.init(key: key, defaultValue: nil)
	}

	/// Reads the key from `store`: its default when nothing is stored or the stored value does not fit (which is reported).
	func read(from store: any DefaultsStore) -> Value {
		guard let stored = store.storedValue(forKey: key) else { return defaultValue }
		if let value = decode(stored) { return value }
		Defaults.report(.init(
			kind: .undecodableValue,
			key: key,
			message: "The stored value of '\(key)' (\(stored.abbreviatedDescription)) is not a valid \(Value.self); the key reads as its default. The stored value was left unchanged."
		))
		return defaultValue
	}

	/// Writes the key to `store`; `nil` values remove it.
	func write(_ value: Value, to store: any DefaultsStore) {
		guard let stored = encode(value) else {
			Defaults.report(.init(kind: .unencodableValue, key: key, message: "A new value for '\(key)' could not be encoded as \(Value.self); the previous value is kept."))
			return
		}
		if stored.isNull {
			store.removeStoredValue(forKey: key)
		} else {
			store.setStoredValue(stored, forKey: key)
		}
	}
}
