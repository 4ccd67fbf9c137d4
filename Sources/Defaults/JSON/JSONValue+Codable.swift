extension Defaults.JSONValue: Codable {
	/// Decodes the JSON value the decoder holds, trying in turn `null`, a Boolean, an `Int64`,
	/// a `UInt64`, a `Double`, a string, an array and an object; throws the decoder's error if it is none of these.
	public init(from decoder: any Decoder) throws {
		let container = try decoder.singleValueContainer()
		if container.decodeNil() {
			self = .null
		} else if let value = try? container.decode(Bool.self) {
			self = .bool(value)
		} else if let value = try? container.decode(Int64.self) {
			self = .integer(value)
		} else if let value = try? container.decode(UInt64.self) {
			self = .unsignedInteger(value)
		} else if let value = try? container.decode(Double.self) {
			self = .double(value)
		} else if let value = try? container.decode(String.self) {
			self = .string(value)
		} else if let value = try? container.decode([Defaults.JSONValue].self) {
			self = .array(value)
		} else {
			self = .object(try container.decode([String: Defaults.JSONValue].self))
		}
	}

	/// Encodes the value as the matching single value of the encoder; throws what the encoder throws.
	public func encode(to encoder: any Encoder) throws {
		var container = encoder.singleValueContainer()
		switch self {
		case .null: try container.encodeNil()
		case .bool(let value): try container.encode(value)
		case .integer(let value): try container.encode(value)
		case .unsignedInteger(let value): try container.encode(value)
		case .double(let value): try container.encode(value)
		case .string(let value): try container.encode(value)
		case .array(let value): try container.encode(value)
		case .object(let value): try container.encode(value)
		}
	}
}
