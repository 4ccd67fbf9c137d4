/// A `fileMatch` pattern of a schema catalogue, as SchemaStore and VS Code read them: `*` (any
/// characters but `/`), `**` (any characters, `/` too; `**/` any number of whole folders, none
/// included), `?` (one character but `/`), `{a,b}` (either), `[abc]` and `[a-z]` (one of them).
///
/// A pattern without `/` matches the file's name; one with `/` matches the end of its path at a
/// folder boundary (`.github/workflows/*.yml` matches `/repo/.github/workflows/ci.yml`), and one
/// that starts with `/` the whole path. A pattern that starts with `!` excludes what it matches
/// (``isNegated``), for its catalogue entry.
///
/// ```swift
/// let pattern = FilePattern(".github/workflows/**.yml")
/// pattern.matches(path: "/src/app/.github/workflows/ci.yml")   //=> true
/// pattern.matches(path: "/src/app/ci.yml")                     //=> false
/// ```
public struct FilePattern: Sendable, Equatable, CustomStringConvertible {
	/// The pattern as the catalogue writes it (with its `!` when negated).
	public let text: String
	/// Whether the pattern excludes the files it matches (`!` before it).
	public let isNegated: Bool
	/// How specific the pattern is: of two patterns matching a file, the greater wins.
	public let specificity: Specificity
	/// The pattern's alternatives (`{a,b}` expanded), each as the parts it is matched by.
	private let alternatives: [[Part]]
	/// Whether the pattern matches the file name only (it has no `/`).
	private let matchesNameOnly: Bool
	/// Whether the pattern matches the whole path (it starts with `/`).
	private let isAnchored: Bool
	/// The literal text every match ends with, for a quick refusal (empty when there is none).
	private let ending: [UInt8]

	/// How specific a pattern is, compared in this order: the more literal folders it names
	/// (`.github/workflows/*.yml` names two; `**` is none), then a literal file name over one with
	/// a wildcard (`Cargo.toml` over `*.toml`), then the more literal characters.
	///
	/// So a literal path beats a literal file name, which beats a wildcard name; a folder that
	/// narrows a wildcard name beats a literal name found anywhere.
	public struct Specificity: Comparable, Sendable, CustomStringConvertible {
		/// Folders named literally, without wildcards.
		public let literalFolders: Int
		/// Whether the file name part has no wildcard.
		public let literalName: Bool
		/// Characters matched literally.
		public let literalCharacters: Int

		/// Whether `lhs` is less specific than `rhs`: fewer literal folders, then a wildcard name, then fewer literal characters.
		public static func < (lhs: Specificity, rhs: Specificity) -> Bool {
			(lhs.literalFolders, lhs.literalName ? 1 : 0, lhs.literalCharacters) < (rhs.literalFolders, rhs.literalName ? 1 : 0, rhs.literalCharacters)
		}

		/// `2 folders, literal name, 14 characters`.
		public var description: String {
			"\(literalFolders) folder\(literalFolders == 1 ? "" : "s"), \(literalName ? "literal" : "wildcard") name, \(literalCharacters) characters"
		}
	}

	/// One step of matching.
	private enum Part: Equatable {
		case literal(UInt8)
		/// `?`: one byte but `/`.
		case one
		/// `*`: any bytes but `/`.
		case any
		/// `**` within a name: any bytes, `/` too.
		case anyDeep
		/// `**/`: nothing, or any bytes ending with `/`.
		case folders
		/// `[…]`: one byte of the set (or not of it, `[!…]`).
		case set([ClosedRange<UInt8>], negated: Bool)
	}

	/// The pattern `text` (`!` first for an exclusion). At most 64 alternatives of `{…}` are
	/// taken; text a pattern cannot mean (an unclosed `[`) is read literally.
	public init(_ text: String) {
		self.text = text
		var body = Substring(text)
		isNegated = body.hasPrefix("!")
		if isNegated { body = body.dropFirst() }
		isAnchored = body.hasPrefix("/")
		if isAnchored { body = body.dropFirst() }
		// `./x` is `x` below the catalogue's place: taken as the path's end.
		while body.hasPrefix("./") { body = body.dropFirst(2) }
		matchesNameOnly = !isAnchored && !body.contains("/")
		let expanded = Self.expandBraces(String(body), limit: 64)
		alternatives = expanded.map(Self.parts)
		specificity = expanded.map(Self.specificity).max() ?? Specificity(literalFolders: 0, literalName: false, literalCharacters: 0)
		ending = Self.literalEnding(of: alternatives)
	}

