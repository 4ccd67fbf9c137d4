import Foundation

extension Defaults {
	/**
	Stores a `Date` as an ISO 8601 string in UTC, with as many fraction digits
	as it takes to read back the exact same date: `"2026-11-22T05:07:44.5Z"`.

	Reading also accepts a date without a time (`"2026-11-22"`, midnight UTC),
	an offset instead of `Z` (`"2026-11-22T07:07:44+02:00"`), and a JSON number
	of seconds since 1970.
	*/
	public struct DateBridge: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = Date
		/// The stored form: an ISO 8601 string.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The date as an ISO 8601 string in UTC; `nil` for `nil`.
		public func serialize(_ value: Date?) -> JSONValue? {
			value.map { .string(ISO8601.string(from: $0)) }
		}

		/// The date of an ISO 8601 string or of a number of seconds since 1970; `nil` for anything else.
		public func deserialize(_ object: JSONValue?) -> Date? {
			switch object {
			case .string(let text): ISO8601.date(from: text)
			case .integer, .unsignedInteger, .double: object?.doubleValue.map(Date.init(timeIntervalSince1970:))
			default: nil
			}
		}
	}

	/// Stores `Data` as a base64 string (RFC 4648, with padding).
	public struct DataBridge: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = Data
		/// The stored form: a base64 string.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The bytes as a base64 string; `nil` for `nil`.
		public func serialize(_ value: Data?) -> JSONValue? {
			value.map { .string($0.base64EncodedString()) }
		}

		/// The bytes of a base64 string; `nil` if it is not a string or not valid base64.
		public func deserialize(_ object: JSONValue?) -> Data? {
			object?.stringValue.flatMap { Data(base64Encoded: $0) }
		}
	}

	/// Stores a `URL` as its absolute string: `"https://example.com/a"`, `"file:///home/me/notes.txt"`.
	/// Reading also accepts the original library's form, the URL as a JSON string in a string.
	public struct URLBridge: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = URL
		/// The stored form: the URL's absolute string.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The URL's absolute string; `nil` for `nil`.
		public func serialize(_ value: URL?) -> JSONValue? {
			value.map { .string($0.absoluteString) }
		}

		/// The URL of a string, or of a quoted JSON string (the original library's form);
		/// `nil` for an empty string, a value that is not a string, or text that is not a URL.
		public func deserialize(_ object: JSONValue?) -> URL? {
			guard let text = object?.stringValue, !text.isEmpty else { return nil }
			// The original library's form is a JSON string (`"https:\/\/a.com"`, quotes included);
			// a URL never starts with a quote.
			if text.hasPrefix("\"") { return OriginalJSONText.value(URL.self, from: text) }
			return URL(string: text)
		}
	}

	/// Stores a `UUID` as its string form: `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`. Reading ignores case.
	public struct UUIDBridge: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = UUID
		/// The stored form: the UUID's string.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The UUID's string, in upper case; `nil` for `nil`.
		public func serialize(_ value: UUID?) -> JSONValue? {
			value.map { .string($0.uuidString) }
		}

		/// The UUID of a string in either case; `nil` if it is not a string or not a UUID.
		public func deserialize(_ object: JSONValue?) -> UUID? {
			object?.stringValue.flatMap { UUID(uuidString: $0) }
		}
	}
}

extension Date: Defaults.Serializable { public static let bridge = Defaults.DateBridge() }
extension Data: Defaults.Serializable { public static let bridge = Defaults.DataBridge() }
extension URL: Defaults.Serializable { public static let bridge = Defaults.URLBridge() }
extension UUID: Defaults.Serializable { public static let bridge = Defaults.UUIDBridge() }
