/**
An answer typed at a line prompt on a terminal, read key by key with basic editing: ← → (and
Ctrl-B, Ctrl-F) move, Home End (Ctrl-A, Ctrl-E) go to the ends, Backspace and Delete erase,
Ctrl-U and Ctrl-K erase to the start and the end, Enter ends the line, and Ctrl-D on an empty
line ends the input. Other escape sequences (↑ ↓, function keys) and control characters are
dropped, never put in the answer.

What it writes back to show the line uses no escape sequence, for `TERM=dumb`: a backspace
character moves left, and the text is written again to move right. A pure model: bytes in,
what to write and the finished line out; ``LineInput`` gives it the terminal's bytes.

```swift
var line = PromptLine(echoes: true)
_ = line.take(Array("abd".utf8) + [0x1B, 0x5B, 0x44])   // ← after "abd"
let step = line.take(Array("c\r".utf8))
//=> .finished("abcd"), after writing "abd", "\u{8}", "cd\u{8}"
```
*/
struct PromptLine {
	/// What taking some bytes gave.
	enum Outcome: Equatable {
		/// The line goes on.
		case editing
		/// Enter: the answer, without its line break.
		case finished(String)
		/// Ctrl-D on an empty line: the end of input.
		case endOfInput
	}

	/// Where an escape sequence being read is.
	private enum Escape {
		case none
		/// After ESC.
		case started
		/// After ESC [ (a CSI) or ESC O (an SS3): the parameters so far.
		case parameters(String)
	}

	private(set) var buffer = TextBuffer("")
	/// Whether the typed text is written back (not for a secret, nor where the terminal does not echo).
	let echoes: Bool
	/// What to write to the terminal to show the line as it is now; taken by ``takeOutput()``.
	private var output = ""
	/// The text and the cursor's cell as last written.
	private var shownText: [Character] = []
	private var shownCursor = 0
	private var escape = Escape.none
	/// The bytes of a character not complete yet (UTF-8 comes a byte at a time).
	private var pendingScalar: [UInt8] = []

	init(echoes: Bool) {
		self.echoes = echoes
	}

	/// Shows the whole line again, from where the terminal's cursor is (after a prompt written
	/// again, when news interrupted the line).
	mutating func showAgain() {
		shownText = []
		shownCursor = 0
		show()
	}

	/// The text written since the last call, to show the line as it is.
	mutating func takeOutput() -> String {
		defer { output = "" }
		return output
	}

	/// Takes bytes typed; stops at the end of a line (or of input), leaving the bytes after it in
	/// `bytes` for the next line.
	mutating func take(_ bytes: inout [UInt8]) -> Outcome {
		var index = 0
		defer { bytes.removeFirst(index) }
		while index < bytes.count {
			let byte = bytes[index]
			index += 1
			if let outcome = take(byte) { return outcome }
		}
		return .editing
	}

	/// Takes every byte of `bytes` (a test's keys); what follows a finished line is dropped.
	mutating func take(_ bytes: [UInt8]) -> Outcome {
		var rest = bytes
		return take(&rest)
	}

	private mutating func take(_ byte: UInt8) -> Outcome? {
		switch escape {
		case .started:
			// ESC [ and ESC O start a sequence; ESC and any other key (Alt-b) is dropped whole.
			escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? .parameters("") : .none
			return nil
		case .parameters(let parameters):
			// Parameters and intermediates until the final byte (@ to ~).
			guard (0x40...0x7E).contains(byte) else {
				// Parameter and intermediate bytes go on; anything else breaks the sequence off.
				escape = (0x20...0x3F).contains(byte) ? .parameters(parameters + String(UnicodeScalar(byte))) : .none
				return nil
			}
			escape = .none
			sequence(parameters, final: UnicodeScalar(byte))
			return nil
		case .none:
			break
		}
		if byte >= 0x80 || !pendingScalar.isEmpty {
			return typeUTF8(byte)
		}
		switch byte {
		case 0x0D, 0x0A:
			let text = buffer.text
			edit(.cursorEnd)
			if echoes { output += "\n" }
			return .finished(text)
		case 0x1B: escape = .started
		case 0x7F, 0x08: edit(.deleteBackward)
		case 0x01: edit(.cursorHome)
		case 0x05: edit(.cursorEnd)
		case 0x02: edit(.cursorLeft)
		case 0x06: edit(.cursorRight)
		case 0x15: edit(.eraseToStart)
		case 0x0B: edit(.eraseToEnd)
		case 0x04:
			if buffer.text.isEmpty { return .endOfInput }
			edit(.deleteForward)
		case 0x20...0x7E: type(Character(UnicodeScalar(byte)))
		default: break
		}
		return nil
	}

