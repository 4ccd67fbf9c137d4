import Foundation

// Which bridge a type gets when it conforms to `Defaults.Serializable` without naming one.
//
// Swift picks the most specific of these extensions that applies, which gives these rules:
//
// | The type is                                   | Stored through          |
// |-----------------------------------------------|-------------------------|
// | Codable                                       | Codable                 |
// | RawRepresentable                              | its raw value           |
// | NSSecureCoding (an NSObject)                  | a keyed archive         |
// | Codable and RawRepresentable                  | Codable                 |
// | ... and PreferRawRepresentable                | its raw value           |
// | Codable and NSSecureCoding                    | Codable                 |
// | ... and PreferNSSecureCoding                  | a keyed archive         |
//
// A type that declares its own `bridge` always uses it.

extension DefaultsSerializable where Self: Codable {
	/// A `Codable` type is stored through ``Defaults/CodableBridge``, as the JSON it encodes to.
	public static var bridge: Defaults.CodableBridge<Self> { Defaults.CodableBridge() }
}

extension DefaultsSerializable where Self: RawRepresentable, RawValue: Defaults.Serializable {
	/// A `RawRepresentable` type is stored as its raw value, through ``Defaults/RawRepresentableBridge``.
	public static var bridge: Defaults.RawRepresentableBridge<Self> { Defaults.RawRepresentableBridge() }
}

extension DefaultsSerializable where Self: Codable & RawRepresentable, RawValue: Defaults.Serializable {
	/// A type that is both `Codable` and `RawRepresentable` is stored through ``Defaults/CodableBridge``,
	/// unless it adopts ``Defaults/PreferRawRepresentable``.
	public static var bridge: Defaults.CodableBridge<Self> { Defaults.CodableBridge() }
}

extension DefaultsSerializable where Self: Codable & Defaults.PreferRawRepresentable, RawValue: Defaults.Serializable {
	/// A `Codable` type that adopts ``Defaults/PreferRawRepresentable`` is stored as its raw value.
	public static var bridge: Defaults.RawRepresentableBridge<Self> { Defaults.RawRepresentableBridge() }
}

extension DefaultsSerializable where Self: NSObject & NSSecureCoding {
	/// An `NSSecureCoding` class is stored as a keyed archive, through ``Defaults/NSSecureCodingBridge``.
	public static var bridge: Defaults.NSSecureCodingBridge<Self> { Defaults.NSSecureCodingBridge() }
}

extension DefaultsSerializable where Self: NSObject & NSSecureCoding & Codable {
	/// A class that is both `NSSecureCoding` and `Codable` is stored through ``Defaults/CodableBridge``,
	/// unless it adopts ``Defaults/PreferNSSecureCoding``.
	public static var bridge: Defaults.CodableBridge<Self> { Defaults.CodableBridge() }
}

extension DefaultsSerializable where Self: NSObject & NSSecureCoding & Codable & Defaults.PreferNSSecureCoding {
	/// A `Codable` class that adopts ``Defaults/PreferNSSecureCoding`` is stored as a keyed archive.
	public static var bridge: Defaults.NSSecureCodingBridge<Self> { Defaults.NSSecureCodingBridge() }
}
