import CNcurses
import Foundation

/// Terminal cell widths from the C library's `wcwidth`, measured under a UTF-8 locale
/// whatever the process's own locale is (tests and programs that never call `setlocale`).
enum CellWidth {
	/// A UTF-8 character-type locale, made once; `nil` if the system has none (then a
	/// small built-in table is used).
	private static let utf8Locale: LocaleHandle? = {
		for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
			if let locale = newlocale(LC_CTYPE_MASK, name, nil) { return LocaleHandle(locale: locale) }
		}
		return nil
	}()

	/// How many cells a character takes, as terminals (and tmux) draw it: the sum of its
	/// scalars' widths, where combining marks, joiners and variation selectors take none.
	/// A regional-indicator flag is two cells; control characters take none (values are
	/// escaped before they are shown). A joined emoji sequence (👨‍👩‍👧) takes the cells of its
	/// first emoji, as it is drawn (see ``drawn(_:)``).
	static func of(_ character: Character) -> Int {
		let scalars = character.unicodeScalars
		if scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x20, scalar.value < 0x7F { return 1 }
		return measure { width in
			if isJoinedSequence(character, width), let first = scalars.first { return width(first) }
			return scalars.reduce(0) { $0 + width($1) }
		}
	}

	/// The width of a whole string, switching locales once.
	static func of(_ text: String) -> Int {
		if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
		if hasJoiner(text) { return text.reduce(0) { $0 + of($1) } }
		return measure { width in text.unicodeScalars.reduce(0) { $0 + width($1) } }
	}

	/**
	The text as the terminal is given it: a joined emoji sequence as its first emoji
	(👨‍👩‍👧 as 👨), everything else as it is.

	Terminals disagree on such a sequence: tmux, kitty or iTerm2 join it into one emoji two
	cells wide, xterm shows each of its emoji; ncurses counts every emoji, and its idea of
	where the text after it goes would match neither. The first emoji alone takes the same
	cells everywhere, and ``of(_:)`` counts those.
	*/
	static func drawn(_ text: String) -> String {
		guard hasJoiner(text) else { return text }
		return measure { width in
			var result = ""
			for character in text {
				if isJoinedSequence(character, width), let first = character.unicodeScalars.first {
					result.unicodeScalars.append(first)
				} else {
					result.append(character)
				}
			}
			return result
		}
	}

	/// Whether the text has a zero-width joiner (U+200D, E2 80 8D in UTF-8), looking at bytes only.
	private static func hasJoiner(_ text: String) -> Bool {
		var utf8 = text.utf8.makeIterator()
		while let byte = utf8.next() {
			guard byte == 0xE2 else { continue }
			if utf8.next() == 0x80, utf8.next() == 0x8D { return true }
		}
		return false
	}

	/// Whether a joiner joins characters that take cells into this one (an emoji ZWJ sequence).
	private static func isJoinedSequence(_ character: Character, _ width: (Unicode.Scalar) -> Int) -> Bool {
		let scalars = character.unicodeScalars
		guard scalars.count > 2, scalars.contains("\u{200D}") else { return false }
		return scalars.dropFirst().contains { width($0) > 0 }
	}

	private static func measure<Result>(_ body: ((Unicode.Scalar) -> Int) -> Result) -> Result {
		guard let locale = utf8Locale else { return body(fallbackWidth) }
		let previous = uselocale(locale.locale)
		defer { uselocale(previous) }
		return body { scalar in
			if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : 0 }
			return max(0, Int(cn_wcwidth(scalar.value)))
		}
	}

	/// Used only where no UTF-8 locale exists: wide East Asian ranges and emoji, zero for marks.
	private static func fallbackWidth(_ scalar: Unicode.Scalar) -> Int {
		let value = scalar.value
		if value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
		let category = scalar.properties.generalCategory
		if category == .nonspacingMark || category == .enclosingMark { return 0 }
		switch value {
		case 0x1100...0x115F, 0x231A...0x231B, 0x23E9...0x23EC, 0x2614...0x2615, 0x26A1, 0x2705, 0x2E80...0x303E, 0x3041...0x33FF,
			0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
			0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
			0x20000...0x3FFFD:
			return 2
		default:
			return 1
		}
	}
}

/// A `locale_t` made once and never freed, shared by every thread (only read after creation).
private struct LocaleHandle: @unchecked Sendable {
	let locale: locale_t
}

extension Character {
	/// How many terminal cells the character takes (see ``CellWidth``).
	var cellWidth: Int { CellWidth.of(self) }
}

extension String {
	/// Width in terminal cells: `"日本".cellWidth` is 4, `"🚀"` 2, `"e\u{301}"` 1.
	package var cellWidth: Int { CellWidth.of(self) }

	/// Cut to at most `width` cells, ending in "…" when cut, and padded with spaces to exactly `width` when `pad` is set.
	///
	/// ```swift
	/// "Harbor Notes".fitted(to: 8)             //=> "Harbor …"
	/// "ok".fitted(to: 4, pad: true)            //=> "ok  "
	/// ```
	package func fitted(to width: Int, pad: Bool = false) -> String {
		guard width > 0 else { return "" }
		var result = ""
		var used = 0
		for character in self {
			let cells = character.cellWidth
			if used + cells > width {
				while used + 1 > width, let last = result.popLast() { used -= last.cellWidth }
				result.append("…")
				used += 1
				break
			}
			result.append(character)
			used += cells
		}
		if pad, used < width { result += String(repeating: " ", count: width - used) }
		return result
	}
}

extension String {
	/// The text cut to at most `width` cells, without an ellipsis (for splicing rows).
	func prefix(cells width: Int) -> String {
		var result = ""
		var used = 0
		for character in self {
			let cells = character.cellWidth
			guard used + cells <= width else { break }
			result.append(character)
			used += cells
		}
		return result
	}

	/// The text broken into lines of at most `width` cells, at spaces where possible.
	func wrapped(to width: Int) -> [String] {
		guard width > 0 else { return [] }
		var lines: [String] = []
		for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
			var line = ""
			for word in paragraph.split(separator: " ") {
				let candidate = line.isEmpty ? String(word) : line + " " + word
				if candidate.cellWidth <= width {
					line = candidate
					continue
				}
				if !line.isEmpty { lines.append(line) }
				var rest = String(word)
				while rest.cellWidth > width {
					let head = rest.prefix(cells: width)
					lines.append(head)
					rest.removeFirst(head.count)
				}
				line = rest
			}
			lines.append(line)
		}
		return lines
	}
}
