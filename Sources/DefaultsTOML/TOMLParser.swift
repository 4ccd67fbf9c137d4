import Defaults

/**
A TOML 1.0 reader that also says where each key's value lies in the text.

Written here rather than taken from TOMLKit (on toml++): editing a settings file in place
needs the byte range of every key's value, which neither gives (toml++ keeps a line and
column for a node's start only, and TOMLKit hides even that), and a reader of our own keeps
the core's rule of no package dependency for a format. It reads the statements (headers
`[a]` and `[[a]]`, `key = value` with bare, quoted and dotted keys, comments), every value
form, and refuses what TOML 1.0 forbids: a key or table defined twice, an integer beyond
64 bits, a bad escape, a control character in a string or comment.
*/
struct TOMLParser {
	let bytes: [UInt8]
	var position = 0
	let root = TOMLTable(origin: .header)
	var current: TOMLTable
	var currentPath: [String] = []
	var currentInArrayOfTables = false
	var currentLocation: [TOMLStep] = []
	var entries: [TOMLEntry] = []
	var headers: [TOMLHeader] = []
	/// Whether the last header read was `[[…]]`.
	var lastHeaderWasArray = false
	private var countedUpTo = 0
	private var countedLine = 1

	init(_ bytes: [UInt8]) {
		self.bytes = bytes
		current = root
		if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
	}

	/// The values of the text and where each key's value lies.
	static func parse(_ bytes: [UInt8]) throws(TOMLSyntaxError) -> (values: [String: Defaults.JSONValue], entries: [TOMLEntry], headers: [TOMLHeader]) {
		var parser = TOMLParser(bytes)
		if let invalid = UTF8Validation.firstInvalidByte(in: bytes) {
			parser.position = invalid
			throw parser.error("the text is not UTF-8 (byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)) here begins no UTF-8 character); save the file as UTF-8")
		}
		try parser.parseDocument()
		guard case .object(let values) = parser.root.jsonValue else { return ([:], parser.entries, parser.headers) }
		return (values, parser.entries, parser.headers)
	}

	mutating func parseDocument() throws(TOMLSyntaxError) {
		while true {
			skipBlank()
			guard let byte = peek() else { return }
			switch byte {
			case UInt8(ascii: "#"), 0x0A, 0x0D:
				try expectLineEnd()
			case UInt8(ascii: "["):
				var lineStart = position
				while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
				try parseHeader()
				try expectLineEnd()
				headers.append(TOMLHeader(path: currentPath, isArray: lastHeaderWasArray, end: position, location: currentLocation, lineStart: lineStart))
			default:
				try parseKeyValue(into: current, basePath: currentPath, recording: true, depth: currentLocation.count)
				try expectLineEnd()
			}
		}
	}

	// MARK: Statements

	mutating func parseHeader() throws(TOMLSyntaxError) {
		let headerStart = position
		position += 1
		let isArray = peek() == UInt8(ascii: "[")
		if isArray { position += 1 }
		skipBlank()
		let keys = try parseKey()
		// Each key is a level of tables, each array of tables on the way one more.
		guard keys.count * 2 < Defaults.JSONValue.maximumNestingDepth else {
			position = headerStart
			throw error("tables are nested too deeply (more than \(Defaults.JSONValue.maximumNestingDepth / 2) names in a header)")
		}
		try expect("]")
		if isArray {
			// `]]` closes an array of tables with no blank between.
			guard peek() == UInt8(ascii: "]") else { throw error("expected ]] closing [[\(keys.joined(separator: "."))") }
			position += 1
		}
		let name = keys.joined(separator: ".")
		var table = root
		var inArray = false
		var location: [TOMLStep] = []
		for key in keys.dropLast() {
			location.append(.key(key))
			switch table.members[key] {
			case nil:
				let made = TOMLTable(origin: .implicit)
				table.members[key] = .table(made)
				table = made
			case .table(let existing) where existing.origin != .inline:
				table = existing
			case .arrayOfTables(let tables):
				guard let last = tables.last else { throw error("[\(name)] names an empty array of tables") }
				table = last
				location.append(.element(tables.count - 1))
				inArray = true
			default:
				throw error("[\(name)]: \(key) already holds a value")
			}
		}
		let last = keys[keys.count - 1]
		let made = TOMLTable(origin: .header)
		location.append(.key(last))
		if isArray {
			switch table.members[last] {
			case nil:
				table.members[last] = .arrayOfTables([made])
				location.append(.element(0))
			case .arrayOfTables(let tables):
				table.members[last] = .arrayOfTables(tables + [made])
				location.append(.element(tables.count))
			default:
				position = headerStart
				throw error("[[\(name)]]: \(name) is already defined and is not an array of tables")
			}
			inArray = true
			current = made
		} else {
			switch table.members[last] {
			case nil:
				table.members[last] = .table(made)
				current = made
			case .table(let existing) where existing.origin == .implicit:
				existing.origin = .header
				current = existing
			default:
				position = headerStart
				throw error("the table [\(name)] is defined twice")
			}
		}
		currentPath = keys
		currentLocation = location
		currentInArrayOfTables = inArray
		lastHeaderWasArray = isArray
	}

