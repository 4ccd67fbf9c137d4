import Foundation

/**
A type that key groups can store (``KeyDefinition``).

The package's built-in types conform already. A `RawRepresentable` type only
needs to declare the conformance; any other type converts itself to and from
a storable raw value:

```swift
enum Fruit: Int, KeyValueStorageValue {
	case apple, banana, orange
}

struct Person: KeyValueStorageValue, Equatable {
	typealias StoredRawValue = [String: any Sendable]

	var name: String
	var age: Int

	func serialize() -> StoredRawValue {
		["name": name, "age": age]
	}

	static func deserialize(from dictionary: StoredRawValue) -> Person? {
		guard let name = dictionary["name"] as? String, let age = dictionary["age"] as? Int else { return nil }
		return Person(name: name, age: age)
	}
}
```

`StoredRawValue` may be any `Defaults.Serializable` type, or property-list
values (`String`, numbers, `Bool`, arrays and string-keyed dictionaries of them).
*/
public protocol KeyValueStorageValue: Sendable {
	associatedtype StoredRawValue: Sendable

	/// The value in a storable form.
	func serialize() -> StoredRawValue

	/// The value from its stored form, or `nil` if the stored form does not fit.
	static func deserialize(from raw: StoredRawValue) -> Self?
}

extension KeyValueStorageValue where Self: Defaults.Serializable, StoredRawValue == Self {
	/// The value itself, which its own bridge stores.
	public func serialize() -> Self { self }
	/// The stored value itself.
	public static func deserialize(from raw: Self) -> Self? { raw }
}

extension KeyValueStorageValue where Self: RawRepresentable, StoredRawValue == RawValue {
	/// The raw value.
	public func serialize() -> RawValue { rawValue }
	/// The value with this raw value, or `nil` if there is none.
	public static func deserialize(from raw: RawValue) -> Self? { Self(rawValue: raw) }
}

extension KeyValueStorageValue {
	/// The stored form of this value, or `nil` if it cannot be stored.
	var storedValue: Defaults.JSONValue? {
		Defaults.JSONValue(serialized: serialize())
	}

	/// The value stored as `stored`, or `nil` if it does not fit this type.
	static func value(from stored: Defaults.JSONValue) -> Self? {
		stored.serialized(as: StoredRawValue.self).flatMap(deserialize(from:))
	}
}

extension Optional: KeyValueStorageValue where Wrapped: KeyValueStorageValue {
	/// The wrapped type's storable form, or `nil`.
	public typealias StoredRawValue = Wrapped.StoredRawValue?

	/// The wrapped value's storable form, or `nil` for `nil`.
	public func serialize() -> Wrapped.StoredRawValue? {
		map { $0.serialize() }
	}

	/// A `nil` optional for `nil`; otherwise the wrapped value, or `nil` if the stored form does not fit it.
	public static func deserialize(from raw: Wrapped.StoredRawValue?) -> Wrapped?? {
		guard let raw else { return .some(nil) }
		return Wrapped.deserialize(from: raw).map { .some($0) }
	}
}

extension Bool: KeyValueStorageValue { public typealias StoredRawValue = Bool }
extension String: KeyValueStorageValue { public typealias StoredRawValue = String }
extension Int: KeyValueStorageValue { public typealias StoredRawValue = Int }
extension Int8: KeyValueStorageValue { public typealias StoredRawValue = Int8 }
extension Int16: KeyValueStorageValue { public typealias StoredRawValue = Int16 }
extension Int32: KeyValueStorageValue { public typealias StoredRawValue = Int32 }
extension Int64: KeyValueStorageValue { public typealias StoredRawValue = Int64 }
extension UInt: KeyValueStorageValue { public typealias StoredRawValue = UInt }
extension UInt8: KeyValueStorageValue { public typealias StoredRawValue = UInt8 }
extension UInt16: KeyValueStorageValue { public typealias StoredRawValue = UInt16 }
extension UInt32: KeyValueStorageValue { public typealias StoredRawValue = UInt32 }
extension UInt64: KeyValueStorageValue { public typealias StoredRawValue = UInt64 }
extension Double: KeyValueStorageValue { public typealias StoredRawValue = Double }
extension Float: KeyValueStorageValue { public typealias StoredRawValue = Float }
extension Date: KeyValueStorageValue { public typealias StoredRawValue = Date }
extension Data: KeyValueStorageValue { public typealias StoredRawValue = Data }
extension URL: KeyValueStorageValue { public typealias StoredRawValue = URL }
extension UUID: KeyValueStorageValue { public typealias StoredRawValue = UUID }
extension Defaults.JSONValue: KeyValueStorageValue { public typealias StoredRawValue = Defaults.JSONValue }

extension Array: KeyValueStorageValue where Element: KeyValueStorageValue & Defaults.Serializable & Sendable {
	/// An array is stored as an array of its elements.
	public typealias StoredRawValue = [Element]
}

extension Dictionary: KeyValueStorageValue
where Key == String, Value: KeyValueStorageValue & Defaults.Serializable & Sendable {
	/// A dictionary with string keys is stored as an object of its values.
	public typealias StoredRawValue = [String: Value]
}
