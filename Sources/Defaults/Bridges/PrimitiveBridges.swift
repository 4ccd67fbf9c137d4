import Foundation

extension Defaults {
	/// Stores a `Bool` as JSON `true` or `false`. Reading also accepts the numbers `0` and `1`.
	public struct BoolBridge: Bridge, Sendable {
		public typealias Value = Bool
		public typealias Serializable = JSONValue
		public init() {}

		@inlinable
		public func serialize(_ value: Bool?) -> JSONValue? {
			value.map(JSONValue.bool)
		}

		@inlinable
		public func deserialize(_ object: JSONValue?) -> Bool? {
			switch object {
			case .bool(let value): value
			case .integer(0): false
			case .integer(1): true
			default: nil
			}
		}
	}

	/// Stores an integer as a JSON number. Reading rejects numbers the type cannot hold exactly.
	public struct IntegerBridge<Value: FixedWidthInteger>: Bridge, Sendable {
		public typealias Serializable = JSONValue
		public init() {}

		@inlinable
		public func serialize(_ value: Value?) -> JSONValue? {
			guard let value else { return nil }
			if let signed = Int64(exactly: value) { return .integer(signed) }
			return UInt64(exactly: value).map(JSONValue.unsignedInteger)
		}

		@inlinable
		public func deserialize(_ object: JSONValue?) -> Value? {
			object?.integerValue(as: Value.self)
		}
	}

	/**
	Stores a floating-point number as a JSON number, written in the shortest form that reads back exactly.

	JSON has no infinity or NaN, so those are stored as the strings `"Infinity"`, `"-Infinity"` and `"NaN"`.
	*/
	public struct FloatingPointBridge<Value: BinaryFloatingPoint>: Bridge, Sendable {
		public typealias Serializable = JSONValue
		public init() {}

		@inlinable
		public func serialize(_ value: Value?) -> JSONValue? {
			guard let value else { return nil }
			if value.isNaN { return "NaN" }
			if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
			let widened = Double(value)
			// `Float(0.1)` widens to 0.10000000149011612; its own shortest text "0.1" reads back as the same Float.
			if Value.self != Double.self, let shortest = Double("\(value)"), Value(shortest) == value {
				return .double(shortest)
			}
			return .double(widened)
		}

		@inlinable
		public func deserialize(_ object: JSONValue?) -> Value? {
			switch object {
			case .string("NaN"): return .nan
			case .string("Infinity"): return .infinity
			case .string("-Infinity"): return -.infinity
			default:
				guard let number = object?.doubleValue else { return nil }
				let value = Value(number)
				return value.isFinite ? value : nil
			}
		}
	}

	/// Stores a `String` as a JSON string.
	public struct StringBridge: Bridge, Sendable {
		public typealias Value = String
		public typealias Serializable = JSONValue
		public init() {}

		@inlinable
		public func serialize(_ value: String?) -> JSONValue? {
			value.map(JSONValue.string)
		}

		@inlinable
		public func deserialize(_ object: JSONValue?) -> String? {
			object?.stringValue
		}
	}

	/// Stores a ``Defaults/JSONValue`` as it is. Useful for settings whose shape is not known in advance.
	public struct JSONValueBridge: Bridge, Sendable {
		public typealias Value = JSONValue
		public typealias Serializable = JSONValue
		public init() {}
		@inlinable
		public func serialize(_ value: JSONValue?) -> JSONValue? { value }
		@inlinable
		public func deserialize(_ object: JSONValue?) -> JSONValue? { object }
	}
}

extension Bool: Defaults.Serializable { public static let bridge = Defaults.BoolBridge() }
extension String: Defaults.Serializable { public static let bridge = Defaults.StringBridge() }
extension Defaults.JSONValue: Defaults.Serializable { public static let bridge = Defaults.JSONValueBridge() }

extension Int: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<Int>() }
extension Int8: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<Int8>() }
extension Int16: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<Int16>() }
extension Int32: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<Int32>() }
extension Int64: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<Int64>() }
extension UInt: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<UInt>() }
extension UInt8: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<UInt8>() }
extension UInt16: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<UInt16>() }
extension UInt32: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<UInt32>() }
extension UInt64: Defaults.Serializable { public static let bridge = Defaults.IntegerBridge<UInt64>() }

extension Double: Defaults.Serializable { public static let bridge = Defaults.FloatingPointBridge<Double>() }
extension Float: Defaults.Serializable { public static let bridge = Defaults.FloatingPointBridge<Float>() }
extension CGFloat: Defaults.Serializable { public static let bridge = Defaults.FloatingPointBridge<CGFloat>() }
