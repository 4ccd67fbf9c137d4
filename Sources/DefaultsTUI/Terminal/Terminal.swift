import CNcurses
import CTerminalSignals
import Foundation

/// The one place that talks to ncurses: starts and restores the terminal, draws screens,
/// reads keys and mouse events, and hands the terminal over to another program for a while.
final class Terminal {
	private var attributes: [TextStyle: attr_t] = [:]
	private var screen: OpaquePointer?
	private(set) var isActive = false

	/// Why the terminal cannot show the editor, in words a person can act on.
	struct Unusable: Error, CustomStringConvertible {
		let description: String
	}

	private static let instead = "or use the commands instead: defaults-tui list, get KEY, set KEY VALUE, reset KEY, watch (see defaults-tui --help)."

	/**
	Checks that `$TERM` names a terminal that can show a full screen, then puts it in the
	editor's mode: no echo, keys as they are typed, a short Esc delay, the mouse if wanted.

	`initscr` would end the process on an unknown terminal, so the terminal is looked up
	with `setupterm` first and opened with `newterm`.
	*/
	func start(mouse: Bool) throws(Unusable) {
		let locale = TerminalLocale.take()
		do {
			try Self.checkTerminalType()
		} catch {
			locale.giveBack()
			throw error
		}
		var shellModes = termios()
		_ = tcgetattr(STDIN_FILENO, &shellModes)
		guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
		      let screen = cn_newterm(nil, output, input) else {
			locale.giveBack()
			throw Unusable(description: "the terminal could not be opened (TERM=\(Self.terminalName)). Set TERM to your terminal's type, for example TERM=xterm-256color, " + Self.instead)
		}
		self.screen = screen
		self.locale = locale
		_ = cn_set_term(screen)
		cn_cbreak()
		cn_noecho()
		cn_nonl()
		cn_keypad(cn_stdscr(), true)
		cn_define_paste_keys()
		cn_set_escdelay(25)
		cn_nodelay(cn_stdscr(), true)
		cn_curs_set(0)
		if mouse {
			// Report presses at once instead of waiting to tell clicks from double-clicks.
			cn_mouseinterval(0)
			let granted = cn_mousemask(cn_button1_pressed() | cn_button1_clicked() | cn_button4_pressed() | cn_button5_pressed(), nil)
			// Where the terminfo entry knows only the legacy encoding (tmux-256color, screen), ncurses
			// asks for that alone: it ends at column 223 and cannot say which button was released. The
			// editor asks for SGR reports as well and reads them; a terminal that does not know them
			// goes on sending legacy reports, which ncurses reads. (Where the entry knows SGR reports,
			// as xterm-256color's does, ncurses asks for them and reads them itself.)
			readsSGRMouseReports = granted != 0 && cn_mouse_key_is("\u{1B}[M") != 0
			if readsSGRMouseReports { cn_define_sgr_mouse_key() }
		}
		isActive = true
		let restore = EmergencyRestore.forCurrentTerminal(modes: shellModes, mouse: mouse, sgrMouse: readsSGRMouseReports)
		emergencyRestore = restore
		clearsScreenAtStop = EmergencyRestore.capability("rmcup").isEmpty ? Array(EmergencyRestore.capability("clear").utf8) : []
		setUpStyles()
		// Pasted text arrives marked, so that it is typed as text and never runs as keys.
		setModes(true)
		defaults_install_terminal_modes_tstp(readsSGRMouseReports ? 1 : 0)
	}

	/// Whether the editor asked the terminal for SGR mouse reports itself, and reads them.
	private var readsSGRMouseReports = false

	/// What gives the terminal back if the process must end at once (``SignalWatchdog``); set by ``start(mouse:)``.
	private(set) var emergencyRestore: EmergencyRestore?

	/// The terminal's `clear` when it has no alternate screen to leave (`TERM=vt100`, `linux`):
	/// written as the editor stops, so that its last screen does not stay on the terminal.
	private var clearsScreenAtStop: [UInt8] = []

	/// The locale keys are read and text drawn in, while the terminal is the editor's.
	private var locale: TerminalLocale?

	/// Whether the terminal can show characters beyond ASCII; when not, the editor draws the
	/// ASCII stand-ins of its symbols (see ``Symbols`` and ``TerminalLocale``).
	var showsUnicode: Bool { locale?.showsUnicode ?? true }

	private static var terminalName: String {
		ProcessInfo.processInfo.environment["TERM"] ?? ""
	}

