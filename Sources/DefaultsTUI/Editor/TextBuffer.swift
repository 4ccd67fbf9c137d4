/**
Text being edited in place, with a cursor; measures wide characters in terminal cells.

The cursor moves, erases and inserts by characters as Swift counts them (extended grapheme
clusters): a joined emoji (👨‍👩‍👧), a flag or a letter with its accents is one step. A
terminal delivers such a character one scalar at a time, so after each change the text is
split into characters again: what was typed joins the character before it when Unicode
says it does.
*/
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
			replace(before: String(characters[..<(cursor - 1)]), after: String(characters[cursor...]))
		case .deleteForward:
			guard cursor < characters.count else { return true }
			replace(before: String(characters[..<cursor]), after: String(characters[(cursor + 1)...]))
		case .eraseToStart:
			replace(before: "", after: String(characters[cursor...]))
		case .eraseToEnd:
			replace(before: String(characters[..<cursor]), after: "")
		case .some:
			return false
		case nil:
			switch key {
			case .character(let character):
				replace(before: String(characters[..<cursor]) + String(character), after: String(characters[cursor...]))
			case .paste(let text):
				replace(before: String(characters[..<cursor]) + text, after: String(characters[cursor...]))
			default:
				return false
			}
		}
		return true
	}

	/**
	Makes the text `before` + `after`, split into characters anew (the two may join where
	they meet, as a joiner and the emoji after it do), with the cursor after `before`: at
	the end of the character that takes in `before`'s last scalar, never inside it.
	*/
	private mutating func replace(before: String, after: String) {
		characters = Array(before + after)
		let scalarsBefore = before.unicodeScalars.count
		var scalars = 0
		cursor = 0
		while cursor < characters.count, scalars < scalarsBefore {
			scalars += characters[cursor].unicodeScalars.count
			cursor += 1
		}
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
