import Defaults

/**
Writes values as YAML: block style, two spaces of indentation, keys sorted (as the JSON writer
sorts them), multi-line strings as literal blocks (`|`), and strings quoted only where a plain
scalar would not read back as the same string.

A plain scalar must read as a string under YAML 1.2's core schema and also under YAML 1.1, which
many programs still read (PyYAML, libyaml's users): `yes`, `off`, `1_000` and `012` are strings
in 1.2 but not in 1.1, so they are quoted too.
*/
enum YAMLWriter {
	/// The whole file: the top mapping's keys, each at column 0; an empty text for no values.
	static func file(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> String {
		guard !values.isEmpty else { return "" }
		guard !Defaults.JSONValue.object(values).nestsDeeper(than: Defaults.JSONValue.maximumNestingDepth) else {
			throw FileFormatError("the values nest more than \(Defaults.JSONValue.maximumNestingDepth) levels deep, which the YAML file could not be read back with")
		}
		return blockContent(.object(values), column: 0, lineEnd: "\n") + "\n"
	}

	/// A non-empty collection in block style whose first line starts at `column` (already
	/// written up to there) and whose other lines are indented to it.
	static func blockContent(_ value: Defaults.JSONValue, column: Int, lineEnd: String) -> String {
		let separator = lineEnd + String(repeating: " ", count: column)
		switch value {
		case .object(let members):
			return members.keys.sorted().map { key in
				// Not read: every key of `members` has a value.
				let member = members[key] ?? .null
				return self.key(key) + ":" + afterKey(member, column: column, lineEnd: lineEnd)
			}.joined(separator: separator)
		case .array(let items):
			return items.map { "-" + afterDash($0, column: column, lineEnd: lineEnd) }.joined(separator: separator)
		default:
			return inline(value)
		}
	}

	/// What follows `key:` for a key at `column`: ` value`, or the members on the lines below.
	static func afterKey(_ value: Defaults.JSONValue, column: Int, lineEnd: String) -> String {
		switch value {
		case .object(let members) where !members.isEmpty:
			return lineEnd + String(repeating: " ", count: column + 2) + blockContent(value, column: column + 2, lineEnd: lineEnd)
		case .array(let items) where !items.isEmpty:
			return lineEnd + String(repeating: " ", count: column + 2) + blockContent(value, column: column + 2, lineEnd: lineEnd)
		case .string(let string) where string.contains("\n"):
			return " " + (literal(string, indentation: column + 2, lineEnd: lineEnd) ?? doubleQuoted(string))
		default:
			return " " + inline(value)
		}
	}

	/// What follows `-` for an item whose dash is at `column`.
	static func afterDash(_ value: Defaults.JSONValue, column: Int, lineEnd: String) -> String {
		switch value {
		case .object(let members) where !members.isEmpty:
			return " " + blockContent(value, column: column + 2, lineEnd: lineEnd)
		case .array(let items) where !items.isEmpty:
			return " " + blockContent(value, column: column + 2, lineEnd: lineEnd)
		case .string(let string) where string.contains("\n"):
			return " " + (literal(string, indentation: column + 2, lineEnd: lineEnd) ?? doubleQuoted(string))
		default:
			return " " + inline(value)
		}
	}

	/// A value on one line: a scalar, or a collection in flow style (`{a: 1, b: [x, y]}`). In a
	/// flow collection (`inFlow`, and inside the ones it writes), a string holding a `:` is quoted:
	/// libyaml, as YAML 1.1, refuses one in a plain scalar there (`[http://x]`).
	static func inline(_ value: Defaults.JSONValue, inFlow: Bool = false) -> String {
		switch value {
		case .null: "null"
		case .bool(let bool): bool ? "true" : "false"
		case .integer(let integer): "\(integer)"
		case .unsignedInteger(let integer): "\(integer)"
		case .double(let double): number(double)
		case .string(let string): isPlainSafe(string, inFlow: inFlow) ? string : doubleQuoted(string)
		case .array(let items): "[" + items.map { inline($0, inFlow: true) }.joined(separator: ", ") + "]"
		case .object(let members): "{" + members.keys.sorted().map { key($0, inFlow: true) + ": " + inline(members[$0] ?? .null, inFlow: true) }.joined(separator: ", ") + "}"
		}
	}

	/// A double as the core schema reads it back: `1.5`, `1e+20`, `.inf`, `-.inf`, `.nan`.
	static func number(_ double: Double) -> String {
		if double.isNaN { return ".nan" }
		if double.isInfinite { return double < 0 ? "-.inf" : ".inf" }
		let text = "\(double)"
		return YAMLScalarResolver.isFloat(text) ? text : text + ".0"
	}

	/// A key: plain where that reads back as the same string, else double-quoted.
	static func key(_ key: String, inFlow: Bool = false) -> String {
		isPlainSafe(key, inFlow: inFlow) ? key : doubleQuoted(key)
	}

	/// Whether `string` written plain reads back as that string, under YAML 1.2 and 1.1 alike, in
	/// block context (also in flow context: `inFlow`).
	static func isPlainSafe(_ string: String, inFlow: Bool = false) -> Bool {
		guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last else { return false }
		guard YAMLScalarResolver.resolve(plain: string).value == .string(string), !YAMLScalarResolver.isSpecialInYAML11(string) else { return false }
		if "-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first) || " \t:".unicodeScalars.contains(last) { return false }
		if inFlow, string.contains(":") { return false }
		if string.contains(": ") || string.contains(" #") || string.contains(":\t") || string.contains("\t#") { return false }
		return string.unicodeScalars.allSatisfy { !",[]{}".unicodeScalars.contains($0) && isPrintable($0) && $0 != "\t" }
	}

	/// Characters a YAML text may hold as they are (no control characters, no line breaks).
	static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
		let value = scalar.value
		if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
		return value != 0x2028 && value != 0x2029 && value != 0xFEFF && value != 0xFFFE && value != 0xFFFF
	}

