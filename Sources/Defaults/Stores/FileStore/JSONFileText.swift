/**
The text of a JSON settings file as a save finds it, and what the save writes over it.

A file this library wrote (pretty-printed, sorted keys, exactly as ``JSONFileFormat/encode(_:)``
writes it) is saved the same way, writing only the changed members. Any other file (another
program's, edited by hand, with comments or trailing commas) is edited in place: only the
values that changed are written, and everything else stays byte for byte.

```swift
let format = JSONFileFormat()
let bytes = Array("{\n  // Shown in the title bar\n  \"title\": \"Notes\"\n}\n".utf8)
let text = try format.fileText(of: bytes, values: format.decode(bytes), numberTexts: [:])
let saved = try format.text(applying: .init(values: ["title": "Journal"]), to: text, giving: ["title": "Journal"])
String(decoding: saved.bytes, as: UTF8.self)
//=> {\n  // Shown in the title bar\n  "title": "Journal"\n}\n
```
*/
enum JSONFileText: Sendable {
	/// As this library writes its files, with where each member lies.
	case own(PrettyObjectText)
	/// Another program's, with where each member of each object lies.
	case foreign(EditableJSONText)

	/// The text, UTF-8.
	var bytes: [UInt8] {
		switch self {
		case .own(let text): text.bytes
		case .foreign(let text): text.bytes
		}
	}
}

extension JSONFileFormat {
	/// The file for `values`, with where each key's value lies in it, for ``text(applying:to:giving:)``.
	func text(for values: [String: Defaults.JSONValue], capacity: Int) throws(FileFormatError) -> PrettyObjectText {
		do {
			return try PrettyObjectText.writing(values.sorted { $0.key < $1.key }, capacity: capacity)
		} catch {
			throw FileFormatError(error.reason)
		}
	}

	/**
	What a save finds in the file `bytes`, which read as `values` and kept `numberTexts` (the text
	of each key whose value holds a number it does not hold exactly): the library's own text when
	the bytes are exactly what it writes for them, else another program's. `nil` for a file that
	holds nothing to keep: empty, white space only, or an empty object without comments (`{}`).
	*/
	func fileText(
		of bytes: [UInt8], values: [String: Defaults.JSONValue], numberTexts: [String: ArraySlice<UInt8>]
	) throws(FileFormatError) -> JSONFileText? {
		// Without members, a `/` can only start a comment.
		guard !values.isEmpty || bytes.contains(UInt8(ascii: "/")) else { return nil }
		// The library's files start with `{` and a line break (or are `{}`), and end with `}` and one.
		if bytes.starts(with: [UInt8(ascii: "{")]), bytes.count >= 3, bytes[1] == 0x0A || bytes[1] == UInt8(ascii: "}"),
		   bytes.last == 0x0A, bytes[bytes.count - 2] == UInt8(ascii: "}") {
			var own = try text(for: values, capacity: bytes.count + 256)
			if !numberTexts.isEmpty {
				own = own.replacingValueTexts(numberTexts.sorted { $0.key < $1.key }.map { (key: $0.key, text: $0.value) })
			}
			if own.bytes == bytes { return .own(own) }
		}
		do throws(Defaults.JSONParseError) {
			return .foreign(try EditableJSONText(parsing: bytes))
		} catch {
			throw FileFormatError("it is not valid JSON (\(error))", withoutContent: "it is not valid JSON (\(error.descriptionWithoutContent))")
		}
	}

	/**
	The text of the file after `changes`, made to `base` (the file as a save found it; `nil`
	when there is none, or it holds no object), which gives `values`.

	The library's own text gets the changed members written and its keys kept sorted; removing
	every value writes it anew. Another program's text is edited in place
	(``EditableJSONText/applying(_:)``) and read back, and must give `values`: an edit that
	would not is refused rather than written. Without a base, the file is written anew.
	*/
	func text(
		applying changes: Defaults.ChangeBatch, to base: JSONFileText?, giving values: [String: Defaults.JSONValue], capacity: Int = 0
	) throws(FileFormatError) -> JSONFileText {
		switch base {
		case .own(let text)? where !changes.removedAll:
			do {
				return .own(try text.applying(changes.values.sorted { $0.key < $1.key }))
			} catch {
				throw FileFormatError(error.reason)
			}
		case .foreign(let text)?:
			var edits = changes.values
			if changes.removedAll {
				for key in text.values.keys where edits[key] == nil {
					edits[key] = .some(nil)
				}
			}
			let bytes: [UInt8]
			do {
				bytes = try text.applying(edits.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
			} catch {
				throw FileFormatError(error.reason)
			}
			guard let edited = try? EditableJSONText(parsing: bytes), edited.values == values else {
				throw FileFormatError("the file could not be changed in place without changing other values")
			}
			return .foreign(edited)
		default:
			return .own(try text(for: values, capacity: capacity))
		}
	}
}
