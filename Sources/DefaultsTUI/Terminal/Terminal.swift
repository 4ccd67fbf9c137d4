import CNcurses
import Foundation

/// The one place that talks to ncurses: starts and restores the terminal, reads keys, draws screens.
final class Terminal {
	private var attributes: [TextStyle: attr_t] = [:]
	private(set) var isActive = false

	/// Puts the terminal in the editor's mode: no echo, keys as they are typed, a short Esc delay.
	func start() {
		setlocale(LC_ALL, "")
		initscr()
		cbreak()
		noecho()
		nonl()
		keypad(cn_stdscr(), true)
		set_escdelay(25)
		nodelay(cn_stdscr(), true)
		curs_set(0)
		isActive = true
		setUpStyles()
	}

	/// Gives the terminal back as it was. Safe to call more than once.
	func stop() {
		guard isActive else { return }
		isActive = false
		curs_set(1)
		endwin()
	}

	/// Leaves the editor's mode for a while (to run `$EDITOR`), then comes back.
	func suspend(during body: () -> Void) {
		def_prog_mode()
		endwin()
		body()
		reset_prog_mode()
		clearok(cn_stdscr(), true)
		refresh()
	}

	var size: (width: Int, height: Int) {
		(Int(cn_cols()), Int(cn_lines()))
	}

	private func setUpStyles() {
		let colorsWanted = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
		let bold = cn_attr_bold(), reverse = cn_attr_reverse(), dim = cn_attr_dim(), underline = cn_attr_underline()
		// Monochrome: bold, reverse and underline only.
		attributes = [
			.normal: cn_attr_normal(), .titleBar: reverse | bold, .sectionHeader: bold, .selected: reverse,
			.modified: bold, .dim: dim, .error: bold, .flash: reverse | bold, .hint: dim, .input: underline,
		]
		guard colorsWanted, has_colors() else { return }
		start_color()
		use_default_colors()
		let pairs: [(TextStyle, Int16, Int16, attr_t)] = [
			(.titleBar, Int16(COLOR_BLACK), Int16(COLOR_CYAN), bold),
			(.sectionHeader, Int16(COLOR_YELLOW), -1, bold),
			(.modified, Int16(COLOR_GREEN), -1, bold),
			(.error, Int16(COLOR_RED), -1, bold),
			(.flash, Int16(COLOR_BLACK), Int16(COLOR_YELLOW), 0),
			(.hint, Int16(COLOR_CYAN), -1, 0),
		]
		for (index, (style, foreground, background, extra)) in pairs.enumerated() {
			let pair = Int16(index + 1)
			init_pair(pair, foreground, background)
			attributes[style] = cn_color_pair(pair) | extra
		}
	}

	/// Draws a screen: every row in full, then the cursor where the model wants it.
	func draw(_ screen: Screen) {
		for (row, line) in screen.lines.enumerated() where row < screen.height {
			cn_move(Int32(row), 0)
			for span in line {
				cn_attrset(attributes[span.style] ?? cn_attr_normal())
				cn_addstr(span.text)
			}
			cn_attrset(cn_attr_normal())
			cn_clrtoeol()
		}
		if let cursor = screen.cursor {
			curs_set(1)
			cn_move(Int32(cursor.row), Int32(cursor.column))
		} else {
			curs_set(0)
		}
		refresh()
	}

	/// The next key typed, or `nil` when none is waiting.
	func readKey() -> EditorKey? {
		var character: wint_t = 0
		let result = cn_get_wch(&character)
		if result == cn_err() { return nil }
		if result == cn_key_code_yes() {
			return Self.functionKey(Int32(character), size: size)
		}
		return Self.characterKey(UInt32(character))
	}

	static func functionKey(_ code: Int32, size: (width: Int, height: Int)) -> EditorKey? {
		switch code {
		case KEY_UP: .up
		case KEY_DOWN: .down
		case KEY_LEFT: .left
		case KEY_RIGHT: .right
		case KEY_SLEFT: .shiftLeft
		case KEY_SRIGHT: .shiftRight
		case KEY_PPAGE: .pageUp
		case KEY_NPAGE: .pageDown
		case KEY_HOME: .home
		case KEY_END: .end
		case KEY_ENTER: .enter
		case KEY_BACKSPACE: .backspace
		case KEY_DC: .delete
		case KEY_RESIZE: .resize(width: size.width, height: size.height)
		default: (1...12).first { code == cn_key_f(Int32($0)) }.map { .function($0) }
		}
	}

	static func characterKey(_ value: UInt32) -> EditorKey? {
		switch value {
		case 10, 13: return .enter
		case 27: return .escape
		case 9: return .tab
		case 8, 127: return .backspace
		case 1...26: return Unicode.Scalar(value + 96).map { .control(Character($0)) }
		default: return Unicode.Scalar(value).map { .character(Character($0)) }
		}
	}
}
