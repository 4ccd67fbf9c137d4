import Defaults
import Foundation

/// Sends `Defaults.problemHandler`'s problems to the editor's message line while it runs
/// (printed, they would land across the curses screen), and to a log file if one is given.
///
/// Problems arrive on any thread; they travel to the event loop through the ``WakeUpPipe``.
final class ProblemRouting {
	private let previousHandler: Defaults.ProblemHandler
	private var isRouting = true

	/// Routes problems to `pipe` (and appends them to `logFile`) until ``restore()``.
	init(to pipe: WakeUpPipe, logFile: URL?) {
		previousHandler = Defaults.problemHandler
		let log = logFile.map(ProblemLog.init(url:))
		Defaults.problemHandler = { problem in
			pipe.post(problem: problem.message)
			log?.append(problem.message)
		}
	}

	/// Puts the handler that was there before back. Safe to call more than once.
	func restore() {
		guard isRouting else { return }
		isRouting = false
		Defaults.problemHandler = previousHandler
	}

	deinit { restore() }
}

/// A file that problems are appended to, one line each, after a timestamp:
///
/// ```text
/// 2026-05-04T09:12:44Z The settings file /home/ana/.config/defaults-tui/settings.json could not be used because …
/// ```
struct ProblemLog: Sendable {
	let url: URL

	/// Appends `message` with the current time. A log that cannot be written is skipped:
	/// the problem is on the screen anyway.
	func append(_ message: String, at date: Date = Date()) {
		let line = "\(date.formatted(.iso8601)) \(message.replacingOccurrences(of: "\n", with: " "))\n"
		let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
		guard descriptor >= 0 else { return }
		defer { close(descriptor) }
		// One write with O_APPEND: lines from different threads do not interleave.
		let bytes = Array(line.utf8)
		_ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
	}
}
