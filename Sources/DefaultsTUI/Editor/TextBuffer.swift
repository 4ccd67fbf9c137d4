/// Text being edited in place, with a cursor; measures wide characters in terminal cells.
struct TextBuffer: Equatable {
	private(set) var characters: [Character]
	/// The cursor, as an index into `characters`.
	private(set) var cursor: Int

	init(_ text: String) {
		characters = Array(text)
		cursor = characters.count
	}

	var text: String { String(characters) }

	/// Applies an editing key; returns false for keys that are not editing keys.
	mutating func handle(_ key: EditorKey) -> Bool {
		switch key {
		case .left: cursor = max(0, cursor - 1)
		case .right: cursor = min(characters.count, cursor + 1)
		case .home, .control("a"): cursor = 0
		case .end, .control("e"): cursor = characters.count
		case .backspace:
			guard cursor > 0 else { return true }
			characters.remove(at: cursor - 1)
			cursor -= 1
		case .delete, .control("d"):
			guard cursor < characters.count else { return true }
			characters.remove(at: cursor)
		case .control("u"):
			characters.removeSubrange(0..<cursor)
			cursor = 0
		case .control("k"):
			characters.removeSubrange(cursor...)
		case .character(let character):
			characters.insert(character, at: cursor)
			cursor += 1
		default:
			return false
		}
		return true
	}

	/// The part of the text to show in `width` cells, keeping the cursor visible, and the cursor's column in it.
	func visible(width: Int) -> (text: String, cursorColumn: Int) {
		guard width > 1 else { return ("", 0) }
		var start = 0
		// Scroll right until the cursor fits, leaving a cell for it.
		while cellWidth(characters[start..<cursor]) > width - 1 { start += 1 }
		var end = start
		var used = 0
		while end < characters.count, used + characters[end].cellWidth <= width {
			used += characters[end].cellWidth
			end += 1
		}
		return (String(characters[start..<end]), cellWidth(characters[start..<cursor]))
	}

	private func cellWidth(_ slice: ArraySlice<Character>) -> Int {
		slice.reduce(0) { $0 + $1.cellWidth }
	}
}

extension Character {
	/// How many terminal cells the character takes: 2 for East Asian wide characters and
	/// most emoji, 0 for a lone combining mark or control character, else 1.
	var cellWidth: Int {
		guard let scalar = unicodeScalars.first else { return 0 }
		let value = scalar.value
		if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
		if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return 0 }
		switch value {
		case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
			0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
			0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
			return 2
		default:
			return 1
		}
	}
}

extension String {
	/// Width in terminal cells.
	var cellWidth: Int {
		reduce(0) { $0 + $1.cellWidth }
	}

	/// Cut to at most `width` cells, ending in "…" when cut, and padded with spaces to exactly `width` when `pad` is set.
	func fitted(to width: Int, pad: Bool = false) -> String {
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
