import Defaults

/**
What a plain scalar means under YAML 1.2's core schema: `null` (`~`, `null`, `Null`, `NULL`, or
nothing), a Boolean (`true`, `True`, `TRUE`, `false`, `False`, `FALSE` only: `yes`, `no`, `on`
and `off` are strings in 1.2), an integer (decimal, `0o` octal, `0x` hexadecimal), a float
(`1.5`, `1e3`, `.inf`, `-.inf`, `.nan`), and else a string.
*/
enum YAMLScalarResolver {
	/// A value read, with what it could not hold exactly: an integer beyond 64 bits or a float
	/// out of range is kept as a string of its text, and `inexact` says so.
	struct Resolved {
		var value: Defaults.JSONValue
		var inexact = false
	}

	static func resolve(plain text: String) -> Resolved {
		switch text {
		case "", "~", "null", "Null", "NULL": return Resolved(value: .null)
		case "true", "True", "TRUE": return Resolved(value: .bool(true))
		case "false", "False", "FALSE": return Resolved(value: .bool(false))
		case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return Resolved(value: .double(.infinity))
		case "-.inf", "-.Inf", "-.INF": return Resolved(value: .double(-.infinity))
		case ".nan", ".NaN", ".NAN": return Resolved(value: .double(.nan))
		default: break
		}
		if let integer = integer(text) { return integer }
		if isFloat(text) {
			guard let double = Double(text), double.isFinite else { return Resolved(value: .string(text), inexact: true) }
			return Resolved(value: .double(double))
		}
		return Resolved(value: .string(text))
	}

	/// An integer of the core schema: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`; beyond 64 bits, its text.
	static func integer(_ text: String) -> Resolved? {
		let utf8 = Array(text.utf8)
		var digits = utf8[...]
		var radix = 10
		if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "o") || utf8[1] == UInt8(ascii: "x") {
			radix = utf8[1] == UInt8(ascii: "o") ? 8 : 16
			digits = utf8[2...]
		} else if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
			digits = utf8[1...]
		}
		guard !digits.isEmpty, digits.allSatisfy({ isDigit($0, radix: radix) }) else { return nil }
		let body = String(decoding: digits, as: UTF8.self)
		let negative = utf8.first == UInt8(ascii: "-")
		if let value = Int64(negative ? "-" + body : body, radix: radix) { return Resolved(value: .integer(value)) }
		if !negative, let value = UInt64(body, radix: radix) { return Resolved(value: .unsignedInteger(value)) }
		return Resolved(value: .string(text), inexact: true)
	}

	private static func isDigit(_ byte: UInt8, radix: Int) -> Bool {
		switch radix {
		case 8: byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7")
		case 16: (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
		default: byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
		}
	}

	/// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
	static func isFloat(_ text: String) -> Bool {
		let utf8 = Array(text.utf8)
		var position = 0
		func digits() -> Int {
			let start = position
			while position < utf8.count, isDigit(utf8[position], radix: 10) { position += 1 }
			return position - start
		}
		if position < utf8.count, utf8[position] == UInt8(ascii: "-") || utf8[position] == UInt8(ascii: "+") { position += 1 }
		let whole = digits()
		if position < utf8.count, utf8[position] == UInt8(ascii: ".") {
			position += 1
			let fraction = digits()
			guard whole > 0 || fraction > 0 else { return false }
		} else if whole == 0 {
			return false
		}
		if position < utf8.count, utf8[position] | 0x20 == UInt8(ascii: "e") {
			position += 1
			if position < utf8.count, utf8[position] == UInt8(ascii: "-") || utf8[position] == UInt8(ascii: "+") { position += 1 }
			guard digits() > 0 else { return false }
		}
		return position == utf8.count
	}

	/// Whether YAML 1.1 readers (PyYAML, and the many programs on libyaml's 1.1 schema) would read
	/// a plain `text` as something other than a string: `yes`, `off`, `1_000`, `0b1`, `012`,
	/// `1:30`, `.5`, `2024-01-01` (1.1's Booleans, integers, floats, timestamps, merge and value
	/// keys). A writer quotes such a string, though 1.2 reads it as one. (`y` and `n`, Booleans in
	/// the 1.1 specification's examples, are strings to PyYAML and libyaml's users, and stay plain:
	/// `x` and `y` are common keys.)
	static func isSpecialInYAML11(_ text: String) -> Bool {
		let words: Set<String> = [
			"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
			"true", "True", "TRUE", "false", "False", "FALSE", "~", "null", "Null", "NULL", "", "=", "<<",
		]
		if words.contains(text) { return true }
		return (try? yaml11Number.wholeMatch(in: text)) != nil || (try? yaml11Timestamp.prefixMatch(in: text)) != nil
	}

	/// YAML 1.1's integers and floats, as PyYAML's resolver writes them.
	nonisolated(unsafe) private static let yaml11Number = #/
		[-+]?0b[0-1_]+
		| [-+]?0[0-7_]+
		| [-+]?(?:0|[1-9][0-9_]*)
		| [-+]?0x[0-9a-fA-F_]+
		| [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+
		| [-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
		| [-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
		| [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
		| [-+]?\.(?:inf|Inf|INF)
		| \.(?:nan|NaN|NAN)
		/#

	/// The start of a YAML 1.1 timestamp: a date.
	nonisolated(unsafe) private static let yaml11Timestamp = #/[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?/#
}
