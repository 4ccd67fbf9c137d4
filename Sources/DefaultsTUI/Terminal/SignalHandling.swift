import Foundation
import Synchronization

/// The descriptor the signal handler writes to: a C signal handler cannot capture
/// anything, and must not take locks, so it reads this atomic.
private let signalWakeUpDescriptor = Atomic<Int32>(-1)
/// The ``SignalWatchdog``'s descriptor, written to as well while one watches.
private let signalWatchdogDescriptor = Atomic<Int32>(-1)

/// Catches SIGINT, SIGTERM and SIGHUP while the editor runs, so that they end it through
/// the event loop (restoring the terminal and saving) instead of killing the process.
///
/// The handler only writes the signal's number into the ``WakeUpPipe``; the loop sees it
/// and ends with ``TerminalEditor/Ending/signal(_:)``. It writes it to a ``SignalWatchdog``'s
/// pipe too, when given one, which ends the process if the loop is too busy to. Handled
/// signals return to their default action in a program started with `exec`, unlike ignored
/// ones.
///
/// In a program that called `Defaults.saveOnTerminationSignals()` these handlers take the
/// place of its handler while the editor runs, and ``restore()`` puts it back: one handler
/// at a time, never two fighting. A signal its handler took just before the editor started
/// is passed on to these after its save, so the editor still ends as after any signal.
package final class SignalHandling {
	/// The signals that end the editor.
	static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

	private var previous: [(Int32, sigaction)] = []

	/// Installs the handlers; they write to `pipe` (and to `watchdog`'s, if given) until ``restore()``.
	init(wakingUp pipe: WakeUpPipe, watchdog: SignalWatchdog? = nil) {
		signalWakeUpDescriptor.store(pipe.writeEnd, ordering: .sequentiallyConsistent)
		signalWatchdogDescriptor.store(watchdog?.writeEnd ?? -1, ordering: .sequentiallyConsistent)
		var action = sigaction()
		action.__sigaction_handler.sa_handler = { number in
			let savedErrno = errno
			var byte = UInt8(truncatingIfNeeded: number)
			let descriptor = signalWakeUpDescriptor.load(ordering: .sequentiallyConsistent)
			if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
			let watchdog = signalWatchdogDescriptor.load(ordering: .sequentiallyConsistent)
			if watchdog >= 0 { _ = write(watchdog, &byte, 1) }
			errno = savedErrno
		}
		sigemptyset(&action.sa_mask)
		action.sa_flags = SA_RESTART
		for number in Self.endingSignals {
			var old = sigaction()
			if sigaction(number, &action, &old) == 0 {
				previous.append((number, old))
			}
		}
	}

	/**
	Blocks until SIGINT, SIGTERM or SIGHUP comes, with these handlers in place meanwhile, and
	returns its number; for commands that run until interrupted (`defaults-tui watch`). The
	same handling as the editor's: one handler at a time, the previous ones put back after.
	*/
	package static func waitForEndingSignal() -> Int32? {
		guard let pipe = WakeUpPipe() else { return nil }
		let handling = SignalHandling(wakingUp: pipe)
		defer { handling.restore() }
		var descriptor = pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)
		while true {
			if let signal = pipe.take().signal { return signal }
			_ = poll(&descriptor, 1, -1)
		}
	}

	/// Puts back the handlers that were there before. Safe to call more than once.
	func restore() {
		for (number, var old) in previous {
			sigaction(number, &old, nil)
		}
		previous = []
		signalWakeUpDescriptor.store(-1, ordering: .sequentiallyConsistent)
		signalWatchdogDescriptor.store(-1, ordering: .sequentiallyConsistent)
	}

	deinit { restore() }

	/// Runs `body` with SIGTTOU ignored: a process that is not (or no longer) in the
	/// terminal's foreground group may then still change the terminal's modes and
	/// foreground group instead of being stopped.
	static func ignoringTerminalOutputStops<Result>(_ body: () -> Result) -> Result {
		var ignore = sigaction()
		ignore.__sigaction_handler.sa_handler = SIG_IGN
		sigemptyset(&ignore.sa_mask)
		var old = sigaction()
		sigaction(SIGTTOU, &ignore, &old)
		defer { sigaction(SIGTTOU, &old, nil) }
		return body()
	}
}
