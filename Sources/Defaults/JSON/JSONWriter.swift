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

extension Defaults.JSONValue {
	/**
	A JSON object of `members`, written in the order of `orderedKeys` (which must be the
	members' keys, sorted), pretty, refusing a value the parser would refuse to read back.
	For a store that keeps its keys sorted between saves: sorting is most of the cost of
	writing a large object again.
	*/
	static func checkedPrettyObjectBytes(
		_ members: [String: Defaults.JSONValue], orderedKeys: [String], capacity: Int
	) throws(Defaults.JSONWriteError) -> [UInt8] {
		var writer = JSONWriter(pretty: true, maximumDepth: maximumNestingDepth)
		writer.output.reserveCapacity(capacity)
		writer.writeObject(members, orderedKeys: orderedKeys, depth: 0)
		guard !writer.exceededMaximumDepth else {
			throw Defaults.JSONWriteError.tooDeep
		}
		writer.output.append(UInt8(ascii: "\n"))
		return writer.output
	}
}

extension Defaults {
	/// Why a value could not be written as JSON text.
	public struct JSONWriteError: Error, CustomStringConvertible, Sendable, Equatable {
		/// What is wrong, for example that the value nests too deeply.
		public let reason: String

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
private struct JSONWriter {
	let pretty: Bool
	/// Values at this depth or deeper (the top value is at depth 0) are not written, as the parser would refuse them.
	let maximumDepth: Int
	var output: [UInt8] = []
	/// Whether a value was left out for being deeper than `maximumDepth`; the output is then incomplete.
	var exceededMaximumDepth = false

	init(pretty: Bool, maximumDepth: Int) {
		self.pretty = pretty
		self.maximumDepth = maximumDepth
		output.reserveCapacity(256)
	}

	/// An object with its members in the order of `orderedKeys` (its keys), at a depth the caller checked.
	mutating func writeObject(_ members: [String: Defaults.JSONValue], orderedKeys: [String], depth: Int) {
		if members.isEmpty {
			append("{}")
			return
		}
		output.append(UInt8(ascii: "{"))
		for (index, key) in orderedKeys.enumerated() {
			if index > 0 { output.append(UInt8(ascii: ",")) }
			newline(depth: depth + 1)
			writeString(key)
			output.append(UInt8(ascii: ":"))
			if pretty { output.append(UInt8(ascii: " ")) }
			// The keys are the members', so the lookup cannot fail.
			write(members[key] ?? .null, depth: depth + 1)
		}
		newline(depth: depth)
		output.append(UInt8(ascii: "}"))
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
			append(String(number))
		case .unsignedInteger(let number):
			append(String(number))
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
			writeObject(members, orderedKeys: members.keys.sorted(), depth: depth)
		}
	}

	private mutating func newline(depth: Int) {
		guard pretty else { return }
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

	private mutating func writeString(_ text: String) {
		output.append(UInt8(ascii: "\""))
		for byte in text.utf8 {
			switch byte {
			case UInt8(ascii: "\""): append("\\\"")
			case UInt8(ascii: "\\"): append("\\\\")
			case 0x0A: append("\\n")
			case 0x0D: append("\\r")
			case 0x09: append("\\t")
			case 0x08: append("\\b")
			case 0x0C: append("\\f")
			case 0..<0x20:
				let hex = Array("0123456789abcdef".utf8)
				append("\\u00")
				output.append(hex[Int(byte >> 4)])
				output.append(hex[Int(byte & 0x0F)])
			default: output.append(byte)
			}
		}
		output.append(UInt8(ascii: "\""))
	}
}
