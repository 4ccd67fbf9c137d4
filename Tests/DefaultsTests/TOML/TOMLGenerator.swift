/// TOML documents made from a seed, for differential tests: top-level keys, dotted keys, tables,
/// sub-tables, arrays of tables, and every form of string, number, date and time, with comments,
/// blank lines, odd spacing and either line end. Each key is new in its table, so every document
/// is valid TOML 1.0 (the tests check that `tomllib` reads each one).
struct TOMLGenerator {
	var random: SplitMix
	private var names = 0
	/// The line end of the document being made.
	private var lineEnd = "\n"

	init(seed: UInt64) {
		random = SplitMix(state: seed)
	}

	/// A whole document.
	mutating func document() -> String {
		lineEnd = chance(0.2) ? "\r\n" : "\n"
		var lines: [String] = []
		if chance(0.5) { lines += comments() }
		for _ in 0..<int(0...5) { lines += statement() }
		for _ in 0..<int(1...5) {
			if chance(0.3) {
				let name = newKey()
				for _ in 0..<int(1...3) {
					lines += blankOrComment() + ["[[\(name)]]" + trailingComment()]
					for _ in 0..<int(0...3) { lines += statement() }
					if chance(0.3) {
						lines += ["[\(name).\(newKey())]"]
						for _ in 0..<int(1...2) { lines += statement() }
					}
				}
			} else {
				let name = newKey()
				lines += blankOrComment() + [indent() + "[\(name)]" + trailingComment()]
				for _ in 0..<int(0...4) { lines += statement() }
				for _ in 0..<int(0...2) {
					lines += blankOrComment() + ["[\(name).\(newKey())]"]
					for _ in 0..<int(0...3) { lines += statement() }
				}
			}
		}
		return lines.map { $0 + lineEnd }.joined()
	}

	/// `key = value`, sometimes dotted (a new table of one or two keys), with blanks and a comment around.
	private mutating func statement() -> [String] {
		let key = chance(0.2) ? newKey() + "." + newKey() : newKey()
		let space = pick([" = ", "=", " =\t", "   = "])
		return blankOrComment() + [indent() + key + space + value(depth: 0) + trailingComment()]
	}

	/// A value of any kind; arrays and inline tables nest up to three deep.
	mutating func value(depth: Int) -> String {
		switch int(0...(depth < 3 ? 9 : 7)) {
		case 0, 1: return string()
		case 2: return integer()
		case 3: return float()
		case 4: return chance(0.5) ? "true" : "false"
		case 5, 6: return dateTime()
		case 7: return string()
		case 8:
			let count = int(0...4)
			let multiLine = chance(0.3)
			var elements: [String] = []
			for _ in 0..<count { elements.append(value(depth: depth + 1)) }
			if multiLine {
				let body = elements.map { lineEnd + "  " + $0 + "," + (chance(0.3) ? " # element" : "") }.joined()
				return "[" + body + lineEnd + "]"
			}
			return "[" + elements.joined(separator: ", ") + (count > 0 && chance(0.2) ? ", " : "") + "]"
		default:
			var members: [String] = []
			for _ in 0..<int(0...3) { members.append((chance(0.2) ? newKey() + "." : "") + newKey() + " = " + value(depth: depth + 1)) }
			return members.isEmpty ? "{}" : "{ " + members.joined(separator: ", ") + " }"
		}
	}