	/// `key = value`, into `table` (`depth` levels deep); with `recording`, the value's place is kept as an entry.
	mutating func parseKeyValue(into table: TOMLTable, basePath: [String], recording: Bool, depth: Int) throws(TOMLSyntaxError) {
		let keyStart = position
		let keys = try parseKey()
		try expect("=")
		skipBlank()
		let start = position
		// Each key of a dotted key is a level of tables: parseValue refuses what nests too deeply.
		let value = try parseValue(depth: depth + keys.count)
		let end = position
		var target = table
		let name = keys.joined(separator: ".")
		for key in keys.dropLast() {
			switch target.members[key] {
			case nil:
				let made = TOMLTable(origin: .dotted)
				target.members[key] = .table(made)
				target = made
			case .table(let existing) where existing.origin == .dotted:
				target = existing
			default:
				position = keyStart
				throw error("the dotted key \(name) adds to \(key), which is already defined")
			}
		}
		let last = keys[keys.count - 1]
		guard target.members[last] == nil else {
			position = keyStart
			throw error("the key \(name) is defined twice")
		}
		target.members[last] = .value(value)
		if recording {
			entries.append(TOMLEntry(
				path: basePath + keys, keyStart: keyStart, valueRange: start..<end, line: line(at: keyStart), isInArrayOfTables: currentInArrayOfTables, table: currentPath,
				location: currentLocation + keys.map(TOMLStep.key), tableLocation: currentLocation
			))
		}
	}

	/// A key: simple keys (bare, "basic" or 'literal') joined by dots; skips blanks around them.
	mutating func parseKey() throws(TOMLSyntaxError) -> [String] {
		var keys: [String] = []
		while true {
			skipBlank()
			guard let byte = peek() else { throw error("a key is missing") }
			switch byte {
			case UInt8(ascii: "\""):
				if bytes[position...].starts(with: Array("\"\"\"".utf8)) { throw error("a key cannot be a multi-line string") }
				keys.append(try parseBasicString())
			case UInt8(ascii: "'"):
				if bytes[position...].starts(with: Array("'''".utf8)) { throw error("a key cannot be a multi-line string") }
				keys.append(try parseLiteralString())
			default:
				let start = position
				while let next = peek(), Self.isBareKeyByte(next) { position += 1 }
				guard position > start else { throw error("a key is missing (a bare key is letters, digits, _ and -)") }
				keys.append(String(decoding: bytes[start..<position], as: UTF8.self))
			}
			skipBlank()
			guard peek() == UInt8(ascii: ".") else { return keys }
			position += 1
		}
	}

	static func isBareKeyByte(_ byte: UInt8) -> Bool {
		switch byte {
		case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
		     UInt8(ascii: "_"), UInt8(ascii: "-"): true
		default: false
		}
	}

	// MARK: Bytes

	func peek(_ offset: Int = 0) -> UInt8? {
		position + offset < bytes.count ? bytes[position + offset] : nil
	}

	mutating func skipBlank() {
		while let byte = peek(), byte == 0x20 || byte == 0x09 { position += 1 }
	}

	mutating func expect(_ text: String) throws(TOMLSyntaxError) {
		skipBlank()
		let expected = Array(text.utf8)
		guard bytes[position...].starts(with: expected) else { throw error("expected \(text)") }
		position += expected.count
	}

	/// Blanks, a comment, and the end of the line (or of the text).
	mutating func expectLineEnd() throws(TOMLSyntaxError) {
		skipBlank()
		if peek() == UInt8(ascii: "#") { try skipComment() }
		guard let byte = peek() else { return }
		if byte == 0x0A {
			position += 1
		} else if byte == 0x0D, peek(1) == 0x0A {
			position += 2
		} else {
			throw error("expected the end of the line")
		}
	}

	mutating func skipComment() throws(TOMLSyntaxError) {
		while let byte = peek(), byte != 0x0A {
			if byte == 0x0D, peek(1) == 0x0A { return }
			if (byte < 0x20 && byte != 0x09) || byte == 0x7F { throw error("a control character in a comment") }
			position += 1
		}
	}

	/// The line of the byte at `offset` (from 1), counting on from the last one asked for when it is later.
	mutating func line(at offset: Int) -> Int {
		if offset < countedUpTo {
			countedUpTo = 0
			countedLine = 1
		}
		for index in countedUpTo..<offset where bytes[index] == 0x0A { countedLine += 1 }
		countedUpTo = offset
		return countedLine
	}

	/// An error at the current position.
	func error(_ reason: String) -> TOMLSyntaxError {
		let end = min(position, bytes.count)
		var line = 1
		var lineStart = 0
		for index in 0..<end where bytes[index] == 0x0A {
			line += 1
			lineStart = index + 1
		}
		return TOMLSyntaxError(line: line, column: end - lineStart + 1, reason: reason)
	}
}
