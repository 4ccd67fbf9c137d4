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
	/// Where each object lies; nested objects come before the object they are in, the top object last.
	let objects: [JSONObjectLayout]
	/// How the text is laid out, for the values written into it.
	let style: JSONTextStyle
	/// Where each key of the top object is among its members (the last time, for a key written
	/// more than once): an edit finds a member without going through all of them.
	let memberPositions: [String: Int]

	/// Reads `bytes`, which must hold one object (comments and trailing commas allowed).
	/// Throws ``Defaults/JSONParseError`` when they do not.
	init(parsing bytes: [UInt8]) throws(Defaults.JSONParseError) {
		self = try Self.reading(bytes).text
	}

	/// The text `bytes` and the values of its top object, read once; throws as ``init(parsing:)``.
	static func reading(_ bytes: [UInt8]) throws(Defaults.JSONParseError) -> (text: EditableJSONText, values: [String: Defaults.JSONValue]) {
		var warnings: [Defaults.JSONParseWarning] = []
		let parsed = bytes.withUnsafeBufferPointer { buffer in
			Result { () throws(Defaults.JSONParseError) in
				try Defaults.JSONValue.parsingFile(buffer, warnings: &warnings, recordingObjects: true)
			}
		}
		let (value, _, objects) = try parsed.get()
		guard case .object(let values) = value, let text = EditableJSONText(bytes: bytes, objects: objects) else {
			throw Defaults.JSONParseError(reason: "the text is not a JSON object", line: 1, column: 1)
		}
		return (text, values)
	}

	/// The text `bytes`, whose objects a parse recorded as `objects`; `nil` when it recorded none.
	init?(bytes: [UInt8], objects: [JSONObjectLayout]) {
		guard let top = objects.last else { return nil }
		var positions: [String: Int] = [:]
		positions.reserveCapacity(top.keys.count)
		for (position, key) in top.keys.enumerated() {
			positions[key] = position
		}
		self.init(bytes: bytes, objects: objects, memberPositions: positions)
	}

	/// The parts, as they are (`objects` must not be empty).
	init(bytes: [UInt8], objects: [JSONObjectLayout], memberPositions: [String: Int]) {
		self.bytes = bytes
		self.objects = objects
		self.memberPositions = memberPositions
		style = JSONTextStyle(of: bytes, objects: objects)
	}

	/// Whether the top object has a key more than once.
	var hasRepeatedKeys: Bool {
		memberPositions.count != (objects.last?.members.count ?? 0)
	}

	/// The members of the top object, as the file store's JSON format reads them, read from the
	/// text anew (the text keeps no values: the store that edits it holds them).
	var values: [String: Defaults.JSONValue] {
		(try? Self.reading(bytes).values) ?? [:]
	}

	/// The value of `key` in the top object (where it is read: its last occurrence), read from
	/// its text; `nil` when the object has no such key.
	func value(forKey key: String) -> Defaults.JSONValue? {
		guard let position = memberPositions[key], let top = objects.last else { return nil }
		let start = top.members[position].valueRange.lowerBound
		return bytes.withUnsafeBufferPointer { buffer in
			// Read as the whole text was: from where the value starts, one level down.
			var parser = JSONParser(bytes: buffer, keepsNumbersOutOfRange: true, allowsComments: true)
			parser.position = start
			return try? parser.parseValue(depth: 1)
		}
	}
}

/// Where an object and each of its members lie in the text it was read from (byte offsets).
struct JSONObjectLayout: Sendable, Equatable {
	/// From the `{` to just after the `}`.
	let range: Range<Int>
	/// The members in the order of the text; a repeated key appears each time.
	let members: [Member]
	/// The key of each member, unescaped, in the same order (apart, so that moving the members
	/// along the text copies only numbers).
	let keys: [String]

	/// Where one member lies.
	struct Member: Sendable, Equatable {
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
