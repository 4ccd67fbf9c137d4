extension Defaults.JSONValue {
	/**
	Parses JSON text (RFC 8259) into a value.

	Any JSON value is accepted at the top level, and a leading UTF-8 byte order
	mark is skipped. Text that is not valid UTF-8, has trailing garbage, nests
	deeper than ``maximumNestingDepth`` levels or holds a number out of the range
	of `Double` (such as `1e400`) is rejected with a ``Defaults/JSONParseError``
	that names the line and column. To keep such numbers instead, use
	``init(parsing:warnings:)-(String,_)``.

	An integer that fits in `Int64` or `UInt64` is kept exactly; a larger one
	that `Double` can hold (`12345678901234567890123456`) is read as the nearest
	`Double`, as most JSON readers do.

	```swift
	let value = try Defaults.JSONValue(parsing: #"{"quality": 0.8}"#)
	value.objectValue?["quality"]
	//=> Optional(0.8)
	```
	*/
	public init(parsing text: String) throws(Defaults.JSONParseError) {
		var warnings: [Defaults.JSONParseWarning]?
		self = try Self(parsing: text, collectingWarnings: &warnings)
	}

	/// Parses UTF-8 encoded JSON text. See ``init(parsing:)-(String)``.
	public init(parsing bytes: some Collection<UInt8>) throws(Defaults.JSONParseError) {
		var warnings: [Defaults.JSONParseWarning]?
		self = try Self(parsing: bytes, collectingWarnings: &warnings)
	}

	/**
	Parses JSON text into a value, keeping what is valid JSON but cannot be read as written.

	Unlike ``init(parsing:)-(String)``, a number out of the range of `Double`
	(`1e400`, `-1e400`, an integer of hundreds of digits) does not fail the parse:
	it is kept as a string holding its text, and a ``Defaults/JSONParseWarning``
	that says where it is is appended to `warnings`. Text that is not JSON still
	throws. So one odd value does not cost the rest of the text.

	```swift
	var warnings: [Defaults.JSONParseWarning] = []
	let value = try Defaults.JSONValue(parsing: #"{"a": 1e400, "b": 2}"#, warnings: &warnings)
	value
	//=> {"a":"1e400","b":2}
	warnings.map(\.path)
	//=> [[.key("a")]]
	```
	*/
	public init(parsing text: String, warnings: inout [Defaults.JSONParseWarning]) throws(Defaults.JSONParseError) {
		var collected: [Defaults.JSONParseWarning]? = []
		self = try Self(parsing: text, collectingWarnings: &collected)
		warnings += collected ?? []
	}

	/// Parses UTF-8 encoded JSON text, keeping numbers out of range. See ``init(parsing:warnings:)-(String,_)``.
	public init(parsing bytes: some Collection<UInt8>, warnings: inout [Defaults.JSONParseWarning]) throws(Defaults.JSONParseError) {
		var collected: [Defaults.JSONParseWarning]? = []
		self = try Self(parsing: bytes, collectingWarnings: &collected)
		warnings += collected ?? []
	}

	/// With `warnings` set to an array, numbers out of range are kept and reported there; with `nil`, they throw.
	private init(parsing text: String, collectingWarnings warnings: inout [Defaults.JSONParseWarning]?) throws(Defaults.JSONParseError) {
		var text = text
		let result = text.withUTF8 { bytes in
			Result { () throws(Defaults.JSONParseError) in try Self(parsingUTF8: bytes, collectingWarnings: &warnings) }
		}
		self = try result.get()
	}

	/// With `warnings` set to an array, numbers out of range are kept and reported there; with `nil`, they throw.
	private init(
		parsing bytes: some Collection<UInt8>,
		collectingWarnings warnings: inout [Defaults.JSONParseWarning]?
	) throws(Defaults.JSONParseError) {
		let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
			Result { () throws(Defaults.JSONParseError) in try Self(parsingUTF8: buffer, collectingWarnings: &warnings) }
		}
		if let contiguous {
			self = try contiguous.get()
		} else {
			let array = Array(bytes)
			self = try array.withUnsafeBufferPointer { buffer throws(Defaults.JSONParseError) in
				try Self(parsingUTF8: buffer, collectingWarnings: &warnings)
			}
		}
	}

	init(
		parsingUTF8 bytes: UnsafeBufferPointer<UInt8>,
		collectingWarnings warnings: inout [Defaults.JSONParseWarning]?
	) throws(Defaults.JSONParseError) {
		var inexact: [(key: String, range: Range<Int>)]?
		self = try Self(parsingUTF8: bytes, collectingWarnings: &warnings, inexactMembers: &inexact)
	}

	/**
	Parses the text of a settings file, keeping numbers out of range (see
	``init(parsing:warnings:)-(String,_)``) and returning, for each member of the top object
	whose value holds a number that the value does not hold exactly (`1e400`, an integer of
	30 digits, a decimal of 25), where that member's value text lies: a save that leaves such
	a member unchanged writes that text again rather than what was read.
	*/
	///
	/// A settings file may be JSON with comments, as editors' and tools' settings files are
	/// (`//` and `/* */` comments, a comma after the last member or element); the values are
	/// those of the same text without them. With `recordingObjects`, it also says where each
	/// object and each of its members lies (``JSONObjectLayout``), for editing the text in place.
	static func parsingFile(
		_ bytes: UnsafeBufferPointer<UInt8>,
		warnings: inout [Defaults.JSONParseWarning],
		recordingObjects: Bool = false
	) throws(Defaults.JSONParseError) -> (value: Self, inexactMembers: [(key: String, range: Range<Int>)], objects: [JSONObjectLayout]) {
		var parser = JSONParser(bytes: bytes, keepsNumbersOutOfRange: true, allowsComments: true, recordsObjects: recordingObjects)
		let value = try parser.parseText()
		warnings += parser.warnings
		return (value, parser.inexactMembers, parser.objects ?? [])
	}

	private init(
		parsingUTF8 bytes: UnsafeBufferPointer<UInt8>,
		collectingWarnings warnings: inout [Defaults.JSONParseWarning]?,
		inexactMembers: inout [(key: String, range: Range<Int>)]?
	) throws(Defaults.JSONParseError) {
		var parser = JSONParser(bytes: bytes, keepsNumbersOutOfRange: warnings != nil)
		self = try parser.parseText()
		warnings?.append(contentsOf: parser.warnings)
		inexactMembers? += parser.inexactMembers
	}
}