	/// The pattern as written.
	public var description: String { text }

	/// The file name the pattern matches, when its name part has no wildcard nor braces (`Cargo.toml`
	/// for `**/Cargo.toml`): a catalogue looks such patterns up by a file's name.
	public var literalName: String? {
		guard specificity.literalName, alternatives.count == 1, !text.contains("{") else { return nil }
		return text.split(separator: "/").last.map(String.init)
	}

	/// The ending every file it matches has (`yml` for `.github/workflows/**.yml`, after the last
	/// `.` of its literal ending), for a catalogue to try it on such files only; `nil` when its
	/// literal ending has no `.`.
	var literalExtension: String? {
		guard let dot = ending.lastIndex(of: UInt8(ascii: ".")) else { return nil }
		return String(decoding: ending[(dot + 1)...], as: UTF8.self)
	}

	/// The literal text every match ends with (`.yml` for `.github/workflows/**.yml`), for a quick refusal.
	private static func literalEnding(of alternatives: [[Part]]) -> [UInt8] {
		guard alternatives.count == 1, let parts = alternatives.first else { return [] }
		var ending: [UInt8] = []
		for part in parts.reversed() {
			guard case .literal(let byte) = part else { break }
			ending.append(byte)
		}
		return ending.reversed()
	}

	/// Whether the pattern (without its `!`) matches the file at `path` (absolute or relative, `/` between folders).
	public func matches(path: String) -> Bool {
		matches(utf8: Array(path.utf8))
	}

	/// Whether the pattern matches the path whose UTF-8 bytes are `bytes` (a catalogue converts
	/// a path once for all its patterns).
	func matches(utf8 bytes: [UInt8]) -> Bool {
		// The literal ending first, byte by byte from the end: most patterns stop here.
		guard bytes.count >= ending.count else { return false }
		var offset = 1
		while offset <= ending.count {
			if bytes[bytes.count - offset] != ending[ending.count - offset] { return false }
			offset += 1
		}
		let slash = UInt8(ascii: "/")
		for parts in alternatives {
			if matchesNameOnly {
				if Self.match(parts, bytes, (bytes.lastIndex(of: slash) ?? -1) + 1) { return true }
			} else if isAnchored {
				if Self.match(parts, bytes, bytes.first == slash ? 1 : 0) { return true }
			} else {
				// The path's end, at a folder boundary.
				if Self.match(parts, bytes, 0) { return true }
				for index in bytes.indices where bytes[index] == slash {
					if Self.match(parts, bytes, index + 1) { return true }
				}
			}
		}
		return false
	}

	/// Whether `parts` match `bytes` from `start` to the end.
	private static func match(_ parts: [Part], _ bytes: [UInt8], _ start: Int) -> Bool {
		// The positions reachable after each part, each once (no backtracking blow-up): `mark`
		// holds the step a position was last added at.
		let slash = UInt8(ascii: "/")
		var positions = [start]
		var next: [Int] = []
		var mark = [Int](repeating: -1, count: bytes.count + 1)
		for (step, part) in parts.enumerated() {
			next.removeAll(keepingCapacity: true)
			func add(_ position: Int) {
				if mark[position] != step {
					mark[position] = step
					next.append(position)
				}
			}
			for position in positions {
				switch part {
				case .literal(let byte):
					if position < bytes.count, bytes[position] == byte { add(position + 1) }
				case .one:
					if position < bytes.count, bytes[position] != slash { add(position + 1) }
				case .set(let ranges, let negated):
					if position < bytes.count, bytes[position] != slash, ranges.contains(where: { $0.contains(bytes[position]) }) != negated {
						add(position + 1)
					}
				case .any:
					add(position)
					var index = position
					while index < bytes.count, bytes[index] != slash {
						index += 1
						add(index)
					}
				case .anyDeep:
					for index in position...bytes.count { add(index) }
				case .folders:
					add(position)
					for index in position..<bytes.count where bytes[index] == slash { add(index + 1) }
				}
			}
			if next.isEmpty { return false }
			swap(&positions, &next)
		}
		return positions.contains(bytes.count)
	}

