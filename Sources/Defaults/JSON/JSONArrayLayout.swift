/// Where an array and each of its elements lie in the text it was read from (byte offsets):
/// what an edit in place needs to insert, remove, move or change one element and keep the others' bytes.
///
/// Read when an edit needs it (``EditableJSONText/arrayLayout(at:depth:)``), not with the whole
/// text: reading a file records its objects only, and most saves change no array.
struct JSONArrayLayout: Sendable, Equatable {
	/// From the `[` to just after the `]`.
	let range: Range<Int>
	/// The elements in the order of the text.
	let elements: [Element]
	/// The objects nested in the elements, each after the objects nested in it (what ``Element/object`` counts in).
	let objects: [JSONObjectLayout]

	/// Where one element lies.
	struct Element: Sendable, Equatable {
		/// The value's text, from its first byte to its last.
		let range: Range<Int>
		/// The comma after the value, if there is one (after the last element only where the text has a trailing comma).
		let comma: Int?
		/// When the value is an object, its index in the objects read.
		let object: Int?

		/// Where the element's text ends: after its comma, or after its value.
		var end: Int { comma.map { $0 + 1 } ?? range.upperBound }
	}

	/// The offset of the `[`.
	var open: Int { range.lowerBound }
	/// The offset of the `]`.
	var close: Int { range.upperBound - 1 }
}

extension EditableJSONText {
	/// Where the array whose `[` is at `offset` lies, read again from the text; `nil` when no
	/// array starts there. `depth` is the array's depth in the text (the top object's at 0).
	func arrayLayout(at offset: Int, depth: Int) -> JSONArrayLayout? {
		guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else { return nil }
		return bytes.withUnsafeBufferPointer { buffer in
			var parser = JSONParser(bytes: buffer, keepsNumbersOutOfRange: true, allowsComments: true, recordsObjects: true)
			parser.position = offset + 1
			// Read as the parser reads an array (its own reading records nothing, to stay as fast as it is).
			var elements: [JSONArrayLayout.Element] = []
			do throws(Defaults.JSONParseError) {
				while true {
					try parser.skipWhitespace()
					guard parser.position < buffer.count else { return nil }
					if buffer[parser.position] == UInt8(ascii: "]"), elements.isEmpty || elements.last?.comma != nil {
						return JSONArrayLayout(range: offset..<parser.position + 1, elements: elements, objects: parser.objects ?? [])
					}
					let start = parser.position
					let value = try parser.parseValue(depth: depth + 1)
					let end = parser.position
					try parser.skipWhitespace()
					guard parser.position < buffer.count else { return nil }
					let object: Int? = if case .object = value, let objects = parser.objects { objects.count - 1 } else { nil }
					switch buffer[parser.position] {
					case UInt8(ascii: ","):
						elements.append(JSONArrayLayout.Element(range: start..<end, comma: parser.position, object: object))
						parser.position += 1
					case UInt8(ascii: "]"):
						elements.append(JSONArrayLayout.Element(range: start..<end, comma: nil, object: object))
						return JSONArrayLayout(range: offset..<parser.position + 1, elements: elements, objects: parser.objects ?? [])
					default:
						return nil
					}
				}
			} catch {
				return nil
			}
		}
	}
}
