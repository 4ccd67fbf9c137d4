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

	/// Applies a text-editing command or types a character; returns false when the key is neither.
	mutating func handle(_ command: Command?, key: EditorKey) -> Bool {
		switch command {
		case .cursorLeft: cursor = max(0, cursor - 1)
		case .cursorRight: cursor = min(characters.count, cursor + 1)
		case .cursorHome: cursor = 0
		case .cursorEnd: cursor = characters.count
		case .deleteBackward:
			guard cursor > 0 else { return true }
			characters.remove(at: cursor - 1)
			cursor -= 1
		case .deleteForward:
			guard cursor < characters.count else { return true }
			characters.remove(at: cursor)
		case .eraseToStart:
			characters.removeSubrange(0..<cursor)
			cursor = 0
		case .eraseToEnd:
			characters.removeSubrange(cursor...)
		case .some:
			return false
		case nil:
			switch key {
			case .character(let character):
				characters.insert(character, at: cursor)
				cursor += 1
			case .paste(let text):
				characters.insert(contentsOf: text, at: cursor)
				cursor += text.count
			default:
				return false
			}
		}
		return true
	}

	/**
	The part of the text to show in `width` cells, keeping the cursor visible, and the
	cursor's column in it. `shown` turns each character into what is drawn for it (a
	mask dot for a secret, an escape for a control character).
	*/
	func visible(width: Int, shown: (Character) -> String = { String($0).escapingControlCharacters }) -> (text: String, cursorColumn: Int) {
		guard width > 1 else { return ("", 0) }
		let pieces = characters.map(shown)
		let widths = pieces.map(\.cellWidth)
		var start = 0
		// Scroll right until the cursor fits, leaving a cell for it.
		while widths[start..<cursor].reduce(0, +) > width - 1 { start += 1 }
		var end = start
		var used = 0
		while end < pieces.count, used + widths[end] <= width {
			used += widths[end]
			end += 1
		}
		return (pieces[start..<end].joined(), widths[start..<cursor].reduce(0, +))
	}
}
