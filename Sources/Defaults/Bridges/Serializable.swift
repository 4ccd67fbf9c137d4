import Foundation

/**
A type that can be stored in defaults.

The type names a ``DefaultsBridge`` in `bridge`, which turns a value into its
stored form and back. Built-in types, `Codable` types, `RawRepresentable`
enums and `NSSecureCoding` classes get a bridge automatically: conforming is
all it takes.

```swift
struct User: Codable, Defaults.Serializable {
	let name: String
	let age: String
}

extension Defaults.Keys {
	static let user = Key<User>("user", default: .init(name: "Hello", age: "24"))
}

Defaults[.user].name
//=> "Hello"
```

When a type qualifies for more than one automatic bridge, `Codable` wins
unless the type also adopts ``Defaults/PreferRawRepresentable`` or
``Defaults/PreferNSSecureCoding``.
*/
public protocol DefaultsSerializable: SendableMetatype {
	typealias Value = Bridge.Value
	typealias Serializable = Bridge.Serializable
	associatedtype Bridge: Defaults.Bridge where Bridge.Value == Self

	/// The bridge that stores and restores values of this type.
	static var bridge: Bridge { get }

	/**
	Whether the original library keeps values of this type in `UserDefaults` as they are, without their bridge.

	`true` for `Bool`, `String`, the integer types, `Double`, `Float`, `CGFloat`,
	`Date` and `Data`, and for optionals, arrays and string-keyed dictionaries of
	them; `false` for every other type unless it says otherwise. Here every value goes
	through its bridge whatever this says; it answers as the original does, for code
	written for the original that asks (a bridge that stores an element as it is when
	`Element.isNativelySupportedType`, for example).

	```swift
	Int.isNativelySupportedType          //=> true
	[String: Date].isNativelySupportedType //=> true
	URL.isNativelySupportedType          //=> false
	```
	*/
	static var isNativelySupportedType: Bool { get }
}

extension DefaultsSerializable {
	/// `false`: values of this type go through their bridge in the original library.
	public static var isNativelySupportedType: Bool { false }
}

/**
Converts values of a type to a form that a store can keep, and back.

`Serializable` may be any type that is itself ``Defaults/Serializable``
(for example `[String: String]`), or ``Defaults/JSONValue``.
Return `nil` from either method when the conversion is not possible; a
failed `serialize` keeps the previous stored value, and a failed
`deserialize` makes the key read as its default.

```swift
struct UserBridge: Defaults.Bridge {
	typealias Value = User
	typealias Serializable = [String: String]

	func serialize(_ value: Value?) -> Serializable? {
		guard let value else { return nil }
		return ["name": value.name, "age": value.age]
	}

	func deserialize(_ object: Serializable?) -> Value? {
		guard let object, let name = object["name"], let age = object["age"] else { return nil }
		return User(name: name, age: age)
	}
}

extension User: Defaults.Serializable {
	static let bridge = UserBridge()
}
```
*/
public protocol DefaultsBridge {
	associatedtype Value
	associatedtype Serializable

	/// Converts a value to its stored form, or returns `nil` if it cannot be stored.
	func serialize(_ value: Value?) -> Serializable?
	/// Restores a value from its stored form, or returns `nil` if the stored form is not valid.
	func deserialize(_ object: Serializable?) -> Value?
}

/// Marks a type that is both `Codable` and `RawRepresentable` to be stored as its raw value.
///
/// ```swift
/// enum Mime: String, Codable, Defaults.Serializable, Defaults.PreferRawRepresentable {
/// 	case json = "application/json"
/// }
/// ```
public protocol DefaultsPreferRawRepresentable: RawRepresentable {}

/// Marks a type that is both `Codable` and `NSSecureCoding` to be stored as a keyed archive.
public protocol DefaultsPreferNSSecureCoding {}

// MARK: - Conversion to and from the stored form

extension DefaultsSerializable {
	/// The stored form of `value`, or `nil` if its bridge cannot serialize it.
	@inlinable
	package static func storedValue(from value: Self) -> Defaults.JSONValue? {
		guard let serialized = bridge.serialize(value) else { return nil }
		return Defaults.JSONValue(serialized: serialized)
	}

	/// The value restored from its stored form, or `nil` if the stored form does not fit this type.
	package static func value(from stored: Defaults.JSONValue) -> Self? {
		guard let serialized = stored.serialized(as: Bridge.Serializable.self) else { return nil }
		return bridge.deserialize(serialized)
	}
}

extension Defaults.JSONValue {
	/// Converts what a bridge produced into the stored form, following bridges whose
	/// `Serializable` is itself a serializable type.
	@inlinable
	init?<Serialized>(serialized: Serialized) {
		if let value = serialized as? Defaults.JSONValue {
			self = value
		} else if let serializable = serialized as? any Defaults.Serializable {
			guard let value = Self.storedValue(of: serializable) else { return nil }
			self = value
		} else if let value = Self(propertyList: serialized) {
			self = value
		} else {
			return nil
		}
	}

	@usableFromInline
	static func storedValue<T: Defaults.Serializable>(of value: T) -> Defaults.JSONValue? {
		T.storedValue(from: value)
	}

	/// Converts the stored form into the `Serializable` type a bridge expects.
	func serialized<Serialized>(as type: Serialized.Type) -> Serialized? {
		if let value = self as? Serialized {
			return value
		}
		if let serializableType = Serialized.self as? any Defaults.Serializable.Type {
			return Self.restore(serializableType, from: self) as? Serialized
		}
		return propertyList as? Serialized
	}

	private static func restore<T: Defaults.Serializable>(_ type: T.Type, from stored: Defaults.JSONValue) -> Any? {
		guard let value = T.value(from: stored) else { return nil }
		return value
	}
}

// MARK: - The original's natively supported types

extension DefaultsSerializable where Self: BinaryInteger {
	/// `true`, as in the original library: integers are kept in `UserDefaults` as numbers.
	public static var isNativelySupportedType: Bool { true }
}

extension DefaultsSerializable where Self: BinaryFloatingPoint {
	/// `true`, as in the original library: `Double`, `Float` and `CGFloat` are kept in `UserDefaults` as numbers.
	public static var isNativelySupportedType: Bool { true }
}

extension Bool {
	/// `true`, as in the original library: see ``DefaultsSerializable/isNativelySupportedType``.
	public static var isNativelySupportedType: Bool { true }
}

extension String {
	/// `true`, as in the original library: see ``DefaultsSerializable/isNativelySupportedType``.
	public static var isNativelySupportedType: Bool { true }
}

extension Date {
	/// `true`, as in the original library: see ``DefaultsSerializable/isNativelySupportedType``.
	public static var isNativelySupportedType: Bool { true }
}

extension Data {
	/// `true`, as in the original library: see ``DefaultsSerializable/isNativelySupportedType``.
	public static var isNativelySupportedType: Bool { true }
}

extension Optional where Wrapped: DefaultsSerializable {
	/// Whether the wrapped type is natively supported, as in the original library.
	public static var isNativelySupportedType: Bool { Wrapped.isNativelySupportedType }
}

extension Array where Element: DefaultsSerializable {
	/// Whether the element type is natively supported, as in the original library.
	public static var isNativelySupportedType: Bool { Element.isNativelySupportedType }
}

extension Dictionary where Key: LosslessStringConvertible, Value: DefaultsSerializable {
	/// Whether the keys are strings and the value type is natively supported, as in the original library.
	public static var isNativelySupportedType: Bool { Key.self == String.self && Value.isNativelySupportedType }
}