	/// A string in one of the four forms, with escapes, quotes and line ends where the form allows.
	mutating func string() -> String {
		let words = ["plain", "with space", "ünïcødé ✓", "tab\there", "quote \"q\"", "back\\slash", "it's", "#not a comment", ""]
		let text = pick(words) + (chance(0.5) ? " " + pick(words) : "")
		switch int(0...5) {
		case 0:
			return "'" + text.replacingOccurrences(of: "'", with: "") + "'"
		case 1:
			return "'''" + (chance(0.5) ? lineEnd : "") + text.replacingOccurrences(of: "'", with: "") + lineEnd + "second line'''"
		case 2:
			let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
			// A line-ending backslash takes out the blanks after it, the line end and the blank lines and blanks that follow.
			let continuation = "\\" + pick(["", " ", "\t", "  \t"]) + lineEnd + (chance(0.3) ? pick(["", "\t "]) + lineEnd : "") + pick(["    ", "\t", "\t "])
			return "\"\"\"" + lineEnd + escaped + " " + continuation + "continued" + (chance(0.5) ? "\"" : "") + "\"\"\""
		case 3:
			return "\"" + pick(["\\u00E9", "\\U0001F600", "\\n", "\\t", "\\b\\f\\r", "\\\\", "\\\""]) + "\""
		default:
			return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\t", with: "\\t") + "\""
		}
	}

	/// An integer in one of the four bases, with signs and underscores.
	mutating func integer() -> String {
		switch int(0...5) {
		case 0: return "0x" + pick(["DEAD_BEEF", "ff", "7FFF_FFFF_FFFF_FFFF", "0"])
		case 1: return "0o" + pick(["755", "0", "777_777"])
		case 2: return "0b" + pick(["1101", "0", "1_0000_0000"])
		case 3: return pick(["9_223_372_036_854_775_807", "-9223372036854775808", "+0", "-0", "1_000"])
		default: return (chance(0.3) ? "-" : chance(0.2) ? "+" : "") + String(int(0...1_000_000))
		}
	}

	/// A float: a fraction, an exponent, both, underscores, `inf` and `nan` with signs.
	mutating func float() -> String {
		pick(["3.14", "-0.01", "5e+22", "1e06", "-2E-2", "6.626e-34", "224_617.445_991_228", "+1.5", "-0.0", "0e0",
		      "inf", "+inf", "-inf", "nan", "+nan", "-nan", "1.7976931348623157e308", "5e-324"])
	}

	/// A date or time of each kind TOML has, with `T`, `t` or a space, `Z`, `z` or an offset, and fractions of a second.
	mutating func dateTime() -> String {
		let date = pick(["1979-05-27", "2000-02-29", "2024-12-31", "0001-01-01"])
		let time = pick(["07:32:00", "00:00:00", "23:59:59.999999", "12:30:45.5", "01:02:03.123456789"])
		switch int(0...3) {
		case 0: return date
		case 1: return time
		case 2: return date + pick(["T", "t", " "]) + time
		default: return date + pick(["T", " "]) + time + pick(["Z", "z", "+05:30", "-08:00", "+00:00"])
		}
	}

	/// A key no other key of the document has: bare, "quoted" (sometimes with a dot or not ASCII) or 'literal'.
	private mutating func newKey() -> String {
		names += 1
		switch int(0...5) {
		case 0: return "\"key \(names)\""
		case 1: return "'k.\(names)'"
		case 2: return "\"ключ\(names)\""
		default: return pick(["k", "key-", "key_", "K", "1"]) + String(names)
		}
	}

	private mutating func blankOrComment() -> [String] {
		switch int(0...5) {
		case 0: return [""]
		case 1: return ["# a comment ✓"]
		case 2: return ["", "\t# indented comment"]
		default: return []
		}
	}

	private mutating func comments() -> [String] {
		["# generated settings", "#", "# with a comment block"] + (chance(0.5) ? [""] : [])
	}

	private mutating func trailingComment() -> String {
		chance(0.2) ? pick(["  # note", "\t#", " # ✓ \"quoted\" ="]) : ""
	}

	private mutating func indent() -> String {
		chance(0.15) ? pick(["  ", "\t", "    "]) : ""
	}

	mutating func chance(_ probability: Double) -> Bool {
		Double.random(in: 0..<1, using: &random) < probability
	}

	mutating func int(_ range: ClosedRange<Int>) -> Int {
		Int.random(in: range, using: &random)
	}

	mutating func pick<T>(_ choices: [T]) -> T {
		choices[int(0...(choices.count - 1))]
	}
}