	/// Why `$TERM` cannot show the full-screen editor, or `nil` when it can.
	static var terminalTypeProblem: String? {
		do {
			try checkTerminalType()
			return nil
		} catch {
			return error.description
		}
	}

	/// Throws when ncurses cannot be opened, or `$TERM` is unset, unknown, or a terminal that
	/// cannot move the cursor and clear.
	private static func checkTerminalType() throws(Unusable) {
		if let failure = NcursesLibrary.failure {
			throw Unusable(description: "the full-screen settings editor needs ncurses, which cannot be loaded (\(failure)). "
				+ "Install it (on Debian: apt-get install libncursesw6), use the line prompts (--plain), " + instead)
		}
		let name = terminalName
		guard !name.isEmpty else {
			throw Unusable(description: "the settings editor needs to know the terminal type, but TERM is not set. "
				+ "Set it to your terminal's type, for example TERM=xterm-256color, " + instead)
		}
		var status: Int32 = 0
		guard cn_setupterm(nil, STDOUT_FILENO, &status) == cn_ok() else {
			let reason = status == -1 ? "no terminfo database was found" : "the terminfo database does not know it"
			throw Unusable(description: "the terminal type TERM=\(name) cannot be used: \(reason). "
				+ "Set TERM to a type this system knows, for example TERM=xterm-256color (toe -a lists them), " + instead)
		}
		defer { cn_free_terminal_description() }
		guard cn_has_string_capability("cup") != 0, cn_has_string_capability("clear") != 0 else {
			throw Unusable(description: "the terminal type TERM=\(name) cannot move the cursor or clear the screen, which the settings editor needs. "
				+ "Run it in a full-screen terminal (for example with TERM=xterm-256color), " + instead)
		}
	}

	/// Gives the terminal back as it was. Safe to call more than once.
	func stop() {
		guard isActive else { return }
		isActive = false
		defaults_restore_tstp()
		setModes(false)
		cn_curs_set(1)
		cn_endwin()
		if !clearsScreenAtStop.isEmpty {
			_ = clearsScreenAtStop.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
		}
		if let screen {
			cn_delscreen(screen)
			self.screen = nil
		}
		locale?.giveBack()
		locale = nil
	}

	/// Gives the terminal to another program: its original modes, the normal screen, the cursor.
	func handOver() {
		cn_def_prog_mode()
		setModes(false)
		cn_endwin()
	}

	/// Takes the terminal back after ``handOver()``: the editor's modes, typed-ahead input
	/// discarded (replies the terminal sent the other program), and everything drawn anew.
	func takeBack() {
		cn_reset_prog_mode()
		cn_flushinp()
		setModes(true)
		cn_clearok(cn_curscr(), true)
		cn_refresh()
	}

	/// Whether Ctrl-C (and Ctrl-Z) reach the editor as keys (raw mode, while something is typed
	/// or chosen) or as the signals they send (cbreak mode, in the list). A SIGINT sent from
	/// outside is a signal either way.
	private var controlKeysAreKeys = false

	func takeControlKeys(_ asKeys: Bool) {
		guard isActive, asKeys != controlKeysAreKeys else { return }
		controlKeysAreKeys = asKeys
		if asKeys {
			cn_raw()
		} else {
			cn_noraw()
			cn_cbreak()
		}
	}

