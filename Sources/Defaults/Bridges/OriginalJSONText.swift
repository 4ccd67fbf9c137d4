import Foundation

/**
The JSON text the original Defaults library writes for `Codable` values in a `UserDefaults`
suite, and reads back: Foundation's `JSONEncoder` with sorted keys and its default
strategies (a date inside is seconds since 2001, data is base64, `/` is escaped as `\/`),
and `JSONDecoder` with its defaults.

```swift
OriginalJSONText.text(of: Point(x: 1, y: 2))   //=> "{\"x\":1,\"y\":2}"
OriginalJSONText.text(of: URL(string: "https://a.com")!)   //=> "\"https:\\/\\/a.com\""
```

This is not the package's own JSON form (``CodableBridge`` writes dates as ISO 8601 and
keeps a struct as a nested object); it is only used for what a suite holds.
*/
enum OriginalJSONText {
	/// The text for `value`, or `nil` if it cannot be encoded (a non-finite number, say).
	static func text<T: Encodable>(of value: T) -> String? {
		let encoder = JSONEncoder()
		encoder.outputFormatting = .sortedKeys
		guard let data = try? encoder.encode(value) else { return nil }
		return String(decoding: data, as: UTF8.self)
	}

	/// The value of type `T` that `text` encodes, or `nil` if it does not.
	static func value<T: Decodable>(_ type: T.Type, from text: String) -> T? {
		try? JSONDecoder().decode(T.self, from: Data(text.utf8))
	}

	/// The text for a value whose type is `Encodable` only at run time.
	static func text(ofAny value: Any) -> String? {
		guard let encodable = value as? any Encodable else { return nil }
		return text(of: encodable)
	}

	/// A value of `type`, if `type` is `Decodable` at run time and `text` encodes one.
	static func value<T>(ofAny type: T.Type, from text: String) -> T? {
		guard let decodable = type as? any Decodable.Type else { return nil }
		return decodedAny(decodable, from: text) as? T
	}

	private static func decodedAny<D: Decodable>(_ type: D.Type, from text: String) -> Any? {
		value(type, from: text)
	}

	/**
	Whether `text` looks like what the original's version 4 wrote for a collection or a
	`Codable` struct: a JSON array or object in a string (version 5 stores collections as
	property lists). Used only after the value's own forms failed to read.
	*/
	static func looksLikeContainer(_ text: String) -> Bool {
		let first = text.utf8.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
		return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
	}
}
