/**
The symbols the editor draws, each with the ASCII drawn in its place where the terminal
cannot show it: where the locale's codeset is not UTF-8 (`LANG=C`), ncurses would turn each
byte of a symbol into `~W`-like garbage and the columns would no longer line up.

The one table of them: a screen is drawn with the symbols and, on such a terminal, each one
becomes its ``Fallback/sameWidth`` stand-in (``Screen/inASCII()``), which takes as many cells,
so nothing moves. Text laid out after the change, the hint bar and the keys page, spells them
out where there is room (``Fallback/spelled``: `Enter` for ⏎, `Up/Down` for ↑↓).
*/
enum Symbols {
	/// What a symbol becomes in ASCII.
	struct Fallback: Sendable {
		/// As many cells as the symbol, for text already laid out.
		let sameWidth: String
		/// Spelled out, for text laid out after the change.
		let spelled: String

		init(_ sameWidth: String, spelled: String? = nil) {
			self.sameWidth = sameWidth
			self.spelled = spelled ?? sameWidth
		}
	}

	/// Every symbol the editor draws, with its ASCII.
	static let table: [Character: Fallback] = [
		// Markers: modified, a secret's dots, locked.
		"●": Fallback("*"), "•": Fallback("*"), "🔒": Fallback("L "),
		// A slider's bar, a list's box, its highlight and a text field's cursor.
		"━": Fallback("="), "─": Fallback("-"), "│": Fallback("|"),
		"┌": Fallback("+"), "┐": Fallback("+"), "└": Fallback("+"), "┘": Fallback("+"),
		"▸": Fallback(">"), "▏": Fallback("|"),
		// A picker's value, problems, cut text, separators.
		"‹": Fallback("<"), "›": Fallback(">"), "✗": Fallback("x"), "…": Fallback(".", spelled: "..."),
		"·": Fallback("-"), "—": Fallback("-", spelled: "--"), "–": Fallback("-"), "×": Fallback("x"), "±": Fallback("+", spelled: "+/-"),
		"“": Fallback("\""), "”": Fallback("\""), "‘": Fallback("'"), "’": Fallback("'"),
		// Keys.
		"↑": Fallback("^", spelled: "Up"), "↓": Fallback("v", spelled: "Down"),
		"←": Fallback("<", spelled: "Left"), "→": Fallback(">", spelled: "Right"),
		"⇧": Fallback("^", spelled: "Shift-"), "⏎": Fallback("<", spelled: "Enter"), "␣": Fallback("_", spelled: "Space"),
	]

	/// `text` with each symbol of the table as many cells of ASCII; other characters as they are.
	static func sameWidth(_ text: String) -> String {
		guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
		var result = ""
		for character in text {
			result += table[character]?.sameWidth ?? String(character)
		}
		return result
	}

	/// `text` with each symbol of the table spelled out (`↑↓ move` is `Up/Down move`), for text laid
	/// out afterwards.
	static func spelled(_ text: String) -> String {
		guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
		var result = ""
		var previousWasKey = false
		for character in text {
			guard let fallback = table[character] else {
				result.append(character)
				previousWasKey = false
				continue
			}
			let isKey = fallback.spelled.count > 1 && fallback.spelled.allSatisfy(\.isLetter)
			if isKey, previousWasKey { result += "/" }
			result += fallback.spelled
			previousWasKey = isKey
		}
		return result
	}
}

extension Screen {
	/// The screen with every symbol as ASCII of the same width (see ``Symbols``): for a terminal
	/// whose locale cannot show them.
	func inASCII() -> Screen {
		var screen = self
		screen.lines = lines.map { line in line.map { Span(Symbols.sameWidth($0.text), $0.style) } }
		return screen
	}
}
