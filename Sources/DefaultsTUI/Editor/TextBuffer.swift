/**
Text being edited in place, with a cursor; measures wide characters in terminal cells.

The cursor moves, erases and inserts by characters as Swift counts them (extended grapheme
clusters): a joined emoji (👨‍👩‍👧), a flag or a letter with its accents is one step. A
terminal delivers such a character one scalar at a time, so what is typed joins the
character before it when Unicode says it does.

Every key costs work in proportion to what changes and what is shown, never to the length
of the text: the text is kept as one string with the cursor as an index into it, characters
are found around the cursor only, and a change moves the bytes after it once (a 10 MB value
opens, scrolls and takes keys at once).
*/
struct TextBuffer: Equatable {
	/// The text.
	private(set) var text: String
	/// The cursor: a character boundary of `text`.
	private(set) var cursor: String.Index

	init(_ text: String) {
		self.text = text
		cursor = text.endIndex
	}

	/// How many characters are before the cursor; counts them, for a short line (a line prompt).
	var charactersBeforeCursor: Int {
		text.distance(from: text.startIndex, to: cursor)
	}

	/// Applies a text-editing command or types a character; returns false when the key is neither.
	mutating func handle(_ command: Command?, key: EditorKey) -> Bool {
		switch command {
		case .cursorLeft: if cursor > text.startIndex { cursor = text.index(before: cursor) }
		case .cursorRight: if cursor < text.endIndex { cursor = text.index(after: cursor) }
		case .cursorHome: cursor = text.startIndex
		case .cursorEnd: cursor = text.endIndex
		case .deleteBackward:
			guard cursor > text.startIndex else { return true }
			replace(text.index(before: cursor)..<cursor, with: "")
		case .deleteForward:
			guard cursor < text.endIndex else { return true }
			replace(cursor..<text.index(after: cursor), with: "")
		case .eraseToStart:
			replace(text.startIndex..<cursor, with: "")
		case .eraseToEnd:
			replace(cursor..<text.endIndex, with: "")
		case .some:
			return false
		case nil:
			switch key {
			case .character(let character): replace(cursor..<cursor, with: String(character))
			case .paste(let pasted): replace(cursor..<cursor, with: pasted)
			default: return false
			}
		}
		return true
	}

	/**
	Replaces `range` with `new`, the cursor after it: at the end of the character that takes
	in its last scalar, never inside it (what was typed may join the characters around it, as
	a joiner and the emoji after it do).
	*/
	private mutating func replace(_ range: Range<String.Index>, with new: String) {
		let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + new.utf8.count
		text.replaceSubrange(range, with: new)
		let position = text.utf8.index(text.startIndex, offsetBy: offset)
		// On a boundary it stays; inside a character, it goes to that character's end.
		cursor = String.Index(position, within: text) ?? text.index(after: position)
	}

	/// The most characters looked at on either side of the cursor for a field `width` cells wide:
	/// characters that take no cells (joiners, marks) cannot make the work grow with the text.
	private static func lookLimit(width: Int) -> Int { 4 * width + 16 }

	/**
	The part of the text to show in `width` cells, keeping the cursor visible, and the
	cursor's column in it. `shown` turns each character into what is drawn for it (a
	mask dot for a secret, an escape for a control character).

	The part starts as far left as it can with the cursor (and a cell for it) in view.
	*/
	func visible(width: Int, shown: (Character) -> String = { String($0).escapingControlCharacters }) -> (text: String, cursorColumn: Int) {
		guard width > 1 else { return ("", 0) }
		let limit = Self.lookLimit(width: width)
		// Back from the cursor while what is before it fits, leaving a cell for it.
		var start = cursor
		var before = 0
		var looked = 0
		while start > text.startIndex, looked < limit {
			let previous = text.index(before: start)
			let cells = shown(text[previous]).cellWidth
			guard before + cells <= width - 1 else { break }
			before += cells
			start = previous
			looked += 1
		}
		// Then forward from there as far as the width goes.
		var pieces = ""
		var used = 0
		var end = start
		looked = 0
		while end < text.endIndex, looked < 2 * limit {
			let piece = shown(text[end])
			let cells = piece.cellWidth
			guard used + cells <= width else { break }
			pieces += piece
			used += cells
			end = text.index(after: end)
			looked += 1
		}
		return (pieces, before)
	}
}
