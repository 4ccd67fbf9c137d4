import Foundation

extension Defaults {
	/**
	Stores a `Codable` value as the JSON its `Encodable` implementation produces:
	a struct becomes a nested JSON object, not a string holding JSON.

	Dates inside the value use the same ISO 8601 form as a `Date` setting, `Data`
	is base64, and non-finite numbers are the strings `"Infinity"`, `"-Infinity"`
	and `"NaN"`. A string holding JSON text (the original library's form, read as it
	reads it) is accepted too when the string itself does not decode.
	*/
	public struct CodableBridge<Value: Codable>: Bridge, Sendable {
		/// The stored form: the JSON value the encoded value makes.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// Encodes the value to JSON; `nil` for `nil` or when encoding fails.
		public func serialize(_ value: Value?) -> JSONValue? {
			guard let value else { return nil }
			do {
				let data = try CodableCoding.encoder().encode(value)
				return try JSONValue(parsing: data)
			} catch {
				return nil
			}
		}

		/// Decodes the value from its JSON, or from a string of JSON text (the original library's form);
		/// `nil` when neither decodes.
		public func deserialize(_ object: JSONValue?) -> Value? {
			guard let object else { return nil }
			if let value = try? CodableCoding.decoder().decode(Value.self, from: Data(object.jsonBytes())) {
				return value
			}
			// The original library's form, a string of JSON (a value copied from a suite, say).
			guard let text = object.stringValue else { return nil }
			return OriginalJSONText.value(Value.self, from: text)
		}
	}
}

/// The JSON coders behind ``Defaults/CodableBridge``.
enum CodableCoding {
	static func encoder() -> JSONEncoder {
		let encoder = JSONEncoder()
		encoder.dateEncodingStrategy = .custom { date, encoder in
			var container = encoder.singleValueContainer()
			try container.encode(ISO8601.string(from: date))
		}
		encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
		return encoder
	}

	static func decoder() -> JSONDecoder {
		let decoder = JSONDecoder()
		decoder.dateDecodingStrategy = .custom { decoder in
			let container = try decoder.singleValueContainer()
			if let seconds = try? container.decode(Double.self) {
				return Date(timeIntervalSince1970: seconds)
			}
			let text = try container.decode(String.self)
			guard let date = ISO8601.date(from: text) else {
				throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date")
			}
			return date
		}
		decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
		return decoder
	}
}
