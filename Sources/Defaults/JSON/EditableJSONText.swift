/**
The text of a settings file that another program wrote (JSON, or JSON with comments), with
where each member of its objects lies, so that a change rewrites only the bytes of what changed.

A file store edits such a file in place: a `tsconfig.json`, an editor's `settings.json`, a
`.prettierrc` keeps its comments, key order, indentation, blank lines, trailing commas and line
endings byte for byte, and only the values that changed are written, in the file's own style.

```swift
let text = try EditableJSONText(parsing: Array("{\n\t// Spaces, not tabs\n\t\"tabSize\": 4\n}\n".utf8))
let edited = try text.applying([("tabSize", 2)])
String(decoding: edited, as: UTF8.self)
//=> {\n\t// Spaces, not tabs\n\t"tabSize": 2\n}\n
```
*/
struct EditableJSONText: Sendable {
	/// The text, UTF-8.
	let bytes: [UInt8]
	/// The members of the top object, as the file store's JSON format reads them.
	let values: [String: Defaults.JSONValue]
	/// Where each object lies; nested objects come before the object they are in, the top object last.
	let objects: [JSONObjectLayout]
	/// How the text is laid out, for the values written into it.
	let style: JSONTextStyle

	/// Reads `bytes`, which must hold one object (comments and trailing commas allowed).
	/// Throws ``Defaults/JSONParseError`` when they do not.
	init(parsing bytes: [UInt8]) throws(Defaults.JSONParseError) {
		var warnings: [Defaults.JSONParseWarning] = []
		let parsed = bytes.withUnsafeBufferPointer { buffer in
			Result { () throws(Defaults.JSONParseError) in
				try Defaults.JSONValue.parsingFile(buffer, warnings: &warnings, recordingObjects: true)
			}
		}
		let (value, _, objects) = try parsed.get()
		guard case .object(let values) = value, !objects.isEmpty else {
			throw Defaults.JSONParseError(reason: "the text is not a JSON object", line: 1, column: 1)
		}
		self.bytes = bytes
		self.values = values
		self.objects = objects
		style = JSONTextStyle(of: bytes, objects: objects)
	}
}

/// Where an object and each of its members lie in the text it was read from (byte offsets).
struct JSONObjectLayout: Sendable {
	/// From the `{` to just after the `}`.
	let range: Range<Int>
	/// The members in the order of the text; a repeated key appears each time.
	let members: [Member]

	/// Where one member lies.
	struct Member: Sendable {
		/// The key, unescaped.
		let key: String
		/// The key with its quotes.
		let keyRange: Range<Int>
		/// The value's text, from its first byte to its last.
		let valueRange: Range<Int>
		/// The comma after the value, if there is one (after the last member only where the text has trailing commas).
		let comma: Int?
		/// When the value is an object, its index in the objects read.
		let object: Int?

		/// Where the member's text ends: after its comma, or after its value.
		var end: Int { comma.map { $0 + 1 } ?? valueRange.upperBound }
	}

	/// The offset of the `{`.
	var open: Int { range.lowerBound }
	/// The offset of the `}`.
	var close: Int { range.upperBound - 1 }
}
