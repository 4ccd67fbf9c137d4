/**
The file store's default format: one JSON object from key name to stored value.

The object is pretty-printed with sorted keys so that it diffs well and can be edited by hand.
An empty file (or one of white space only) holds no values; a leading byte-order mark
is skipped; a number too large for any number type is kept as its text and reported
for its key alone.

Files that other programs write are read too, also with comments (`//` and `/* */`) and
a comma after the last member or element, as editors' and build tools' settings files
(`tsconfig.json`, `settings.json`) have them. A ``FileStore`` saves such a file by
changing it in place: only the values that changed are written, in the file's own style,
and its comments, key order, indentation and line endings stay as they were.

```swift
let store = FileStore(url: settingsURL, format: .json)   // the same as leaving out `format`

let format = JSONFileFormat()
let bytes = try format.encode(["fontSize": 14, "theme": "dark"])
let values = try format.decode(bytes)                    // ["fontSize": 14, "theme": "dark"]
```
*/
public struct JSONFileFormat: FileStoreFormat {
	/// The JSON format.
	public init() {}

	/// `json`, and `jsonc` (JSON with comments, as editors name their settings files).
	public var fileExtensions: [String] { ["json", "jsonc"] }

	/// `settings.json`: a program's settings file in its folder (the standard store's, and
	/// each system-wide layer's).
	public var standardFileName: String { "settings.json" }

	/// The values as one pretty-printed JSON object with sorted keys, ending in a newline. Throws ``FileFormatError``
	/// for a value nested deeper than ``Defaults/JSONValue/maximumNestingDepth``.
	public func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		do {
			// Refuses what the parser would refuse to read back (values nested too deeply).
			return try Defaults.JSONValue.object(values).checkedJSONBytes(pretty: true)
		} catch {
			throw FileFormatError(error.reason)
		}
	}

	/// The members of the file's JSON object; an empty file, or one of white space only, holds none.
	/// Comments and trailing commas are read (and skipped). Throws ``FileFormatError`` when the
	/// bytes are not valid JSON (with or without comments) or not a JSON object.
	public func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		var problems: [FileFormatProblem] = []
		return try decode(bytes, problems: &problems)
	}

	/// Also reports numbers out of range (kept as their text) by key, rather than failing the file.
	public func decode(_ bytes: [UInt8], problems: inout [FileFormatProblem]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		try decodeKeepingNumberTexts(bytes, problems: &problems).values
	}

	/// ``decode(_:problems:)``, with the value text of each key whose value holds a number that
	/// it does not hold exactly (`1e400`, an integer of 30 digits): a save writes that text again
	/// while the key keeps the value read. With `recordingObjects`, also the text with where each
	/// member lies, for editing it in place, from the same reading (`nil` for a file that holds nothing).
	func decodeKeepingNumberTexts(
		_ bytes: [UInt8], problems: inout [FileFormatProblem], recordingObjects: Bool = false
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], numberTexts: [String: ArraySlice<UInt8>], text: EditableJSONText?) {
		if Self.holdsNothing(bytes) {
			return ([:], [:], nil)
		}
		var warnings: [Defaults.JSONParseWarning] = []
		let parsed = bytes.withUnsafeBufferPointer { buffer in
			Result { () throws(Defaults.JSONParseError) in
				try Defaults.JSONValue.parsingFile(buffer, warnings: &warnings, recordingObjects: recordingObjects)
			}
		}
		let value: Defaults.JSONValue
		let inexactMembers: [(key: String, range: Range<Int>)]
		let objects: [JSONObjectLayout]
		do throws(Defaults.JSONParseError) {
			(value, inexactMembers, objects) = try parsed.get()
		} catch {
			throw FileFormatError("it is not valid JSON (\(error))", withoutContent: "it is not valid JSON (\(error.descriptionWithoutContent))")
		}
		guard case .object(let values) = value else {
			let reason = "it is valid JSON but not a JSON object (\(Self.placeOfFirstValue(in: bytes)): the file holds \(value.typeName == "array" ? "an" : "a") \(value.typeName))"
			throw FileFormatError(reason, withoutContent: reason)
		}
		problems += warnings.map { FileFormatProblem(key: $0.path.first?.key ?? "", reason: "\($0)") }
		var numberTexts: [String: ArraySlice<UInt8>] = [:]
		for member in inexactMembers {
			numberTexts[member.key] = bytes[member.range]
		}
		let text = recordingObjects ? EditableJSONText(bytes: bytes, objects: objects) : nil
		return (values, numberTexts, text)
	}

	/// "line L, column C" of the file's first byte that is not white space (after a byte-order mark).
	static func placeOfFirstValue(in bytes: [UInt8]) -> String {
		var line = 1
		var column = 1
		for byte in bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...] {
			switch byte {
			case 0x0A: line += 1; column = 1
			case 0x20, 0x09, 0x0D: column += 1
			default: return "line \(line), column \(column)"
			}
		}
		return "line \(line), column \(column)"
	}

	/// Whether a file holds no values: it is empty, or white space only (after a byte-order mark).
	static func holdsNothing(_ bytes: [UInt8]) -> Bool {
		let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
		return content.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
	}
}

extension FileStoreFormat where Self == JSONFileFormat {
	/// JSON: the file store's default format.
	public static var json: JSONFileFormat { JSONFileFormat() }
}