extension Defaults {
	/// Why JSON text could not be parsed, and where.
	public struct JSONParseError: Error, CustomStringConvertible, Sendable, Equatable {
		/// What is wrong, for example `expected a value but found 'x'`.
		public let reason: String
		/// What is wrong without quoting the text (no character, word, key or number of it),
		/// for example `expected a value but found another character`: for messages about a file
		/// that whoever reads them may not be allowed to read.
		public let reasonWithoutContent: String
		/// The 1-based line of the problem.
		public let line: Int
		/// The 1-based column (in bytes) of the problem.
		public let column: Int

		/// `withoutContent`: the reason without the text's own characters, when `reason` quotes some.
		init(reason: String, withoutContent: String? = nil, line: Int, column: Int) {
			self.reason = reason
			reasonWithoutContent = withoutContent ?? reason
			self.line = line
			self.column = column
		}

		/// The place and reason: `invalid JSON at line 3, column 7: expected ':' after an object key`.
		public var description: String {
			"invalid JSON at line \(line), column \(column): \(reason)"
		}

		/// The place and ``reasonWithoutContent``: `invalid JSON at line 1, column 1: expected a value but found another character`.
		public var descriptionWithoutContent: String {
			"invalid JSON at line \(line), column \(column): \(reasonWithoutContent)"
		}
	}
}

