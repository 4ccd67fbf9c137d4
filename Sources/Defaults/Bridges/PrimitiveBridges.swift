import Foundation

extension Defaults {
	/// Stores a `Bool` as JSON `true` or `false`. Reading also accepts the numbers `0` and `1`.
	public struct BoolBridge: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = Bool
		/// The stored form: a JSON Boolean.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// JSON `true` or `false`; `nil` for `nil`.
		@inlinable
		public func serialize(_ value: Bool?) -> JSONValue? {
			value.map(JSONValue.bool)
		}

		/// The Boolean of JSON `true` or `false`, or of the integers `1` and `0`; `nil` for anything else.
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
		/// The stored form: a JSON number.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The integer as a JSON number, unsigned only above `Int64.max`; `nil` for `nil`.
		@inlinable
		public func serialize(_ value: Value?) -> JSONValue? {
			guard let value else { return nil }
			if let signed = Int64(exactly: value) { return .integer(signed) }
			return UInt64(exactly: value).map(JSONValue.unsignedInteger)
		}

		/// The integer of a JSON number; `nil` if it is not a number or `Value` cannot hold it exactly.
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
		/// The stored form: a JSON number, or a string for infinity and NaN.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The number as a JSON number in the shortest form that reads back exactly, or the string
		/// `"Infinity"`, `"-Infinity"` or `"NaN"`; `nil` for `nil`.
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

		/// The number of a JSON number or of the strings `"Infinity"`, `"-Infinity"` and `"NaN"`;
		/// `nil` for anything else, or for a number too large for `Value`.
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
		/// The type this bridge stores.
		public typealias Value = String
		/// The stored form: a JSON string.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// A JSON string; `nil` for `nil`.
		@inlinable
		public func serialize(_ value: String?) -> JSONValue? {
			value.map(JSONValue.string)
		}

		/// The text of a JSON string; `nil` if the value is not a string.
		@inlinable
		public func deserialize(_ object: JSONValue?) -> String? {
			object?.stringValue
		}
	}

	/// Stores a ``Defaults/JSONValue`` as it is. Useful for settings whose shape is not known in advance.
	public struct JSONValueBridge: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = JSONValue
		/// The stored form: the value itself.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}
		/// The value, unchanged.
		@inlinable
		public func serialize(_ value: JSONValue?) -> JSONValue? { value }
		/// The stored form, unchanged.
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
