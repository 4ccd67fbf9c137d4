import Foundation

/**
The line-prompt editor's terminal: lines read from standard input (waiting in `poll` with
the ``WakeUpPipe``, so changes elsewhere and signals are seen between lines), prompts and
lines written to standard output, and the width lines are wrapped to. From a terminal a line
is read key by key and edited as a ``PromptLine`` (the arrows move in it rather than type
escape sequences into the answer), shown as typed but for a secret's answer.
*/
final class LineInput {
	/// What reading gave.
	enum Event {
		case line(String)
		/// The end of input (Ctrl-D, a closed pipe) or a terminal that went away.
		case end
		/// News on the pipe (a change elsewhere, a problem, a signal).
		case news(WakeUpPipe.News)
	}

	private let pipe: WakeUpPipe
	private var buffer: [UInt8] = []
	private var ended = false
	/// The terminal's settings before it was read key by key, to restore.
	private var savedAttributes: termios?
	/// Whether the terminal echoed what was typed before the line was read key by key.
	private var terminalEchoes = true
	/// A line being typed when news came, to go on with at the next read.
	private var interrupted: PromptLine?
	/// Whether anything was written since news interrupted a line (the prompt again).
	private var wroteSinceInterruption = false

	init(pipe: WakeUpPipe) {
		self.pipe = pipe
	}

	deinit { restoreEcho() }

	/// Whether standard input is a terminal (so `$EDITOR` can have it, and echo can be turned off).
	static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

	/// The terminal's width when known: from the terminal itself, else `$COLUMNS`.
	static var width: Int? {
		var size = winsize()
		if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
			return Int(size.ws_col)
		}
		return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
	}

	/// Writes `text` as it is.
	func write(_ text: String) {
		if !text.isEmpty { wroteSinceInterruption = true }
		let bytes = Array(text.utf8)
		var offset = 0
		while offset < bytes.count {
			let written = bytes[offset...].withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
			if written < 0, errno == EINTR { continue }
			guard written > 0 else { return }
			offset += written
		}
	}

	/// Writes each line with a line break.
	func write(lines: [String]) {
		guard !lines.isEmpty else { return }
		write(lines.joined(separator: "\n") + "\n")
	}

	/// Waits for the next line (echo off for it when `hidden`), news on the pipe, or the end of input.
	/// A line read from a pipe or a file is written after its prompt, as a terminal would have
	/// echoed it (a secret is not), so the output reads as the exchange it was.
	func next(hidden: Bool) -> Event {
		let event = read(hidden: hidden)
		if case .line(let line) = event, !Self.inputIsTerminal {
			write((hidden ? "" : line.plainText) + "\n")
		}
		return event
	}

	private func read(hidden: Bool) -> Event {
		guard Self.inputIsTerminal, !ended, startEditing() else { return readLines() }
		defer { restoreEcho() }
		// A line news interrupted goes on, shown again after the prompt written since.
		var line = interrupted.flatMap { $0.echoes == (!hidden && terminalEchoes) ? $0 : nil } ?? PromptLine(echoes: !hidden && terminalEchoes)
		interrupted = nil
		if wroteSinceInterruption { line.showAgain() }
		while true {
			let outcome = line.take(&buffer)
			write(line.takeOutput())
			switch outcome {
			case .finished(let text):
				// The Enter of a hidden answer was not shown either.
				if !line.echoes { write("\n") }
				return .line(text)
			case .endOfInput:
				return .end
			case .editing:
				break
			}
			switch waitForInput() {
			case .bytes(let bytes):
				buffer += bytes
			case .news(let news):
				interrupted = line
				wroteSinceInterruption = false
				return .news(news)
			case .end:
				ended = true
				if !line.echoes { write("\n") }
				return line.buffer.text.isEmpty ? .end : .line(line.buffer.text)
			}
		}
	}

	/// Lines as they come from a pipe or a file, or from a terminal whose settings cannot be changed.
	private func readLines() -> Event {
		if let line = takeLine() { return .line(line) }
		if ended { return .end }
		while true {
			switch waitForInput() {
			case .news(let news):
				return .news(news)
			case .end:
				ended = true
				// A last line without a line break still counts.
				guard !buffer.isEmpty else { return .end }
				let last = String(decoding: buffer, as: UTF8.self)
				buffer.removeAll()
				return .line(last)
			case .bytes(let bytes):
				buffer += bytes
				if let line = takeLine() { return .line(line) }
			}
		}
	}

	/// What waiting on standard input and the pipe gave.
	private enum Input {
		case bytes([UInt8])
		case news(WakeUpPipe.News)
		case end
	}

	/// Waits for bytes on standard input, news on the pipe, or the end of input.
	private func waitForInput() -> Input {
		while true {
			var descriptors = [
				pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
				pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0),
			]
			if poll(&descriptors, 2, -1) < 0 {
				if errno == EINTR { continue }
				return .end
			}
			if descriptors[1].revents != 0 {
				let news = pipe.take()
				if news.hasStoreChanges || !news.problems.isEmpty || news.signal != nil || news.schemaArrived { return .news(news) }
			}
			guard descriptors[0].revents != 0 else { continue }
			var chunk = [UInt8](repeating: 0, count: 4096)
			let count = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
			if count < 0, errno == EINTR || errno == EAGAIN { continue }
			if count <= 0 { return .end }
			return .bytes(Array(chunk.prefix(count)))
		}
	}

	/// The first whole line in the buffer, without its line break (and a carriage return before it).
	private func takeLine() -> String? {
		guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
		var line = Array(buffer[..<end])
		buffer.removeSubrange(...end)
		if line.last == UInt8(ascii: "\r") { line.removeLast() }
		return String(decoding: line, as: UTF8.self)
	}

	/// Reads the terminal key by key, without its echo (a ``PromptLine`` edits the line and shows
	/// it); keeps Ctrl-C and the other signal keys. Returns whether the terminal took it.
	private func startEditing() -> Bool {
		guard savedAttributes == nil else { return true }
		var attributes = termios()
		guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { return false }
		savedAttributes = attributes
		// Where the terminal does not echo (an Emacs shell buffer shows what is typed itself), neither does the line.
		terminalEchoes = attributes.c_lflag & tcflag_t(ECHO) != 0
		attributes.c_lflag &= ~tcflag_t(ECHO | ICANON)
		withUnsafeMutableBytes(of: &attributes.c_cc) { characters in
			characters[Int(VMIN)] = 1
			characters[Int(VTIME)] = 0
		}
		guard tcsetattr(STDIN_FILENO, TCSANOW, &attributes) == 0 else {
			savedAttributes = nil
			return false
		}
		return true
	}

	/// Puts the terminal's settings (its echo, its own line editing) back as they were. Safe to call more than once.
	func restoreEcho() {
		guard var attributes = savedAttributes else { return }
		tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
		savedAttributes = nil
	}
}