/// Reads JSON text (and, when allowed, JSON with comments) from UTF-8 bytes: the one reader of the package.
struct JSONParser {
	let bytes: UnsafeBufferPointer<UInt8>
	var position = 0
	/// The top value is at depth 0, so values at depth `maximumDepth` are one level too deep.
	static let maximumDepth = Defaults.JSONValue.maximumNestingDepth
	/// Whether a number out of range is kept as a string (and recorded in `warnings`) rather than failing the parse.
	let keepsNumbersOutOfRange: Bool
	/// Whether `//` and `/* */` comments, and a comma after the last member or element, are
	/// read as JSON with comments (editors' settings files) rather than refused.
	let allowsComments: Bool
	/// The values kept but not as written; each path is innermost component first until the parse ends.
	var warnings: [Defaults.JSONParseWarning] = []
	/// How many numbers were read that their value does not hold exactly (kept numbers only).
	var inexactNumbers = 0
	/// The members of the top object whose value text holds such a number, and where that text is.
	var inexactMembers: [(key: String, range: Range<Int>)] = []
	/// Where each object read lies, when recorded (`nil` when not): an object comes after the
	/// objects nested in it, so the top object, if the text is one, is the last.
	var objects: [JSONObjectLayout]?

	init(bytes: UnsafeBufferPointer<UInt8>, keepsNumbersOutOfRange: Bool, allowsComments: Bool = false, recordsObjects: Bool = false) {
		self.bytes = bytes
		self.keepsNumbersOutOfRange = keepsNumbersOutOfRange
		self.allowsComments = allowsComments
		objects = recordsObjects ? [] : nil
	}

	/// Reads the whole text: one value, with only white space (and comments, when allowed) around it.
	mutating func parseText() throws(Defaults.JSONParseError) -> Defaults.JSONValue {
		skipByteOrderMark()
		try skipWhitespace()
		let value = try parseValue(depth: 0)
		try skipWhitespace()
		guard position == bytes.count else {
			throw error("unexpected text after the JSON value")
		}
		// Built while unwinding, innermost component first.
		for index in warnings.indices {
			warnings[index].path.reverse()
		}
		return value
	}