	/// Forgets what ncurses believes is on the screen, so the next ``draw(_:)`` paints every cell (Ctrl-L).
	func invalidate() {
		cn_clearok(cn_curscr(), true)
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
			.match: bold | underline,
		]
		guard colorsWanted, cn_has_colors() else { return }
		cn_start_color()
		cn_use_default_colors()
		let pairs: [(TextStyle, Int16, Int16, attr_t)] = [
			(.titleBar, Int16(COLOR_BLACK), Int16(COLOR_CYAN), bold),
			(.sectionHeader, Int16(COLOR_YELLOW), -1, bold),
			(.modified, Int16(COLOR_GREEN), -1, bold),
			(.error, Int16(COLOR_RED), -1, bold),
			(.flash, Int16(COLOR_BLACK), Int16(COLOR_YELLOW), 0),
			(.hint, Int16(COLOR_CYAN), -1, 0),
			(.match, Int16(COLOR_YELLOW), -1, bold | underline),
		]
		for (index, (style, foreground, background, extra)) in pairs.enumerated() {
			let pair = Int16(index + 1)
			cn_init_pair(pair, foreground, background)
			attributes[style] = cn_color_pair(pair) | extra
		}
	}

	/// Draws a screen: every row in full, then the cursor where the model wants it.
	func draw(_ screen: Screen) {
		for (row, line) in screen.lines.enumerated() where row < screen.height {
			cn_move(Int32(row), 0)
			for span in line {
				cn_attrset(attributes[span.style] ?? cn_attr_normal())
				cn_addstr(CellWidth.drawn(span.text))
			}
			cn_attrset(cn_attr_normal())
			cn_clrtoeol()
		}
		if let cursor = screen.cursor {
			cn_curs_set(1)
			cn_move(Int32(cursor.row), Int32(cursor.column))
		} else {
			cn_curs_set(0)
		}
		cn_refresh()
	}

	/// The next key typed or mouse event, or `nil` when none is waiting.
	func readKey() -> EditorKey? {
		while true {
			var character: wint_t = 0
			let result = cn_get_wch(&character)
			if result == cn_err() { return nil }
			guard result == cn_key_code_yes() else { return Self.characterKey(UInt32(character)) }
			if Int32(character) == cn_key_paste_start() { return .paste(readPaste()) }
			if Int32(character) == cn_key_sgr_mouse() {
				if let mouse = readSGRMouseReport() { return .mouse(mouse) }
				// A release, motion, or a button the editor does not use: read on.
				continue
			}
			guard Int32(character) == cn_key_mouse() else { return Self.functionKey(Int32(character), size: size) }
			var event = MEVENT()
			if cn_getmouse(&event) == cn_ok(), let mouse = Self.mouseEvent(buttons: event.bstate, row: Int(event.y), column: Int(event.x)) {
				return .mouse(mouse)
			}
			// A button release or motion: nothing for the editor, read on.
		}
	}

	/// Asks the terminal to mark pastes (bracketed paste, xterm's mode 2004) and, where the editor
	/// reads them itself, to send SGR mouse reports (mode 1006); or to stop. Written straight to
	/// the terminal: it sets modes and draws nothing, so it needs no place among what ncurses has
	/// buffered.
	private func setModes(_ on: Bool) {
		var sequence = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
		if readsSGRMouseReports { sequence += on ? "\u{1B}[?1006h" : "\u{1B}[?1006l" }
		_ = sequence.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
	}

	/// The rest of an SGR mouse report after its start (ESC [ <, which ncurses gave as a key):
	/// `button;column;row` and `M` or `m`. Parts of it still on their way are waited for a
	/// moment; what is not a report is dropped.
	private func readSGRMouseReport() -> MouseEvent? {
		var parameters = ""
		while parameters.utf8.count < 32 {
			var character: wint_t = 0
			let result = cn_get_wch(&character)
			if result == cn_err() {
				var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
				guard poll(&input, 1, 100) > 0 else { return nil }
				continue
			}
			guard result != cn_key_code_yes(), let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
			let final = Character(scalar)
			if final == "M" || final == "m" { return SGRMouseReport.event(parameters: parameters, final: final) }
			guard final.isASCII, final.isNumber || final == ";" else { return nil }
			parameters.append(final)
		}
		return nil
	}

	/// The text of a bracketed paste, read up to its end mark. A paste larger than the terminal
	/// sends at once arrives in pieces: between them it waits up to a second for the next one, and
	/// takes what came if the end mark never does. Keys the terminal would decode inside the pasted
	/// text (an arrow's escape sequence) are left out; line breaks arrive as "\n".
	private func readPaste() -> String {
		var scalars = String.UnicodeScalarView()
		while true {
			var character: wint_t = 0
			let result = cn_get_wch(&character)
			if result == cn_err() {
				var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
				guard poll(&input, 1, 1000) > 0 else { break }
				continue
			}
			if result == cn_key_code_yes() {
				if Int32(character) == cn_key_paste_end() { break }
				if Int32(character) == KEY_ENTER { scalars.append("\n") }
				continue
			}
			let value = UInt32(character) == 13 ? 10 : UInt32(character)
			if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
		}
		return String(scalars)
	}

	/// What an ncurses mouse report means to the editor; `nil` for buttons it does not use.
	static func mouseEvent(buttons: mmask_t, row: Int, column: Int) -> MouseEvent? {
		if buttons & (cn_button1_pressed() | cn_button1_clicked()) != 0 { return .click(row: row, column: column) }
		if buttons & cn_button4_pressed() != 0 { return .scrollUp(row: row, column: column) }
		let button5 = cn_button5_pressed()
		if button5 != 0, buttons & button5 != 0 { return .scrollDown(row: row, column: column) }
		return nil
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
