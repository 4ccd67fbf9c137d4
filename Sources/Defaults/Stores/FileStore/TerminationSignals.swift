#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization

extension Defaults {
	/**
	Saves every open ``FileStore`` when the process gets SIGTERM, SIGINT or SIGHUP, then
	lets that signal end the process as it would have without this call.

	A file store saves about 20 ms after the last change and at a normal exit, but a
	signal's default action ends the process at once, before either: a change made just
	before `kill`, Ctrl-C or a closed terminal is lost. A library must not take over a
	program's signals on its own, so the program asks for this, once, at start-up:

	```swift
	@main
	struct MyApp {
		static func main() {
			Defaults.saveOnTerminationSignals()
			Defaults[.volume] = 7
			// ... `kill -TERM` now: volume is 7 on disk, and the shell sees 143
		}
	}
	```

	After saving, the signal's default action is put back and the same signal raised
	again, so the process dies of it: a shell sees 128 + the signal's number (143 for
	SIGTERM, 130 for SIGINT, 129 for SIGHUP) and a parent's `waitpid` sees `WIFSIGNALED`.
	A second signal during the save does not cut it short.

	The handler only writes the signal's number to a pipe (a signal handler must not take
	locks or allocate); a thread of its own reads the pipe and saves. That thread accepts
	only these three signals, so they are caught even when every other thread blocks them
	(as Dispatch's and Swift concurrency's worker threads do).

	It changes only signals whose action is the default one when it is called:

	- A signal the program ignores stays ignored, like SIGHUP under `nohup`.
	- A signal the program already handles keeps the program's handler, which is then
	  the one to call ``FileStore/flush()``.
	- A handler the program installs later (with `sigaction`, `signal` or a Dispatch
	  signal source) replaces this one; putting back the previous action puts this one
	  back. The settings editor `TerminalEditor` does that
	  while it runs. A signal that came just before is passed on to the new handler after
	  the save instead of ending the process.
	- A program that waits for these signals itself (`sigwait`, `signalfd`) should not
	  call this: the thread it starts would take them first.

	Other signals are left alone. Calling it again is harmless: it starts nothing new,
	and only installs its handler again where the action is the default one by then.
	Programs started with `exec` get the default actions, as they would without it.
	*/
	public static func saveOnTerminationSignals() {
		TerminationSignalSaver.shared.install()
	}
}

/// The signals ``Defaults/saveOnTerminationSignals()`` saves on.
let terminationSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

/// The pipe's write end, or -1: a C signal handler cannot capture anything and must not
/// take locks, so it reads these atomics.
private let terminationWakeUpDescriptor = Atomic<Int32>(-1)
/// The process that installed the handler. A child made with `fork` (and no `exec`) keeps
/// the handler but not the saving thread, and shares the pipe: it must not wake the parent.
private let terminationHandlerProcess = Atomic<Int32>(-1)

/// The handler: async-signal-safe, it only hands the signal's number to the saving thread.
private func handleTerminationSignal(_ number: Int32) {
	let savedErrno = errno
	defer { errno = savedErrno }
	let descriptor = terminationWakeUpDescriptor.load(ordering: .sequentiallyConsistent)
	guard descriptor >= 0, getpid() == terminationHandlerProcess.load(ordering: .sequentiallyConsistent) else {
		// Act as if this handler were not there.
		signal(number, SIG_DFL)
		raise(number)
		return
	}
	var byte = UInt8(truncatingIfNeeded: number)
	_ = write(descriptor, &byte, 1)
}

/// Installs the handler and runs the thread that saves.
final class TerminationSignalSaver: Sendable {
	static let shared = TerminationSignalSaver()

	/// The pipe's read end once the thread runs.
	private let readEnd = Locked<Int32?>(nil)

	private init() {}