	/// Skips a UTF-8 byte order mark (EF BB BF), which some editors write at the start of a file.
	/// RFC 8259 allows a parser to ignore it.
	private mutating func skipByteOrderMark() {
		if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
			position = 3
		}
	}

	/// Adds `component` to the paths of the warnings recorded since there were `count`:
	/// they are inside the member or element that `component` names.
	private mutating func addPathComponent(_ component: Defaults.JSONParseWarning.PathComponent, toWarningsAfter count: Int) {
		for index in count..<warnings.count {
			warnings[index].path.append(component)
		}
	}

	/// The error `reason` at `offset` (the current position unless given); `withoutContent`: the
	/// reason without the text's own characters, when `reason` quotes some.
	func error(_ reason: String, withoutContent: String? = nil, at offset: Int? = nil) -> Defaults.JSONParseError {
		let end = min(offset ?? position, bytes.count)
		var line = 1
		var lineStart = 0
		for index in 0..<end where bytes[index] == 0x0A {
			line += 1
			lineStart = index + 1
		}
		return Defaults.JSONParseError(reason: reason, withoutContent: withoutContent, line: line, column: end - lineStart + 1)
	}

	/// Skips white space (and comments, when allowed). Inlined: it runs between every two tokens,
	/// most often over nothing or a space.
	@inline(__always)
	mutating func skipWhitespace() throws(Defaults.JSONParseError) {
		while position < bytes.count {
			switch bytes[position] {
			case 0x20, 0x0A, 0x0D, 0x09: position += 1
			case UInt8(ascii: "/") where allowsComments:
				guard try skipComment() else { return }
			default: return
			}
		}
	}

	/// The error "`expected` but found" what is next, quoted (`'x'`, `byte 0x7`), and without it ("another character").
	private func unexpected(_ expected: String) -> Defaults.JSONParseError {
		guard position < bytes.count else { return error("\(expected) but found the end of the text") }
		let byte = bytes[position]
		let quoted = byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
		return error("\(expected) but found \(quoted)", withoutContent: "\(expected) but found another character")
	}

	/// The error "`expected` but found" the letters from here, quoted ("'nope'"): a bare word
	/// where a value belongs; without them, "a word".
	private func unexpectedWord(_ expected: String) -> Defaults.JSONParseError {
		let word = bytes[position...].prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }.prefix(20)
		guard !word.isEmpty else { return unexpected(expected) }
		return error("\(expected) but found '\(String(decoding: word, as: UTF8.self))'", withoutContent: "\(expected) but found a word")
	}

	mutating func parseValue(depth: Int) throws(Defaults.JSONParseError) -> Defaults.JSONValue {
		guard depth < Self.maximumDepth else { throw error("values nest deeper than \(Self.maximumDepth) levels") }
		guard position < bytes.count else { throw error("expected a value but found the end of the text") }
		switch bytes[position] {
		case UInt8(ascii: "{"): return try parseObject(depth: depth)
		case UInt8(ascii: "["): return try parseArray(depth: depth)
		case UInt8(ascii: "\""): return .string(try parseString())
		case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
		case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
		case UInt8(ascii: "n"): try expectLiteral("null"); return .null
		case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
		default: throw unexpected("expected a value")
		}
	}

	private mutating func expectLiteral(_ literal: StaticString) throws(Defaults.JSONParseError) {
		let count = literal.utf8CodeUnitCount
		guard position + count <= bytes.count else { throw unexpectedWord("expected a value (text needs quotes)") }
		let literalBytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
		for index in 0..<count where bytes[position + index] != literalBytes[index] {
			// A word that only starts like true, false or null ("not json", "nope") is not JSON at all.
			throw unexpectedWord("expected a value (text needs quotes)")
		}
		position += count
	}

	private mutating func parseObject(depth: Int) throws(Defaults.JSONParseError) -> Defaults.JSONValue {
		let open = position
		position += 1
		// Members are collected first and hashed once into a dictionary of the right size:
		// growing a dictionary while parsing rehashes every key several times.
		var members: [(String, Defaults.JSONValue)] = []
		var layouts: [JSONObjectLayout.Member] = []
		_ = try parseMembers(depth: depth, afterOpen: true, into: &members, layouts: &layouts, stoppingAfterCommaAt: nil)
		objects?.append(JSONObjectLayout(range: open..<position, members: layouts, keys: members.map(\.0)))
		// A repeated key keeps its last value, as most parsers do.
		return .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
	}

	/**
	Reads the members of an object at `depth` from `position`, which is just after its `{`
	(`afterOpen`) or just after a comma between two of its members, through its `}`; with
	`stop`, it stops instead just after a comma that ends there. Returns whether it stopped
	there (`false`: it read the `}`).

	Where it starts, it is in the state it would be in had it read the object from its `{`:
	what it reads from there depends only on that state and the bytes from there on. Checking
	an edit in place relies on this (``EditableJSONText``'s member-by-member check).
	*/
	mutating func parseMembers(
		depth: Int, afterOpen: Bool, into members: inout [(String, Defaults.JSONValue)],
		layouts: inout [JSONObjectLayout.Member], stoppingAfterCommaAt stop: Int?
	) throws(Defaults.JSONParseError) -> Bool {
		if afterOpen {
			try skipWhitespace()
			if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
				position += 1
				return false
			}
		}
		var afterComma = !afterOpen
		while true {
			try skipWhitespace()
			if allowsComments, afterComma, position < bytes.count, bytes[position] == UInt8(ascii: "}") {
				// A comma after the last member, which JSON with comments allows.
				break
			}
			guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
				throw unexpected("expected a string key in an object")
			}
			let keyStart = position
			let key = try parseString()
			let keyEnd = position
			try skipWhitespace()
			guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
				throw error("expected ':' after the object key \"\(key)\"", withoutContent: "expected ':' after an object key")
			}
			position += 1
			try skipWhitespace()
			let warningCount = warnings.count
			let inexactCount = inexactNumbers
			let valueStart = position
			let value = try parseValue(depth: depth + 1)
			members.append((key, value))
			if warnings.count != warningCount { addPathComponent(.key(key), toWarningsAfter: warningCount) }
			if depth == 0, inexactNumbers != inexactCount { inexactMembers.append((key, valueStart..<position)) }
			let valueEnd = position
			try skipWhitespace()
			guard position < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
			let comma: Int?
			switch bytes[position] {
			case UInt8(ascii: ","): comma = position
			case UInt8(ascii: "}"): comma = nil
			default: throw unexpected("expected ',' or '}' in an object")
			}
			if let objects {
				// An object value was recorded last, after the objects nested in it.
				let nested: Int? = if case .object = value { objects.count - 1 } else { nil }
				layouts.append(JSONObjectLayout.Member(keyRange: keyStart..<keyEnd, valueRange: valueStart..<valueEnd, comma: comma, object: nested))
			}
			guard comma != nil else { break }
			position += 1
			if position == stop { return true }
			afterComma = true
		}
		position += 1
		return false
	}

	private mutating func parseArray(depth: Int) throws(Defaults.JSONParseError) -> Defaults.JSONValue {
		position += 1
		var elements: [Defaults.JSONValue] = []
		try skipWhitespace()
		if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
			position += 1
			return .array(elements)
		}
		while true {
			try skipWhitespace()
			if allowsComments, !elements.isEmpty, position < bytes.count, bytes[position] == UInt8(ascii: "]") {
				// A comma after the last element, which JSON with comments allows.
				position += 1
				return .array(elements)
			}
			let warningCount = warnings.count
			elements.append(try parseValue(depth: depth + 1))
			if warnings.count != warningCount { addPathComponent(.index(elements.count - 1), toWarningsAfter: warningCount) }
			try skipWhitespace()
			guard position < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
			switch bytes[position] {
			case UInt8(ascii: ","): position += 1
			case UInt8(ascii: "]"): position += 1; return .array(elements)
			default: throw unexpected("expected ',' or ']' in an array")
			}
		}
	}

	/// Whether any of the eight bytes in `word` is a quote, a backslash, below 0x20 or above 0x7F.
	@inline(__always)
	private static func needsAttention(_ word: UInt64) -> Bool {
		let ones: UInt64 = 0x0101_0101_0101_0101
		let highBits: UInt64 = 0x8080_8080_8080_8080
		// A byte of `x` is zero (or, for `x - n`, below n) where the subtraction borrows into its high bit.
		func hasByteBelow(_ x: UInt64, _ n: UInt64) -> Bool { (x &- ones &* n) & ~x & highBits != 0 }
		return word & highBits != 0
			|| hasByteBelow(word, 0x20)
			|| hasByteBelow(word ^ (ones &* 0x22), 1)
			|| hasByteBelow(word ^ (ones &* 0x5C), 1)
	}

	private mutating func parseString() throws(Defaults.JSONParseError) -> String {
		let start = position
		position += 1
		let contentStart = position
		// Fast path: no escapes. ASCII needs no UTF-8 validation, which most keys and values are.
		// Eight bytes at a time while none of them ends the string, starts an escape, is a
		// control character or is not ASCII; then byte by byte.
		if let base = bytes.baseAddress {
			while position + 8 <= bytes.count {
				let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
				if Self.needsAttention(word) { break }
				position += 8
			}
		}
		var isASCII = true
		while position < bytes.count {
			let byte = bytes[position]
			if byte == UInt8(ascii: "\"") {
				let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
				position += 1
				if isASCII {
					return String(decoding: slice, as: UTF8.self)
				}
				guard let text = String(validating: slice, as: UTF8.self) else {
					throw error("a string is not valid UTF-8", at: start)
				}
				return text
			}
			if byte == UInt8(ascii: "\\") { break }
			if byte < 0x20 { throw error("a control character must be escaped inside a string") }
			if byte >= 0x80 { isASCII = false }
			position += 1
		}
		var decoded = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
		while position < bytes.count {
			let byte = bytes[position]
			switch byte {
			case UInt8(ascii: "\""):
				position += 1
				guard let text = String(validating: decoded, as: UTF8.self) else {
					throw error("a string is not valid UTF-8", at: start)
				}
				return text
			case UInt8(ascii: "\\"):
				position += 1
				guard position < bytes.count else { break }
				let escape = bytes[position]
				position += 1
				switch escape {
				case UInt8(ascii: "\""): decoded.append(0x22)
				case UInt8(ascii: "\\"): decoded.append(0x5C)
				case UInt8(ascii: "/"): decoded.append(0x2F)
				case UInt8(ascii: "b"): decoded.append(0x08)
				case UInt8(ascii: "f"): decoded.append(0x0C)
				case UInt8(ascii: "n"): decoded.append(0x0A)
				case UInt8(ascii: "r"): decoded.append(0x0D)
				case UInt8(ascii: "t"): decoded.append(0x09)
				case UInt8(ascii: "u"): decoded.append(contentsOf: try parseUnicodeEscape())
				default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", withoutContent: "invalid escape in a string", at: position - 2)
				}
			default:
				if byte < 0x20 { throw error("a control character must be escaped inside a string") }
				decoded.append(byte)
				position += 1
			}
		}
		throw error("unterminated string", at: start)
	}

	private mutating func parseHex4() throws(Defaults.JSONParseError) -> UInt32 {
		guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
		var value: UInt32 = 0
		for _ in 0..<4 {
			let byte = bytes[position]
			let digit: UInt32
			switch byte {
			case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
			case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
			case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
			default: throw error("invalid hex digit in a \\u escape")
			}
			value = value << 4 | digit
			position += 1
		}
		return value
	}

	private mutating func parseUnicodeEscape() throws(Defaults.JSONParseError) -> [UInt8] {
		var code = try parseHex4()
		if (0xD800..<0xDC00).contains(code) {
			guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
				throw error("a high surrogate \\u escape must be followed by a low surrogate")
			}
			position += 2
			let low = try parseHex4()
			guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in a \\u escape") }
			code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
		} else if (0xDC00..<0xE000).contains(code) {
			throw error("unpaired low surrogate in a \\u escape")
		}
		guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
		return Array(String(Character(scalar)).utf8)
	}

	private mutating func parseNumber() throws(Defaults.JSONParseError) -> Defaults.JSONValue {
		let start = position
		var isInteger = true
		let isNegative = bytes[position] == UInt8(ascii: "-")
		if isNegative { position += 1 }
		guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit") }
		// The integer part's value, read as its digits are found (most stored numbers are small
		// integers): exact up to 18 digits; longer ones are read from their text below.
		let digitsStart = position
		var magnitude: Int64 = 0
		if bytes[position] == UInt8(ascii: "0") {
			position += 1
			if position < bytes.count, isDigit(bytes[position]) { throw error("invalid number: leading zeros are not allowed") }
		} else {
			while position < bytes.count, isDigit(bytes[position]) {
				magnitude = magnitude &* 10 &+ Int64(bytes[position] &- UInt8(ascii: "0"))
				position += 1
			}
		}
		let digitCount = position - digitsStart
		if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
			isInteger = false
			position += 1
			guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit after '.'") }
			while position < bytes.count, isDigit(bytes[position]) { position += 1 }
		}
		if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
			isInteger = false
			position += 1
			if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
			guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: expected a digit in the exponent") }
			while position < bytes.count, isDigit(bytes[position]) { position += 1 }
		}
		if isInteger, digitCount <= 18 {
			return .integer(isNegative ? -magnitude : magnitude)
		}
		let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
		if isInteger {
			if let value = Int64(text) { return .integer(value) }
			if let value = UInt64(text) { return .unsignedInteger(value) }
		}
		// More digits than a Double keeps (17): the value is the nearest Double, the text more.
		if keepsNumbersOutOfRange, Self.significantDigits(bytes[start..<position]) > 17 {
			inexactNumbers += 1
		}
		guard let value = Double(text), value.isFinite else {
			guard keepsNumbersOutOfRange else { throw error("number \(text) is out of range", withoutContent: "a number is out of range", at: start) }
			inexactNumbers += 1
			// Kept as its text: nothing is lost, and a key of a number type reads its default
			// rather than the nearest finite Double, a value nobody wrote.
			warnings.append(Defaults.JSONParseWarning(
				path: [],
				text: text,
				reason: "is a number out of range, so it was kept as a string holding its text"
			))
			return .string(text)
		}
		return .double(value)
	}

	/// The digits of a number's text from its first non-zero one, up to its exponent.
	private static func significantDigits(_ text: UnsafeBufferPointer<UInt8>.SubSequence) -> Int {
		var count = 0
		for byte in text {
			if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
			guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { continue }
			if count > 0 || byte != UInt8(ascii: "0") { count += 1 }
		}
		return count
	}

	@inline(__always)
	private func isDigit(_ byte: UInt8) -> Bool {
		byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
	}
}