	/// `"…"`, with every character that needs one escaped.
	static func doubleQuoted(_ string: String) -> String {
		var text = "\""
		for scalar in string.unicodeScalars {
			switch scalar {
			case "\"": text += "\\\""
			case "\\": text += "\\\\"
			case "\n": text += "\\n"
			case "\t": text += "\\t"
			case "\r": text += "\\r"
			case "\0": text += "\\0"
			case "\u{85}": text += "\\N"
			case "\u{2028}": text += "\\L"
			case "\u{2029}": text += "\\P"
			default:
				if isPrintable(scalar) {
					text.unicodeScalars.append(scalar)
				} else if scalar.value <= 0xFF {
					text += "\\x" + hex(scalar.value, digits: 2)
				} else {
					text += "\\u" + hex(scalar.value, digits: 4)
				}
			}
		}
		return text + "\""
	}

	private static func hex(_ value: UInt32, digits: Int) -> String {
		let text = String(value, radix: 16, uppercase: true)
		return String(repeating: "0", count: max(0, digits - text.count)) + text
	}

	/// `'…'` (a quote written twice), or `nil` when the string holds what single quotes cannot
	/// hold on one line (a line break, a control character).
	static func singleQuoted(_ string: String) -> String? {
		guard string.unicodeScalars.allSatisfy({ isPrintable($0) }) else { return nil }
		return "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
	}

	/**
	A literal block scalar: `|` (or `|-` without a last line break) and the lines indented by
	`indentation`; `nil` when the string cannot be written so and read back the same: a control
	character or another line break than `\n`, a first line starting with a space (which would
	need an indentation indicator), a line of spaces only, or more than one line break at the end.
	*/
	static func literal(_ string: String, indentation: Int, lineEnd: String) -> String? {
		guard !string.isEmpty, string.unicodeScalars.allSatisfy({ isPrintable($0) || $0 == "\n" || $0 == "\t" }) else { return nil }
		var lines = string.split(separator: "\n", omittingEmptySubsequences: false)
		let chomping: String
		if lines.last?.isEmpty == true {
			lines.removeLast()
			guard lines.last?.isEmpty == false else { return nil }
			chomping = ""
		} else {
			chomping = "-"
		}
		guard let first = lines.first(where: { !$0.isEmpty }), first.first != " ", first.first != "\t",
		      !lines.contains(where: { !$0.isEmpty && $0.allSatisfy { $0 == " " || $0 == "\t" } })
		else { return nil }
		let prefix = String(repeating: " ", count: indentation)
		return "|" + chomping + lines.map { lineEnd + ($0.isEmpty ? "" : prefix + $0) }.joined()
	}
}

extension String {
	/// The text with each `target` replaced by `replacement` (no Foundation in this target).
	func replacingOccurrences(of target: String, with replacement: String) -> String {
		split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
	}
}
