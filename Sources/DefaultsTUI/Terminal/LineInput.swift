import Foundation

/**
The line-prompt editor's terminal: lines read from standard input (waiting in `poll` with
the ``WakeUpPipe``, so changes elsewhere and signals are seen between lines), prompts and
lines written to standard output, echo turned off for a secret's answer, and the width
lines are wrapped to.
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
	/// The terminal's settings before echo was turned off, to restore.
	private var savedAttributes: termios?

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
		if let line = takeLine() { return .line(line) }
		if ended { return .end }
		if hidden { turnOffEcho() }
		defer { if hidden { restoreEcho() } }
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
				if news.hasStoreChanges || !news.problems.isEmpty || news.signal != nil { return .news(news) }
			}
			guard descriptors[0].revents != 0 else { continue }
			var chunk = [UInt8](repeating: 0, count: 4096)
			let count = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
			if count < 0, errno == EINTR || errno == EAGAIN { continue }
			if count <= 0 {
				ended = true
				// A last line without a line break still counts.
				if !buffer.isEmpty {
					let last = String(decoding: buffer, as: UTF8.self)
					buffer.removeAll()
					if hidden, Self.inputIsTerminal { write("\n") }
					return .line(last)
				}
				return .end
			}
			buffer += chunk.prefix(count)
			if let line = takeLine() {
				// The Enter of a hidden answer was not echoed either.
				if hidden, Self.inputIsTerminal { write("\n") }
				return .line(line)
			}
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

	private func turnOffEcho() {
		guard Self.inputIsTerminal, savedAttributes == nil else { return }
		var attributes = termios()
		guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { return }
		savedAttributes = attributes
		attributes.c_lflag &= ~tcflag_t(ECHO)
		tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
	}

	/// Puts echo back as it was. Safe to call more than once.
	func restoreEcho() {
		guard var attributes = savedAttributes else { return }
		tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
		savedAttributes = nil
	}
}
