import Defaults

extension TOMLParser {
	/// A value: a string (four forms), an integer, a float, a Boolean, a date or time (kept as
	/// its text), an array or an inline table.
	mutating func parseValue(depth: Int) throws(TOMLSyntaxError) -> Defaults.JSONValue {
		guard depth < Defaults.JSONValue.maximumNestingDepth else {
			throw error("values are nested too deeply (more than \(Defaults.JSONValue.maximumNestingDepth) levels of tables and arrays)")
		}
		guard let byte = peek() else { throw error("a value is missing") }
		switch byte {
		case UInt8(ascii: "\""):
			return .string(bytes[position...].starts(with: Array("\"\"\"".utf8)) ? try parseMultiLineString(quote: UInt8(ascii: "\"")) : try parseBasicString())
		case UInt8(ascii: "'"):
			return .string(bytes[position...].starts(with: Array("'''".utf8)) ? try parseMultiLineString(quote: UInt8(ascii: "'")) : try parseLiteralString())
		case UInt8(ascii: "["):
			return try parseArray(depth: depth)
		case UInt8(ascii: "{"):
			return try parseInlineTable(depth: depth)
		default:
			return try parseScalar()
		}
	}

	mutating func parseArray(depth: Int) throws(TOMLSyntaxError) -> Defaults.JSONValue {
		position += 1
		var elements: [Defaults.JSONValue] = []
		while true {
			try skipBlankLinesAndComments()
			if peek() == UInt8(ascii: "]") {
				position += 1
				return .array(elements)
			}
			elements.append(try parseValue(depth: depth + 1))
			try skipBlankLinesAndComments()
			guard let byte = peek() else { throw error("the array is not closed with ]") }
			if byte == UInt8(ascii: ",") {
				position += 1
			} else if byte != UInt8(ascii: "]") {
				throw error("expected , or ] in the array")
			}
		}
	}

	mutating func parseInlineTable(depth: Int) throws(TOMLSyntaxError) -> Defaults.JSONValue {
		position += 1
		let table = TOMLTable(origin: .inline)
		skipBlank()
		if peek() == UInt8(ascii: "}") {
			position += 1
			return table.jsonValue
		}
		while true {
			try parseKeyValue(into: table, basePath: [], recording: false, depth: depth + 1)
			skipBlank()
			guard let byte = peek() else { throw error("the inline table is not closed with }") }
			position += 1
			if byte == UInt8(ascii: "}") { return table.jsonValue }
			guard byte == UInt8(ascii: ",") else {
				position -= 1
				throw error("expected , or } in the inline table (an inline table stays on one line)")
			}
		}
	}

	mutating func skipBlankLinesAndComments() throws(TOMLSyntaxError) {
		while true {
			skipBlank()
			guard let byte = peek() else { return }
			if byte == UInt8(ascii: "#") {
				try skipComment()
			} else if byte == 0x0A {
				position += 1
			} else if byte == 0x0D, peek(1) == 0x0A {
				position += 2
			} else {
				return
			}
		}
	}

	// MARK: Strings

	/// `'…'`: no escapes, on one line.
	mutating func parseLiteralString() throws(TOMLSyntaxError) -> String {
		position += 1
		let start = position
		while let byte = peek(), byte != UInt8(ascii: "'") {
			if byte == 0x0A || (byte < 0x20 && byte != 0x09) || byte == 0x7F { throw error("a control character or line end in a string") }
			position += 1
		}
		guard peek() != nil else { throw error("the string is not closed") }
		let text = String(decoding: bytes[start..<position], as: UTF8.self)
		position += 1
		return text
	}

	/// `"…"`: escapes, on one line.
	mutating func parseBasicString() throws(TOMLSyntaxError) -> String {
		position += 1
		var text: [UInt8] = []
		while true {
			guard let byte = peek() else { throw error("the string is not closed") }
			switch byte {
			case UInt8(ascii: "\""):
				position += 1
				return String(decoding: text, as: UTF8.self)
			case UInt8(ascii: "\\"):
				try parseEscape(into: &text)
			default:
				if byte == 0x0A || (byte < 0x20 && byte != 0x09) || byte == 0x7F { throw error("a control character or line end in a string") }
				text.append(byte)
				position += 1
			}
		}
	}

	/// `"""…"""` or `'''…'''`: a line end right after the opening quotes is left out; in a basic
	/// one, a backslash at the end of a line leaves out the line end and the blanks that follow.
	mutating func parseMultiLineString(quote: UInt8) throws(TOMLSyntaxError) -> String {
		position += 3
		if peek() == 0x0A {
			position += 1
		} else if peek() == 0x0D, peek(1) == 0x0A {
			position += 2
		}
		var text: [UInt8] = []
		while true {
			guard let byte = peek() else { throw error("the multi-line string is not closed") }
			if byte == quote {
				var count = 0
				while peek(count) == quote { count += 1 }
				if count >= 3 {
					guard count <= 5 else { throw error("too many quotes closing the string") }
					text += Array(repeating: quote, count: count - 3)
					position += count
					return String(decoding: text, as: UTF8.self)
				}
				text += Array(repeating: quote, count: count)
				position += count
			} else if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
				var after = 1
				while let next = peek(after), next == 0x20 || next == 0x09 { after += 1 }
				if peek(after) == 0x0A || (peek(after) == 0x0D && peek(after + 1) == 0x0A) {
					position += after
					while let next = peek(), next == 0x20 || next == 0x09 || next == 0x0A || (next == 0x0D && peek(1) == 0x0A) { position += 1 }
				} else {
					try parseEscape(into: &text)
				}
			} else if byte == 0x0D, peek(1) == 0x0A {
				// A line end in the string is a line feed, whatever the file's are (as tomllib reads it).
				text.append(0x0A)
				position += 2
			} else {
				if byte != 0x0A, (byte < 0x20 && byte != 0x09) || byte == 0x7F { throw error("a control character in a string") }
				text.append(byte)
				position += 1
			}
		}
	}

	mutating func parseEscape(into text: inout [UInt8]) throws(TOMLSyntaxError) {
		guard let letter = peek(1) else { throw error("the string is not closed") }
		let simple: UInt8? = switch letter {
		case UInt8(ascii: "b"): 0x08
		case UInt8(ascii: "t"): 0x09
		case UInt8(ascii: "n"): 0x0A
		case UInt8(ascii: "f"): 0x0C
		case UInt8(ascii: "r"): 0x0D
		case UInt8(ascii: "\""): UInt8(ascii: "\"")
		case UInt8(ascii: "\\"): UInt8(ascii: "\\")
		default: nil
		}
		if let simple {
			text.append(simple)
			position += 2
			return
		}
		let length = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 0
		guard length > 0 else { throw error("\\\(Character(Unicode.Scalar(letter))) is not an escape of TOML") }
		let digits = bytes[min(position + 2, bytes.count)..<min(position + 2 + length, bytes.count)]
		guard digits.count == length, let code = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
		      let scalar = Unicode.Scalar(code)
		else { throw error("the escape needs \(length) hexadecimal digits of a Unicode scalar value") }
		text += Array(String(Character(scalar)).utf8)
		position += 2 + length
	}
}
