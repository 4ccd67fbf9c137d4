/// A key press, as the editor model understands it (the terminal layer translates ncurses codes).
public enum EditorKey: Equatable, Sendable {
	case character(Character)
	/// Ctrl and a letter, for example `.control("u")` for Ctrl-U.
	case control(Character)
	case up, down, left, right
	case shiftLeft, shiftRight
	case pageUp, pageDown, home, end
	case enter, escape, tab, backspace, delete
	/// The terminal now has this many columns and rows.
	case resize(width: Int, height: Int)
}

/// What the terminal layer should do after a key press.
public enum EditorAction: Equatable, Sendable {
	case none
	case quit
	/// Open `text` in `$EDITOR`, then pass the result to ``EditorModel/finishExternalEdit(_:)``.
	case editExternally(key: String, text: String)
}
