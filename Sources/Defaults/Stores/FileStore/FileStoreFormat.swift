/**
How a ``FileStore`` turns its values into the bytes of its file and back: the
file's format, apart from how the file is locked, replaced and watched.

JSON (``JSONFileFormat``) is the default. A format of your own only converts:

```swift
struct LinesFormat: FileStoreFormat {
	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Array(values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonString())\n" }.joined().utf8)
	}

	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		var values: [String: Defaults.JSONValue] = [:]
		for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
			guard let equals = line.firstIndex(of: "="),
			      let value = try? Defaults.JSONValue(parsing: String(line[line.index(after: equals)...]))
			else { throw FileFormatError("line \"\(line)\" is not key=JSON") }
			values[String(line[..<equals])] = value
		}
		return values
	}
}

let store = FileStore(url: settingsURL, format: LinesFormat())
```
*/
public protocol FileStoreFormat: Sendable {
	/// The whole file for `values`.
	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8]

	/// The values a whole file holds. Throws when the bytes are not a settings file of
	/// this format; the store then moves the file aside and never overwrites it.
	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue]
}

/// Why bytes are not a settings file of a format, or values cannot be written in it.
public struct FileFormatError: Error, Equatable, Sendable, CustomStringConvertible {
	/// Completes "The settings file … could not be used because …": `it is not valid JSON (…)`.
	public let reason: String

	public init(_ reason: String) {
		self.reason = reason
	}

	public var description: String { reason }
}

/**
The file store's default format: one JSON object from key name to stored value,
pretty-printed with sorted keys so that it diffs well and can be edited by hand.
An empty file (or one of white space only) holds no values.
*/
public struct JSONFileFormat: FileStoreFormat {
	public init() {}

	public func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Defaults.JSONValue.object(values).jsonBytes(pretty: true)
	}

	public func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
			return [:]
		}
		let value: Defaults.JSONValue
		do {
			value = try Defaults.JSONValue(parsing: bytes)
		} catch {
			throw FileFormatError("it is not valid JSON (\(error))")
		}
		guard case .object(let values) = value else {
			throw FileFormatError("it is valid JSON but not a JSON object")
		}
		return values
	}
}

extension FileStoreFormat where Self == JSONFileFormat {
	/// JSON: the file store's default format.
	public static var json: JSONFileFormat { JSONFileFormat() }
}
