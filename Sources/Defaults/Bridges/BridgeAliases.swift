import Foundation

// The original library names a `Codable` type's bridge after why it was chosen; here one
// bridge, `Defaults.CodableBridge`, serves every case, so these names lead to it.

extension Defaults {
	/// The original library's name for the bridge of a `Codable` type: ``CodableBridge``.
	///
	/// ```swift
	/// extension Point: Defaults.Serializable {
	/// 	static let bridge = Defaults.TopLevelCodableBridge<Point>()
	/// }
	/// ```
	public typealias TopLevelCodableBridge<Value: Codable> = CodableBridge<Value>

	/// The original library's name for the bridge of a type that is both `Codable` and
	/// `RawRepresentable` (without ``PreferRawRepresentable``): ``CodableBridge``.
	public typealias RawRepresentableCodableBridge<Value: RawRepresentable & Codable> = CodableBridge<Value>

	/// The original library's name for the bridge of a class that is both `Codable` and
	/// `NSSecureCoding` (without ``PreferNSSecureCoding``): ``CodableBridge``.
	public typealias CodableNSSecureCodingBridge<Value: Codable & NSSecureCoding> = CodableBridge<Value>
}
