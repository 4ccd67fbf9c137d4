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
	public static var bridge: Defaults.CodableBridge<Self> { Defaults.CodableBridge() }
}

extension DefaultsSerializable where Self: RawRepresentable, RawValue: Defaults.Serializable {
	public static var bridge: Defaults.RawRepresentableBridge<Self> { Defaults.RawRepresentableBridge() }
}

extension DefaultsSerializable where Self: Codable & RawRepresentable, RawValue: Defaults.Serializable {
	public static var bridge: Defaults.CodableBridge<Self> { Defaults.CodableBridge() }
}

extension DefaultsSerializable where Self: Codable & Defaults.PreferRawRepresentable, RawValue: Defaults.Serializable {
	public static var bridge: Defaults.RawRepresentableBridge<Self> { Defaults.RawRepresentableBridge() }
}

extension DefaultsSerializable where Self: NSObject & NSSecureCoding {
	public static var bridge: Defaults.NSSecureCodingBridge<Self> { Defaults.NSSecureCodingBridge() }
}

extension DefaultsSerializable where Self: NSObject & NSSecureCoding & Codable {
	public static var bridge: Defaults.CodableBridge<Self> { Defaults.CodableBridge() }
}

extension DefaultsSerializable where Self: NSObject & NSSecureCoding & Codable & Defaults.PreferNSSecureCoding {
	public static var bridge: Defaults.NSSecureCodingBridge<Self> { Defaults.NSSecureCodingBridge() }
}
