extension Defaults {
	/**
	A JSON-compatible value: the form in which every setting is stored.

	Bridges turn typed values into a `JSONValue` and back, and every store
	(``InMemoryStore``, `UserDefaults`, the JSON file store) holds these. The
	editor and the command line read and write settings in this form too.

	Integers and floating-point numbers are kept apart so that large integers
	never lose precision, but they compare as JSON numbers: `1` equals `1.0`.

	```swift
	let value: Defaults.JSONValue = ["name": "Hello", "age": 24, "tags": ["a", "b"]]
	print(value)
	//=> {"age":24,"name":"Hello","tags":["a","b"]}
	```
	*/
	public enum JSONValue: Sendable {
		/// JSON `null`.
		case null
		/// `true` or `false`.
		case bool(Bool)
		/// An integer that fits in `Int64`.
		case integer(Int64)
		/// An integer above `Int64.max`.
		case unsignedInteger(UInt64)
		/// A floating-point number.
		case double(Double)
		/// A string.
		case string(String)
		/// An array of values.
		case array([JSONValue])
		/// An object. Keys are written in sorted order.
		case object([String: JSONValue])
	}
}

extension Defaults.JSONValue {
	/// Whether this is `null`.
	public var isNull: Bool {
		if case .null = self { return true }
		return false
	}

	/// The Boolean, if this is `true` or `false`.
	@inlinable
	public var boolValue: Bool? {
		if case .bool(let value) = self { return value }
		return nil
	}

	/// The string, if this is a string.
	@inlinable
	public var stringValue: String? {
		if case .string(let value) = self { return value }
		return nil
	}

	/// The number as a `Double`, if this is any number.
	@inlinable
	public var doubleValue: Double? {
		switch self {
		case .integer(let value): Double(value)
		case .unsignedInteger(let value): Double(value)
		case .double(let value): value
		default: nil
		}
	}

	/// The number converted exactly to the integer type `T`, if this is a number
	/// that `T` can represent without rounding or overflow.
	@inlinable
	public func integerValue<T: FixedWidthInteger>(as type: T.Type = T.self) -> T? {
		switch self {
		case .integer(let value): T(exactly: value)
		case .unsignedInteger(let value): T(exactly: value)
		case .double(let value): value.isFinite ? T(exactly: value) : nil
		default: nil
		}
	}

	/// The elements, if this is an array.
	public var arrayValue: [Defaults.JSONValue]? {
		if case .array(let value) = self { return value }
		return nil
	}

	/// The members, if this is an object.
	public var objectValue: [String: Defaults.JSONValue]? {
		if case .object(let value) = self { return value }
		return nil
	}

	/// A short name of the JSON type, for messages: `null`, `boolean`, `number`, `string`, `array` or `object`.
	public var typeName: String {
		switch self {
		case .null: "null"
		case .bool: "boolean"
		case .integer, .unsignedInteger, .double: "number"
		case .string: "string"
		case .array: "array"
		case .object: "object"
		}
	}
}

// MARK: - Equality

extension Defaults.JSONValue: Hashable {
	/// A number in one canonical form, so that `1`, `1.0` and `UInt64(1)` compare and hash alike.
	private enum CanonicalNumber: Hashable {
		case signed(Int64)
		case unsigned(UInt64)
		case floating(Double)
	}

	private var canonicalNumber: CanonicalNumber? {
		switch self {
		case .integer(let value):
			return .signed(value)
		case .unsignedInteger(let value):
			if let signed = Int64(exactly: value) { return .signed(signed) }
			return .unsigned(value)
		case .double(let value):
			if let signed = Int64(exactly: value) { return .signed(signed) }
			if let unsigned = UInt64(exactly: value) { return .unsigned(unsigned) }
			return .floating(value)
		default:
			return nil
		}
	}

	/// Whether two values are equal, numbers compared by their numeric value: `1` equals `1.0`.
	public static func == (lhs: Self, rhs: Self) -> Bool {
		switch (lhs, rhs) {
		case (.null, .null):
			true
		case (.bool(let left), .bool(let right)):
			left == right
		case (.string(let left), .string(let right)):
			left == right
		case (.array(let left), .array(let right)):
			left == right
		case (.object(let left), .object(let right)):
			left == right
		default:
			lhs.canonicalNumber.map { $0 == rhs.canonicalNumber } ?? false
		}
	}

	/// Hashes numbers by their numeric value, so that values that compare equal (`1` and `1.0`) hash alike.
	public func hash(into hasher: inout Hasher) {
		switch self {
		case .null:
			hasher.combine(0)
		case .bool(let value):
			hasher.combine(1)
			hasher.combine(value)
		case .integer, .unsignedInteger, .double:
			hasher.combine(2)
			hasher.combine(canonicalNumber)
		case .string(let value):
			hasher.combine(3)
			hasher.combine(value)
		case .array(let value):
			hasher.combine(4)
			hasher.combine(value)
		case .object(let value):
			hasher.combine(5)
			hasher.combine(value)
		}
	}
}

extension Defaults.JSONValue {
	/// A total order used to write sets in a stable order, so that files diff well.
	static func sortsBefore(_ lhs: Self, _ rhs: Self) -> Bool {
		func rank(_ value: Self) -> Int {
			switch value {
			case .null: 0
			case .bool: 1
			case .integer, .unsignedInteger, .double: 2
			case .string: 3
			case .array: 4
			case .object: 5
			}
		}
		switch (lhs, rhs) {
		case (.bool(let left), .bool(let right)):
			return !left && right
		case (.string(let left), .string(let right)):
			return left < right
		case (.integer(let left), .integer(let right)):
			return left < right
		default:
			let leftRank = rank(lhs)
			let rightRank = rank(rhs)
			if leftRank != rightRank { return leftRank < rightRank }
			if leftRank == 2, let left = lhs.doubleValue, let right = rhs.doubleValue, left != right {
				return left < right
			}
			return lhs.jsonString() < rhs.jsonString()
		}
	}
}

// MARK: - Literals

extension Defaults.JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
	ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
	/// A JSON `null`.
	public init(nilLiteral: ()) { self = .null }
	/// A ``Defaults/JSONValue/bool(_:)``.
	public init(booleanLiteral value: Bool) { self = .bool(value) }
	/// An ``Defaults/JSONValue/integer(_:)``.
	public init(integerLiteral value: Int64) { self = .integer(value) }
	/// A ``Defaults/JSONValue/double(_:)``.
	public init(floatLiteral value: Double) { self = .double(value) }
	/// A ``Defaults/JSONValue/string(_:)``.
	public init(stringLiteral value: String) { self = .string(value) }
	/// An ``Defaults/JSONValue/array(_:)`` of the elements.
	public init(arrayLiteral elements: Self...) { self = .array(elements) }

	/// An ``Defaults/JSONValue/object(_:)`` of the members; of two equal keys, the last one wins.
	public init(dictionaryLiteral elements: (String, Self)...) {
		self = .object(Dictionary(elements) { _, last in last })
	}
}

extension Defaults.JSONValue: CustomStringConvertible {
	/// The value as compact JSON text.
	public var description: String { jsonString() }
}
