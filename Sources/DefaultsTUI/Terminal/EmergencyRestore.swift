import CNcurses
import Foundation

/**
What gives the terminal back when the process must end at once, from any thread and
without ncurses (see ``SignalWatchdog``): the bytes that leave the editor's screen and
modes, and the terminal's modes from before the editor started.

Made by ``Terminal/start(mouse:)`` from the terminal's own terminfo entry: its attributes
reset, the cursor shown, the keypad's normal mode, mouse reports and marked pastes off, and
the normal screen back (`rmcup`) or, on a terminal without one (`TERM=vt100`, `linux`), the
screen cleared.
*/
struct EmergencyRestore: Sendable {
	/// What is written to the terminal.
	let bytes: [UInt8]
	/// The terminal's modes before the editor changed them (echo, line editing).
	let modes: termios

	/// Writes the bytes and puts the modes back; only calls that are safe on any thread. Output the
	/// person stopped (Ctrl-S) is resumed first, or the bytes would wait for it (Linux resumes on
	/// TCOON only output stopped with TCOOFF, hence both).
	func apply() {
		_ = tcflow(STDOUT_FILENO, TCOOFF)
		_ = tcflow(STDOUT_FILENO, TCOON)
		bytes.withUnsafeBytes { buffer in
			var offset = 0
			while offset < buffer.count {
				let written = write(STDOUT_FILENO, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
				if written <= 0 { break }
				offset += written
			}
		}
		var modes = modes
		_ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
	}

	/**
	The restore for the terminal ncurses has just set up (its terminfo entry is the current
	one); `modes` are the terminal's modes from before, `mouse` whether mouse reports were
	asked for, `sgrMouse` whether the editor asked for SGR reports itself.
	*/
	static func forCurrentTerminal(modes: termios, mouse: Bool, sgrMouse: Bool) -> EmergencyRestore {
		var text = capability("sgr0")
		let leavesScreen = capability("rmcup")
		if leavesScreen.isEmpty { text += capability("clear") }
		text += capability("cnorm") + capability("rmkx")
		if mouse { text += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l" }
		text += "\u{1B}[?2004l"
		if sgrMouse { text += "\u{1B}[?1006l" }
		text += leavesScreen
		return EmergencyRestore(bytes: Array(text.utf8), modes: modes)
	}

	/// A string capability of the current terminfo entry without its padding (`$<5>`), which only
	/// `tputs` understands; empty when the terminal has none.
	static func capability(_ name: String) -> String {
		guard let value = cn_string_capability(name) else { return "" }
		var text = String(cString: value)
		while let start = text.range(of: "$<"), let end = text[start.upperBound...].firstIndex(of: ">") {
			text.removeSubrange(start.lowerBound...end)
		}
		return text
	}
}
