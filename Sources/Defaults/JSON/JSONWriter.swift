extension Defaults.JSONValue {
	/**
	The value as JSON text.

	Object keys are sorted, so the same value always gives the same text.
	With `pretty`, nested values are indented by two spaces, one member per line,
	which is the form the file store writes.

	```swift
	let value: Defaults.JSONValue = ["b": [1, 2], "a": true]
	value.jsonString()
	//=> {"a":true,"b":[1,2]}
	```
	*/
	public func jsonString(pretty: Bool = false) -> String {
		String(decoding: jsonBytes(pretty: pretty), as: UTF8.self)
	}

	/// The value as UTF-8 encoded JSON text. See ``jsonString(pretty:)``.
	///
	/// The text is written however deeply the value nests; use ``checkedJSONBytes(pretty:)``
	/// for text that ``init(parsing:)-(String)`` is sure to read back.
	public func jsonBytes(pretty: Bool = false) -> [UInt8] {
		var writer = JSONWriter(pretty: pretty, maximumDepth: .max)
		writer.write(self, depth: 0)
		if pretty { writer.output.append(UInt8(ascii: "\n")) }
		return writer.output
	}

	/**
	The value as UTF-8 encoded JSON text, refusing a value that the parser would refuse to read back.

	Like ``jsonBytes(pretty:)``, but throws instead of writing a value that nests
	deeper than ``maximumNestingDepth``: text that is written can always be read.

	```swift
	var value: Defaults.JSONValue = 1
	for _ in 0..<Defaults.JSONValue.maximumNestingDepth { value = [value] }
	try value.checkedJSONBytes()
	//=> throws JSONWriteError: "the value nests deeper than 512 levels, which JSON text read by Defaults may not"
	```
	*/
	public func checkedJSONBytes(pretty: Bool = false) throws(Defaults.JSONWriteError) -> [UInt8] {
		var writer = JSONWriter(pretty: pretty, maximumDepth: Self.maximumNestingDepth)
		writer.write(self, depth: 0)
		guard !writer.exceededMaximumDepth else {
			throw Defaults.JSONWriteError.tooDeep
		}
		if pretty { writer.output.append(UInt8(ascii: "\n")) }
		return writer.output
	}
}

extension Defaults {
	/// Why a value could not be written as JSON text.
	public struct JSONWriteError: Error, CustomStringConvertible, Sendable, Equatable {
		/// What is wrong, for example that the value nests too deeply.
		public let reason: String

		/// The reason after `cannot write JSON: `.
		public var description: String {
			"cannot write JSON: \(reason)"
		}

		/// A value nested deeper than the parser reads.
		static let tooDeep = JSONWriteError(
			reason: "the value nests deeper than \(Defaults.JSONValue.maximumNestingDepth) levels, which JSON text read by Defaults may not"
		)
	}
}

/// Writes ``Defaults/JSONValue`` as text; a small, allocation-light serializer.
struct JSONWriter {
	let pretty: Bool
	/// Values at this depth or deeper (the top value is at depth 0) are not written, as the parser would refuse them.
	let maximumDepth: Int
	/// The layout of pretty text when it goes into another program's file; `nil` for the
	/// library's own: `\n`, two spaces a level, `": "`.
	let style: JSONTextStyle?
	/// What each line of pretty text starts with before its own indentation (with a `style`
	/// only): the indentation of the line the value is written on.
	var lineIndentation: [UInt8] = []
	var output: [UInt8] = []
	/// Whether a value was left out for being deeper than `maximumDepth`; the output is then incomplete.
	var exceededMaximumDepth = false

	init(pretty: Bool, maximumDepth: Int, style: JSONTextStyle? = nil) {
		self.pretty = pretty
		self.maximumDepth = maximumDepth
		self.style = style
		output.reserveCapacity(256)
	}

