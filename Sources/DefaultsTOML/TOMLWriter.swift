import Defaults

/// TOML text for values: keys, strings, numbers, arrays and inline tables, and whole files.
enum TOMLWriter {
	/// A whole file: the plain values first (sorted by key), then a `[table]` for each object
	/// (none for one holding only tables).
	static func file(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> String {
		var text = ""
		try appendTable(values, path: [], to: &text)
		return text
	}

	/// A table with its header, `[a.b]`, and its sub-tables after it; a table holding only tables
	/// has no header of its own (`[tool.coverage.run]` alone, as people write it).
	static func section(_ members: [String: Defaults.JSONValue], path: [String]) throws(FileFormatError) -> String {
		var text = ""
		try appendSection(members, path: path, to: &text)
		return text
	}

	/// An element of an array of tables: `[[a.b]]`, its values, then its tables as `[a.b.c]`.
	static func arrayElement(_ members: [String: Defaults.JSONValue], path: [String]) throws(FileFormatError) -> String {
		var text = "[[\(path.map(key).joined(separator: "."))]]\n"
		try appendTable(members, path: path, to: &text)
		return text
	}

	private static func appendSection(_ members: [String: Defaults.JSONValue], path: [String], to text: inout String) throws(FileFormatError) {
		let onlyTables = !members.isEmpty && members.values.allSatisfy { if case .object = $0 { true } else { false } }
		if !onlyTables {
			if !text.isEmpty { text += "\n" }
			text += "[\(path.map(key).joined(separator: "."))]\n"
		}
		try appendTable(members, path: path, to: &text)
	}

	private static func appendTable(_ values: [String: Defaults.JSONValue], path: [String], to text: inout String) throws(FileFormatError) {
		let sorted = values.sorted { $0.key < $1.key }
		for (key, value) in sorted {
			if case .object = value { continue }
			text += "\(self.key(key)) = \(try inline(value, path: path + [key]))\n"
		}
		for (key, value) in sorted {
			guard case .object(let members) = value else { continue }
			try appendSection(members, path: path + [key], to: &text)
		}
	}

	/// A value on one line; `path` names it in an error.
	static func inline(_ value: Defaults.JSONValue, path: [String]) throws(FileFormatError) -> String {
		switch value {
		case .null:
			throw FileFormatError("\(path.joined(separator: ".")) is null, and TOML has no null: remove the key instead")
		case .bool(let flag): return flag ? "true" : "false"
		case .integer(let number): return String(number)
		case .unsignedInteger(let number):
			throw FileFormatError("\(path.joined(separator: ".")) is \(number), beyond TOML's 64-bit integers")
		case .double(let number):
			if number.isNaN { return "nan" }
			if number.isInfinite { return number < 0 ? "-inf" : "inf" }
			let text = number.description
			return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
		case .string(let string): return quoted(string)
		case .array(let elements):
			var parts: [String] = []
			for (index, element) in elements.enumerated() {
				parts.append(try inline(element, path: path + ["\(index)"]))
			}
			return "[" + parts.joined(separator: ", ") + "]"
		case .object(let members):
			if members.isEmpty { return "{}" }
			var parts: [String] = []
			for (key, member) in members.sorted(by: { $0.key < $1.key }) {
				parts.append("\(self.key(key)) = \(try inline(member, path: path + [key]))")
			}
			return "{ " + parts.joined(separator: ", ") + " }"
		}
	}

	/// A key, bare when it can be.
	static func key(_ name: String) -> String {
		!name.isEmpty && name.utf8.allSatisfy(TOMLParser.isBareKeyByte) ? name : quoted(name)
	}

	/// A basic string, with escapes for `"`, `\` and control characters.
	static func quoted(_ string: String) -> String {
		var text = "\""
		for scalar in string.unicodeScalars {
			switch scalar {
			case "\"": text += "\\\""
			case "\\": text += "\\\\"
			case "\n": text += "\\n"
			case "\t": text += "\\t"
			case "\r": text += "\\r"
			default:
				if scalar.value < 0x20 || scalar.value == 0x7F {
					let hex = String(scalar.value, radix: 16, uppercase: true)
					text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
				} else {
					text.unicodeScalars.append(scalar)
				}
			}
		}
		return text + "\""
	}
}