	func install() {
		guard startThread() else { return }
		var action = sigaction()
		action.__sigaction_handler.sa_handler = handleTerminationSignal
		sigemptyset(&action.sa_mask)
		for number in terminationSignals {
			// One handler at a time: the thread sees them one by one anyway.
			sigaddset(&action.sa_mask, number)
		}
		// Interrupted system calls elsewhere in the program go on as if nothing happened.
		action.sa_flags = SA_RESTART
		for number in terminationSignals where Self.disposition(of: number) == .default {
			sigaction(number, &action, nil)
		}
	}

	/// Creates the pipe and starts the saving thread, once. `false` if that failed (reported).
	private func startThread() -> Bool {
		readEnd.withLock { readEnd in
			if readEnd != nil { return true }
			var ends: [Int32] = [0, 0]
			guard pipe(&ends) == 0 else {
				Defaults.report(.init(
					kind: .storeFailure,
					key: nil,
					message: "Cannot save settings on SIGTERM, SIGINT or SIGHUP: no pipe (\(String(cString: strerror(errno)))). Changes not yet saved are lost if the process is killed."
				))
				return false
			}
			// Programs this one starts must not inherit it.
			for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
			// The handler must never block, even if the pipe somehow filled up.
			_ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
			readEnd = ends[0]
			terminationHandlerProcess.store(getpid(), ordering: .sequentiallyConsistent)
			terminationWakeUpDescriptor.store(ends[1], ordering: .sequentiallyConsistent)
			let descriptor = ends[0]
			// Returns once the thread runs, so that it is there to see in /proc.
			let running = DispatchSemaphore(value: 0)
			Thread {
				Self.saveOnEachSignal(readingFrom: descriptor, running: running)
			}.start()
			running.wait()
			return true
		}
	}

	/// The saving thread's loop.
	private static func saveOnEachSignal(readingFrom descriptor: Int32, running: DispatchSemaphore) {
		// Only the three signals reach this thread, whatever the thread that called
		// `saveOnTerminationSignals()` blocked, and whatever the other threads block.
		var mask = sigset_t()
		sigfillset(&mask)
		for number in terminationSignals { sigdelset(&mask, number) }
		pthread_sigmask(SIG_SETMASK, &mask, nil)
		// Named for `ps -T` and debuggers (Foundation's `Thread.name` reaches the system only
		// now and then, and `pthread_setname_np` is not imported); at most 15 characters.
		let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
		if comm >= 0 {
			_ = "DefaultsSignals".withCString { write(comm, $0, strlen($0)) }
			close(comm)
		}
		running.signal()
		while true {
			var byte: UInt8 = 0
			let count = read(descriptor, &byte, 1)
			if count < 0, errno == EINTR { continue }
			guard count == 1 else { return }
			FileStoreRegistry.shared.saveAll()
			passOn(Int32(byte))
		}
	}

	/// After saving: ends the process with the signal, or hands it to the handler the
	/// program installed since it came.
	private static func passOn(_ number: Int32) {
		switch disposition(of: number) {
		case .ignored:
			// The program chose to ignore it since.
			return
		case .otherHandler:
			// Delivered to this thread, which does not block it, so that handler runs now.
			raise(number)
		case .default, .saving:
			signal(number, SIG_DFL)
			raise(number)
			// Not reached: the default action of all three ends the process.
			_exit(128 + number)
		}
	}

	enum Disposition {
		case `default`, ignored, saving, otherHandler
	}

	/// What the process does with `number` now.
	static func disposition(of number: Int32) -> Disposition {
		var current = sigaction()
		guard sigaction(number, nil, &current) == 0 else { return .otherHandler }
		let installed = unsafeBitCast(current.__sigaction_handler, to: UInt.self)
		let ours: @convention(c) (Int32) -> Void = handleTerminationSignal
		switch installed {
		case unsafeBitCast(SIG_DFL, to: UInt.self): return .default
		case unsafeBitCast(SIG_IGN, to: UInt.self): return .ignored
		case unsafeBitCast(ours, to: UInt.self): return .saving
		default: return .otherHandler
		}
	}
}
