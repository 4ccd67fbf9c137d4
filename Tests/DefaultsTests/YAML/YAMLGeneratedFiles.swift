import Defaults

/// Seeded YAML texts of mappings, sequences and scalars in every style (plain, quoted, literal
/// and folded blocks, flow and block collections), with comments, blank lines and anchors: the
/// scalars are ones that YAML 1.1 and 1.2 readers read alike.
struct YAMLGeneratedFiles {
	var random: SplitMix
	private var anchors = 0

	init(seed: UInt64) {
		random = SplitMix(state: seed)
	}

	private mutating func pick<T>(_ choices: [T]) -> T {
		choices[Int(random.next() % UInt64(choices.count))]
	}

	private mutating func chance(_ percent: UInt64) -> Bool {
		random.next() % 100 < percent
	}

	static let words = ["alpha", "Grüße", "naïve café", "日本語", "a-b_c", "path/to/file", "x=1", "100%", "v1.2.3", "C:\\dir", "emoji 🙂", "#hash", "dash -", "semi;colon"]

	/// A key: mostly plain words, sometimes quoted.
	private mutating func key(_ index: Int) -> String {
		let name = pick(["name", "port", "enabled", "ratio", "items", "nested", "clé", "値", "with space", "x"]) + "\(index)"
		switch random.next() % 4 {
		case 0: return "'\(name)'"
		case 1: return "\"\(name)\""
		default: return name
		}
	}

	/// A scalar on one line, in a style chosen at random.
	private mutating func inlineScalar() -> String {
		switch random.next() % 11 {
		case 0: return pick(["0", "42", "-17", "9007199254740993", "0x1F"])
		case 1: return pick(["1.5", "-0.25", "6.02e+23", "1.0", ".inf", "-.inf", ".nan"])
		case 2: return pick(["true", "false", "True", "FALSE"])
		case 3: return pick(["null", "~", "Null"])
		case 4, 5: return pick(Self.words.filter { !$0.hasPrefix("#") && !$0.contains(" -") })
		case 6: return "'" + pick(Self.words).replacingOccurrences(of: "'", with: "''") + " it''s'"
		case 7: return "\"" + pick(Self.words).replacingOccurrences(of: "\\", with: "\\\\") + " \\t\\u00e9\\\"\""
		case 8: return "\"\(pick(["12", "true", "null", "1.5"]))\""
		case 9: return "'\(pick(["yes", "0o17", "~", ""]))'"
		default: return pick(["\"\"", "''"])
		}
	}

	/// A value after `key:` at `indent`, in block or flow style.
	private mutating func value(indent: Int, depth: Int) -> String {
		let pad = String(repeating: " ", count: indent + 2)
		let roll = depth >= 3 ? random.next() % 5 : random.next() % 9
		switch roll {
		case 0, 1, 2: return " " + anchored(inlineScalar()) + comment()
		case 3: return " |" + pick(["", "-"]) + "\n" + pad + pick(Self.words) + "\n" + pad + "  more indented\n\n" + pad + pick(Self.words)
		case 4: return " >" + pick(["", "-"]) + "\n" + pad + pick(Self.words) + "\n" + pad + pick(Self.words)
		case 5: return " [" + (0..<Int(random.next() % 4)).map { _ in inlineScalar() }.joined(separator: ", ") + "]" + comment()
		case 6: return " {" + (0..<Int(random.next() % 3)).map { "\(key($0)): \(inlineScalar())" }.joined(separator: ", ") + "}"
		case 7:
			return "\n" + (0..<Int(1 + random.next() % 3)).map { _ in
				pad + "-" + itemValue(indent: indent + 2, depth: depth + 1)
			}.joined(separator: "\n")
		default:
			return "\n" + mapping(indent: indent + 2, depth: depth + 1)
		}
	}

	private mutating func itemValue(indent: Int, depth: Int) -> String {
		if depth < 3, chance(25) {
			return " " + mapping(indent: indent + 2, depth: depth + 1, firstIndented: false)
		}
		return " " + inlineScalar() + comment()
	}

	private mutating func anchored(_ scalar: String) -> String {
		guard chance(10) else { return scalar }
		anchors += 1
		return "&anchor\(anchors) " + scalar
	}

	private mutating func comment() -> String {
		chance(20) ? "   # " + pick(Self.words) : ""
	}

	/// A block mapping at `indent` (its first line's indentation left out when not `firstIndented`).
	mutating func mapping(indent: Int, depth: Int, firstIndented: Bool = true) -> String {
		let pad = String(repeating: " ", count: indent)
		var lines: [String] = []
		for index in 0..<Int(1 + random.next() % 4) {
			if chance(10) { lines.append(pad + "# a comment line") }
			if chance(10) { lines.append("") }
			if anchors > 0, chance(8) {
				lines.append(pad + key(index) + ": *anchor\(1 + Int(random.next() % UInt64(anchors)))")
			} else {
				lines.append(pad + key(index) + ":" + value(indent: indent, depth: depth))
			}
		}
		var text = lines.joined(separator: "\n")
		if !firstIndented { text = String(text.dropFirst(indent)) }
		return text
	}

	/// A whole file.
	mutating func file() -> String {
		anchors = 0
		let text = mapping(indent: 0, depth: 0) + "\n"
		return chance(15) ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
	}
}