	/// A byte of a character beyond ASCII; a broken sequence is dropped.
	private mutating func typeUTF8(_ byte: UInt8) -> Outcome? {
		pendingScalar.append(byte)
		guard let lead = pendingScalar.first else { return nil }
		let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
		let continues = pendingScalar.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
		guard continues, length > 1 else {
			pendingScalar = []
			return nil
		}
		guard pendingScalar.count == length else { return nil }
		defer { pendingScalar = [] }
		guard let scalar = String(validating: pendingScalar, as: UTF8.self)?.unicodeScalars.first,
			!(0x80...0x9F).contains(scalar.value) else { return nil }
		type(Character(scalar))
		return nil
	}

	/// An escape sequence's key: the arrows, Home, End and Delete; the rest are dropped.
	private mutating func sequence(_ parameters: String, final: UnicodeScalar) {
		switch (parameters, final) {
		case (_, "D"): edit(.cursorLeft)
		case (_, "C"): edit(.cursorRight)
		case (_, "H"), ("1", "~"), ("7", "~"): edit(.cursorHome)
		case (_, "F"), ("4", "~"), ("8", "~"): edit(.cursorEnd)
		case ("3", "~"): edit(.deleteForward)
		default: break
		}
	}

	private mutating func type(_ character: Character) {
		_ = buffer.handle(nil, key: .character(character))
		show()
	}

	private mutating func edit(_ command: Command) {
		_ = buffer.handle(command, key: .character(" "))
		show()
	}

	/// Writes what changed since the line was last shown: back (with backspaces) to where the
	/// old and new text part, the new text from there, spaces over what is gone, and back to
	/// the cursor.
	private mutating func show() {
		guard echoes else { return }
		let text = Array(buffer.text)
		let cursor = text[..<buffer.charactersBeforeCursor].reduce(0) { $0 + $1.cellWidth }
		var common = 0
		while common < min(text.count, shownText.count), text[common] == shownText[common] { common += 1 }
		let commonCells = text[..<common].reduce(0) { $0 + $1.cellWidth }
		// Where the terminal's cursor is, in cells from the start of the answer.
		var at = shownCursor
		if at > commonCells {
			output += String(repeating: "\u{8}", count: at - commonCells)
		} else if at < commonCells {
			output += String(shownText[shownText.index(atCell: at)..<common])
		}
		at = commonCells
		if common < text.count || common < shownText.count {
			let written = String(text[common...])
			output += written
			at += written.cellWidth
			let shownCells = shownText.reduce(0) { $0 + $1.cellWidth }
			let textCells = text.reduce(0) { $0 + $1.cellWidth }
			if shownCells > textCells {
				output += String(repeating: " ", count: shownCells - textCells)
				at += shownCells - textCells
			}
		}
		if at > cursor {
			output += String(repeating: "\u{8}", count: at - cursor)
		} else if at < cursor {
			output += String(text[text.index(atCell: at)..<buffer.charactersBeforeCursor])
		}
		shownText = text
		shownCursor = cursor
	}
}

extension Array where Element == Character {
	/// The index of the character that starts `cells` cells in.
	fileprivate func index(atCell cells: Int) -> Int {
		var used = 0
		for (index, character) in enumerated() {
			if used >= cells { return index }
			used += character.cellWidth
		}
		return count
	}
}
