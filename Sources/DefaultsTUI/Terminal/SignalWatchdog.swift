import Defaults
import Foundation
import Synchronization

/**
Ends the process within a second of SIGINT, SIGTERM or SIGHUP when the editor's loop is too
busy to take the signal (a long computation, a store that does not answer): it gives the
terminal back, lets the store save for half a second, and exits with 128 + the signal's
number, as the loop's own ending does.

The signal handler writes the signal's number to the watchdog's pipe as well as to the
``WakeUpPipe``, and the watchdog's thread sleeps in `poll` until then (no CPU while idle).
When the loop takes the signal from its pipe in time, the watchdog leaves the ending to it
(restoring and saving as usual), and steps in only if that ending hangs. While another
program has the terminal (`$EDITOR`, between ``handOver()`` and ``takeBack()``), the signal
waits for it to end, as it always did: the terminal is that program's.
*/
final class SignalWatchdog: Sendable {
	/// How long the loop has to take a signal before the watchdog ends the process itself.
	static let grace = Duration.milliseconds(250)
	/// How long the loop's own ending may take once it took the signal (its save waits a second at most).
	static let endingLimit = Duration.seconds(3)
	/// How long the watchdog waits for the terminal to be given back (its output may be stuck).
	static let restoreLimit = Duration.milliseconds(150)
	/// How long the watchdog waits for the store's save.
	static let saveLimit = Duration.milliseconds(450)

	/// The end the signal handler writes to (a zero byte asks the thread to end).
	let writeEnd: Int32
	private let readEnd: Int32
	private let pipe: WakeUpPipe
	private let handedOver = Atomic<Bool>(false)
	private let state = Locked(State())

	private struct State {
		var store: SavingStoreReference?
		var restore: EmergencyRestore?
	}

	/// The store to save, used from the watchdog's thread. The package's saving stores
	/// (`LayeredStore`, and `BackedStore` under a file store or etcd) are made to be used from
	/// any thread (they are `Sendable`); one of a program's own is asked to save from another
	/// thread only when the process must end at once.
	private struct SavingStoreReference: @unchecked Sendable {
		let store: any SavingStore
	}

	/// Starts watching for the signals `pipe` will hand to the loop; `nil` when the system has no descriptors left.
	init?(pipe: WakeUpPipe) {
		var ends: [Int32] = [0, 0]
		guard Foundation.pipe(&ends) == 0 else { return nil }
		for end in ends {
			_ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
			_ = fcntl(end, F_SETFD, FD_CLOEXEC)
		}
		readEnd = ends[0]
		writeEnd = ends[1]
		self.pipe = pipe
		Thread.detachNewThread { [self] in watch() }
	}

	deinit {
		close(readEnd)
		close(writeEnd)
	}

	/// Ends the watch (after ``SignalHandling/restore()``, so no handler writes to it any more).
	func stop() {
		var byte: UInt8 = 0
		_ = write(writeEnd, &byte, 1)
	}

	/// The store saved if the process must end at once (the editor's, as it opens).
	func save(_ store: any DefaultsStore) {
		let saving = store.saving.map(SavingStoreReference.init)
		state.withLock { $0.store = saving }
	}

	/// How to give the terminal back (`nil`: the terminal is given back already).
	func restore(_ restore: EmergencyRestore?) {
		state.withLock { $0.restore = restore }
	}

	/// Another program has the terminal from now on: a signal waits for it.
	func handOver() { handedOver.store(true, ordering: .releasing) }

	/// The editor has the terminal again.
	func takeBack() { handedOver.store(false, ordering: .releasing) }

	private enum Wait {
		case signal(Int32)
		case stop
		case nothing
	}

	/// Waits for a byte for at most `timeout` (`nil`: for ever).
	private func next(within timeout: Duration?) -> Wait {
		var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
		let milliseconds = timeout.map { Int32($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? -1
		guard poll(&descriptor, 1, milliseconds) > 0 else { return .nothing }
		var byte: UInt8 = 0
		guard read(readEnd, &byte, 1) == 1 else { return .nothing }
		return byte == 0 ? .stop : .signal(Int32(byte))
	}

	private func watch() {
		while true {
			switch next(within: nil) {
			case .stop: return
			case .nothing: continue
			case .signal(let signal): if !watchOver(signal) { return }
			}
		}
	}

	/// After `signal`: waits for the loop to take it and end; ends the process if it does not.
	/// Returns false when the watch was stopped meanwhile.
	private func watchOver(_ signal: Int32) -> Bool {
		let clock = ContinuousClock()
		var deadline = clock.now + Self.grace
		while !pipe.hasHandedOverSignal {
			if handedOver.load(ordering: .acquiring) { deadline = clock.now + Self.grace }
			if clock.now >= deadline { endAtOnce(signal) }
			if case .stop = next(within: .milliseconds(20)) { return false }
		}
		let ending = clock.now + Self.endingLimit
		while clock.now < ending {
			if case .stop = next(within: ending - clock.now) { return false }
		}
		endAtOnce(signal)
	}

	/// Gives the terminal back and saves what the store can save, each within its limit (a stuck
	/// terminal or store cannot keep the process), and exits as the loop's ending would have; says
	/// so when the save failed.
	private func endAtOnce(_ signal: Int32) -> Never {
		let (store, restore) = state.withLock { ($0.store, $0.restore) }
		if let restore { _ = Self.run(within: Self.restoreLimit) { restore.apply() } }
		if let store {
			let problem = Locked<String?>(nil)
			let finished = Self.run(within: Self.saveLimit + .milliseconds(50)) {
				do {
					try store.store.saveNow(timeout: Self.saveLimit)
				} catch {
					problem.withLock { $0 = store.store.describeSaveFailure(error) }
				}
			}
			if let reason = finished ? problem.withLock({ $0 }) : "saving took longer than \(Self.saveLimit)" {
				let text = "The settings editor ended at once on signal \(signal), busy as it was; the last changes may not be saved: \(reason)\n"
				_ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
			}
		}
		_exit(128 + signal)
	}

	/// Runs `body` on a thread of its own and waits for it at most `limit`; whether it finished.
	private static func run(within limit: Duration, _ body: @escaping @Sendable () -> Void) -> Bool {
		let done = DispatchSemaphore(value: 0)
		Thread.detachNewThread {
			body()
			done.signal()
		}
		let (seconds, attoseconds) = limit.components
		return done.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .success
	}
}