	mutating func write(_ value: Defaults.JSONValue, depth: Int) {
		guard depth < maximumDepth else {
			exceededMaximumDepth = true
			return
		}
		switch value {
		case .null:
			append("null")
		case .bool(let flag):
			append(flag ? "true" : "false")
		case .integer(let number):
			if number < 0 { output.append(UInt8(ascii: "-")) }
			writeDigits(number.magnitude)
		case .unsignedInteger(let number):
			writeDigits(number)
		case .double(let number):
			writeDouble(number)
		case .string(let text):
			writeString(text)
		case .array(let elements):
			if elements.isEmpty {
				append("[]")
				return
			}
			output.append(UInt8(ascii: "["))
			for (index, element) in elements.enumerated() {
				if index > 0 { output.append(UInt8(ascii: ",")) }
				newline(depth: depth + 1)
				write(element, depth: depth + 1)
			}
			newline(depth: depth)
			output.append(UInt8(ascii: "]"))
		case .object(let members):
			if members.isEmpty {
				append("{}")
				return
			}
			output.append(UInt8(ascii: "{"))
			for (index, key) in members.keys.sorted().enumerated() {
				if index > 0 { output.append(UInt8(ascii: ",")) }
				newline(depth: depth + 1)
				writeMember(key, members[key] ?? .null, depth: depth + 1)
			}
			newline(depth: depth)
			output.append(UInt8(ascii: "}"))
		}
	}

	/// `"key": value` (`"key":value` when not pretty; the style's separator when it has one), the value at `depth`.
	mutating func writeMember(_ key: String, _ value: Defaults.JSONValue, depth: Int) {
		writeString(key)
		if let style {
			output.append(contentsOf: style.keySeparator)
		} else {
			output.append(UInt8(ascii: ":"))
			if pretty { output.append(UInt8(ascii: " ")) }
		}
		write(value, depth: depth)
	}

	/// The decimal digits of `number`, without making a `String` first.
	private mutating func writeDigits(_ number: UInt64) {
		if number < 10 {
			output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number))
			return
		}
		withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
			var rest = number
			var start = 20
			while rest > 0 {
				start -= 1
				digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
				rest /= 10
			}
			output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
		}
	}

	/// A line break and the indentation of `depth` (nothing when not pretty).
	mutating func newline(depth: Int) {
		guard pretty else { return }
		if let style {
			output.append(contentsOf: style.lineEnding)
			output.append(contentsOf: lineIndentation)
			for _ in 0..<depth { output.append(contentsOf: style.indentation) }
			return
		}
		output.append(UInt8(ascii: "\n"))
		for _ in 0..<(depth * 2) { output.append(UInt8(ascii: " ")) }
	}

	private mutating func append(_ text: String) {
		output.append(contentsOf: text.utf8)
	}

	/// Shortest text that reads back as the same `Double`. JSON has no infinity
	/// or NaN; bridges never produce them, so they are written as `null`.
	private mutating func writeDouble(_ number: Double) {
		guard number.isFinite else {
			append("null")
			return
		}
		append(number.description)
	}

	mutating func writeString(_ text: String) {
		output.append(UInt8(ascii: "\""))
		var text = text
		text.withUTF8 { bytes in
			// Runs of bytes that need no escape are copied at once.
			var runStart = 0
			for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
				output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
				writeEscaped(byte)
				runStart = index + 1
			}
			output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
		}
		output.append(UInt8(ascii: "\""))
	}

	private mutating func writeEscaped(_ byte: UInt8) {
		switch byte {
		case UInt8(ascii: "\""): append("\\\"")
		case UInt8(ascii: "\\"): append("\\\\")
		case 0x0A: append("\\n")
		case 0x0D: append("\\r")
		case 0x09: append("\\t")
		case 0x08: append("\\b")
		case 0x0C: append("\\f")
		default:
			let hex = Array("0123456789abcdef".utf8)
			append("\\u00")
			output.append(hex[Int(byte >> 4)])
			output.append(hex[Int(byte & 0x0F)])
		}
	}
}
