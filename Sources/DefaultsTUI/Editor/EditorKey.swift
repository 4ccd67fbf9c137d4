import Defaults

/// A key press, as the editor model understands it (the terminal layer translates ncurses codes).
///
/// ```swift
/// let model = EditorModel(schema: schema, store: LayeredStore.standard)
/// model.handle(.down)                              // select the next setting
/// model.handle(.character(" "))                    // flip it, if it is a toggle
/// model.handle(.resize(width: 120, height: 40))    // the window grew
/// ```
public enum EditorKey: Hashable, Sendable {
	/// A printable character, typed as it is (a letter, a digit, a space, `?`).
	case character(Character)
	/// Ctrl and a letter, for example `.control("u")` for Ctrl-U.
	case control(Character)
	/// An arrow key.
	case up, down, left, right
	/// The left or right arrow with Shift held.
	case shiftLeft, shiftRight
	/// Page Up, Page Down, Home or End.
	case pageUp, pageDown, home, end
	/// Enter (Return), Escape, Tab, Backspace or Delete (the key that deletes forward).
	case enter, escape, tab, backspace, delete
	/// A function key, F1 to F12.
	case function(Int)
	/// The terminal now has this many columns and rows.
	case resize(width: Int, height: Int)
	/// A mouse button or wheel, at a screen cell.
	case mouse(MouseEvent)
	/// Text the person pasted, as the terminal marked it (bracketed paste): typed into the
	/// field being edited, never run as keys. Line breaks are `"\n"`.
	case paste(String)
}

/// What the mouse did, and where (row and column of the screen cell, from 0).
public enum MouseEvent: Hashable, Sendable {
	/// The main button was pressed (or clicked).
	case click(row: Int, column: Int)
	/// The wheel turned up (away from the person).
	case scrollUp(row: Int, column: Int)
	/// The wheel turned down.
	case scrollDown(row: Int, column: Int)
}

/// What the terminal layer should do after a key press.
///
/// ```swift
/// switch model.handle(key) {
/// case .quit: return
/// case .redraw: clearTerminal()
/// case .editExternally(let key, let text): model.finishExternalEdit(key: key, text: runEditor(on: text))
/// case .none: break
/// }
/// draw(model.render())
/// ```
public enum EditorAction: Equatable, Sendable {
	/// Nothing to do beyond drawing the new screen.
	case none
	/// End the editor: the person quit.
	case quit
	/// Go back to the list of programs the editor was opened from (Esc, when
	/// ``EditorModel/canGoBack`` is set and there is no filter to leave).
	case back
	/// Clear the terminal and draw everything again (Ctrl-L).
	case redraw
	/// Open `text` in `$EDITOR`, then pass the result to ``EditorModel/finishExternalEdit(key:text:)``.
	case editExternally(key: String, text: String)
	/// Write `values` (every value the store holds, with the changes it could not save) to a
	/// file, tell the model where with ``EditorModel/quitAfterExport(to:failure:)``, and end.
	case exportAndQuit(values: [String: Defaults.JSONValue])
}