	/// The pattern's parts.
	private static func parts(_ text: String) -> [Part] {
		let bytes = Array(text.utf8)
		var parts: [Part] = []
		var index = 0
		while index < bytes.count {
			let byte = bytes[index]
			switch byte {
			case UInt8(ascii: "*"):
				if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
					let atFolderStart = index == 0 || bytes[index - 1] == UInt8(ascii: "/")
					if atFolderStart, index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "/") {
						parts.append(.folders)
						index += 3
					} else {
						parts.append(.anyDeep)
						index += 2
					}
					while index < bytes.count, bytes[index] == UInt8(ascii: "*") { index += 1 }
					continue
				}
				parts.append(.any)
			case UInt8(ascii: "?"):
				parts.append(.one)
			case UInt8(ascii: "["):
				if let (set, end) = characterSet(bytes, from: index) {
					parts.append(set)
					index = end
					continue
				}
				parts.append(.literal(byte))
			default:
				parts.append(.literal(byte))
			}
			index += 1
		}
		return parts
	}

	/// The set `[…]` that starts at `start`, and where it ends; `nil` when it is not closed.
	private static func characterSet(_ bytes: [UInt8], from start: Int) -> (Part, Int)? {
		var index = start + 1
		let negated = index < bytes.count && (bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^"))
		if negated { index += 1 }
		var ranges: [ClosedRange<UInt8>] = []
		var first = true
		while index < bytes.count {
			let byte = bytes[index]
			if byte == UInt8(ascii: "]"), !first { return (.set(ranges, negated: negated), index + 1) }
			first = false
			if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] != UInt8(ascii: "]") {
				let low = min(byte, bytes[index + 2]), high = max(byte, bytes[index + 2])
				ranges.append(low...high)
				index += 3
			} else {
				ranges.append(byte...byte)
				index += 1
			}
		}
		return nil
	}

	/// `a{b,c}d` as `abd` and `acd` (nested braces too), at most `limit` of them.
	static func expandBraces(_ text: String, limit: Int) -> [String] {
		let characters = Array(text)
		guard let open = characters.firstIndex(of: "{") else { return [text] }
		var depth = 0
		var commas: [Int] = []
		var close: Int?
		for index in open..<characters.count {
			switch characters[index] {
			case "{": depth += 1
			case "}":
				depth -= 1
				if depth == 0 { close = index }
			case "," where depth == 1: commas.append(index)
			default: break
			}
			if close != nil { break }
		}
		guard let close else { return [text] }
		let prefix = String(characters[..<open])
		let suffix = String(characters[(close + 1)...])
		let bounds = [open] + commas + [close]
		var results: [String] = []
		for (from, to) in zip(bounds, bounds.dropFirst()) {
			let choice = String(characters[(from + 1)..<to])
			for expanded in expandBraces(prefix + choice + suffix, limit: limit - results.count) {
				guard results.count < limit else { return results }
				results.append(expanded)
			}
		}
		return results
	}

	/// How specific one alternative (braces expanded) is.
	private static func specificity(_ text: String) -> Specificity {
		let segments = text.split(separator: "/", omittingEmptySubsequences: true)
		let wildcards: Set<Character> = ["*", "?", "["]
		let folders = segments.dropLast().filter { !$0.contains(where: wildcards.contains) }.count
		let name = segments.last ?? ""
		let literal = text.filter { !wildcards.contains($0) && $0 != "/" && $0 != "]" }.count
		return Specificity(literalFolders: folders, literalName: !name.isEmpty && !name.contains(where: wildcards.contains), literalCharacters: literal)
	}

	/// Whether the pattern says no more than a file's format: its only literal text is an
	/// ending such as `.json` or `.yml` (`*.json`, `**/*.yaml`), so it would claim every such file.
	public var isTooGeneric: Bool {
		guard specificity.literalFolders == 0, !specificity.literalName else { return false }
		let body = text.drop { $0 == "!" || $0 == "/" }
		let name = body.split(separator: "/").last.map(String.init) ?? String(body)
		let literal = name.filter { !"*?[]".contains($0) }
		return literal.isEmpty || Self.genericEndings.contains(literal.lowercased())
	}

	/// Endings that say a file's format and nothing of its program.
	static let genericEndings: Set<String> = [".json", ".jsonc", ".json5", ".yaml", ".yml", ".toml", ".js", ".xml", ".txt", ".conf", ".config", ".ini"]
}
