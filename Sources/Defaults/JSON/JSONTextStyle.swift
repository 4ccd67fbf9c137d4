/**
How a JSON file lays out its text: the line ending, one level of indentation, whether its
objects end with a comma, and what stands between a key and its value.

A value written into another program's file (see ``EditableJSONText``) follows the file's
style, read from the file itself, so that it looks as if it had always been there.

```swift
let text = try EditableJSONText(parsing: Array("{\r\n\t\"a\": 1,\r\n}".utf8))
text.style.lineEnding == Array("\r\n".utf8)     //=> true
text.style.indentation == [0x09]                //=> true (a tab)
text.style.usesTrailingCommas                   //=> true
```
*/
struct JSONTextStyle: Sendable, Equatable {
	/// `\n`, or `\r\n` when the file's first line ends so.
	var lineEnding: [UInt8]
	/// One level of indentation: two or four spaces, a tab; two spaces when the file shows none.
	var indentation: [UInt8]
	/// What separates a key from its value, colon included: `: ` unless the file writes it otherwise.
	var keySeparator: [UInt8]
	/// Whether the file puts members on lines of their own; `false` for a file of one line,
	/// whose new values are written on one line too.
	var isMultiline: Bool
	/// Whether the file's objects put a comma after their last member.
	var usesTrailingCommas: Bool

	/// The style of the library's own files: `\n`, two spaces, `": "`, no trailing commas.
	static let standard = JSONTextStyle(
		lineEnding: [0x0A], indentation: [0x20, 0x20], keySeparator: Array(": ".utf8), isMultiline: true, usesTrailingCommas: false
	)

	/// The style of `bytes`, whose objects lie as `objects` say (the top object last).
	init(of bytes: [UInt8], objects: [JSONObjectLayout]) {
		self = .standard
		if let newline = bytes.firstIndex(of: 0x0A), newline > 0, bytes[newline - 1] == 0x0D {
			lineEnding = [0x0D, 0x0A]
		}
		guard let top = objects.last else { return }
		isMultiline = top.members.isEmpty || bytes[top.range].contains(0x0A)
		usesTrailingCommas = objects.contains { $0.members.last?.comma != nil }
		if let separator = Self.keySeparator(in: bytes, objects: objects) {
			keySeparator = separator
		}
		if let unit = Self.indentation(in: bytes, objects: objects) {
			indentation = unit
		}
	}

	private init(lineEnding: [UInt8], indentation: [UInt8], keySeparator: [UInt8], isMultiline: Bool, usesTrailingCommas: Bool) {
		self.lineEnding = lineEnding
		self.indentation = indentation
		self.keySeparator = keySeparator
		self.isMultiline = isMultiline
		self.usesTrailingCommas = usesTrailingCommas
	}

	/// What the first member of the text (the top object's, if it has one) puts between its key
	/// and its value, when that is a colon with spaces or tabs only around it.
	private static func keySeparator(in bytes: [UInt8], objects: [JSONObjectLayout]) -> [UInt8]? {
		for object in objects.reversed() {
			guard let member = object.members.first else { continue }
			let separator = bytes[member.keyRange.upperBound..<member.valueRange.lowerBound]
			let colons = separator.filter { $0 == UInt8(ascii: ":") }.count
			guard colons == 1, separator.allSatisfy({ $0 == UInt8(ascii: ":") || TextLine.isBlank($0) }) else { return nil }
			return Array(separator)
		}
		return nil
	}

	/// How much deeper than its object's line the first member on a line of its own is indented
	/// (the top object's first, if it has one).
	private static func indentation(in bytes: [UInt8], objects: [JSONObjectLayout]) -> [UInt8]? {
		for object in objects.reversed() {
			let outer = TextLine.indentation(ofLineAt: object.open, in: bytes)
			for member in object.members {
				guard let lineStart = TextLine.start(ifOnlyIndentationBefore: member.keyRange.lowerBound, in: bytes) else { continue }
				let inner = bytes[lineStart..<member.keyRange.lowerBound]
				if inner.count > outer.count, inner.starts(with: outer) {
					return Array(inner.dropFirst(outer.count))
				}
				break
			}
		}
		return nil
	}
}
