import Foundation

/// Unwraps an `Optional` hidden inside an `Any` (UserDefaults hands out arrays of `Any?`).
protocol AnyOptional {
	var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
	var wrappedAny: Any? { map { $0 as Any } }
}

extension Defaults.JSONValue {
	/**
	Converts a Foundation property-list object into a JSON value.

	Accepts `String`, `Bool`, any integer or floating-point type, `NSNumber`,
	`NSNull`, arrays and string-keyed dictionaries of these, and `Date`, `Data`,
	`URL` and `UUID` (converted to their documented string forms). Returns `nil`
	for anything else.

	```swift
	Defaults.JSONValue(propertyList: ["a": 1, "b": [true]] as [String: Any])
	//=> Optional({"a":1,"b":[true]})
	```
	*/
	public init?(propertyList object: Any) {
		switch object {
		case let value as Defaults.JSONValue:
			self = value
		case let optional as AnyOptional:
			guard let wrapped = optional.wrappedAny else {
				self = .null
				return
			}
			self.init(propertyList: wrapped)
		case let value as String:
			self = .string(value)
		case let value as Bool where type(of: object) == Bool.self:
			self = .bool(value)
		case let value as any BinaryInteger:
			if let signed = Int64(exactly: value) {
				self = .integer(signed)
			} else if let unsigned = UInt64(exactly: value) {
				self = .unsignedInteger(unsigned)
			} else {
				return nil
			}
		case let value as any BinaryFloatingPoint:
			self = .double(Double(value))
		case let value as NSNumber:
			switch String(cString: value.objCType) {
			case "c" where String(describing: type(of: value)).contains("Boolean"), "B":
				self = .bool(value.boolValue)
			case "f", "d":
				self = .double(value.doubleValue)
			case "Q", "L", "I", "S", "C":
				self = .unsignedInteger(value.uint64Value)
			default:
				self = .integer(value.int64Value)
			}
		case is NSNull:
			self = .null
		case let value as Date:
			self = .string(ISO8601.string(from: value))
		case let value as Data:
			self = .string(value.base64EncodedString())
		case let value as URL:
			self = .string(value.absoluteString)
		case let value as UUID:
			self = .string(value.uuidString)
		case let value as [Any]:
			var elements: [Defaults.JSONValue] = []
			elements.reserveCapacity(value.count)
			for element in value {
				guard let converted = Self(propertyList: element) else { return nil }
				elements.append(converted)
			}
			self = .array(elements)
		case let value as [String: Any]:
			var members: [String: Defaults.JSONValue] = [:]
			for (key, member) in value {
				guard let converted = Self(propertyList: member) else { return nil }
				members[key] = converted
			}
			self = .object(members)
		case let value as [AnyHashable: Any]:
			var members: [String: Defaults.JSONValue] = [:]
			for (key, member) in value {
				guard let key = key.base as? String, let converted = Self(propertyList: member) else { return nil }
				members[key] = converted
			}
			self = .object(members)
		default:
			return nil
		}
	}

	/// The value as Foundation property-list objects: `NSNull`, `Bool`, `Int`, `UInt64`,
	/// `Double`, `String`, `[Any]` and `[String: Any]`.
	public var propertyList: Any {
		switch self {
		case .null: NSNull()
		case .bool(let value): value
		case .integer(let value): Int(value)
		case .unsignedInteger(let value): value
		case .double(let value): value
		case .string(let value): value
		case .array(let value): value.map(\.propertyList)
		case .object(let value): value.mapValues(\.propertyList)
		}
	}

	/// Whether `null` appears anywhere inside this value (property lists cannot hold it).
	var containsNull: Bool {
		switch self {
		case .null: true
		case .array(let value): value.contains { $0.containsNull }
		case .object(let value): value.values.contains { $0.containsNull }
		default: false
		}
	}
}
