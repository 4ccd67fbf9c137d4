#if canImport(Glibc)
import Glibc
#endif
import Defaults
import Foundation

/**
A program the tests start, by `posix_spawn`, and wait for by `waitpid`: one helper for every
test that runs a program (etcd, etcdctl, openssl, python, the tool itself), and for the
programs `defaults-bench` starts (its own child modes, etcd, etcdctl).

Not Foundation's `Process`: on Linux, with many programs started at once from parallel tests,
its `waitUntilExit()` now and then never returns for a program that has ended (left a zombie
nobody reaps), which hangs the whole test run.

```swift
let (status, output) = try ChildProcess.run("/usr/bin/etcdctl", ["get", "/app/theme"])
let server = try ChildProcess.spawn("/usr/bin/etcd", ["--data-dir", path])
server.signal(SIGTERM)
_ = server.wait(timeout: 10)
```
*/
public final class ChildProcess: @unchecked Sendable {
	// @unchecked: `ending` is written once, under `lock`.
	public let processIdentifier: pid_t
	private let lock = NSLock()
	private var ending: Ending?

	private init(processIdentifier: pid_t) {
		self.processIdentifier = processIdentifier
	}

	/// Starts `executable` (a path: no search of PATH) with `arguments` (and `environment`, else
	/// this process's), its standard input from `input`, its output to `output` and `errors`
	/// (descriptors; /dev/null when `nil`; `STDERR_FILENO` passes on this process's own).
	///
	/// With `resettingSignals`, the program starts with no signal blocked and every signal's
	/// default action, whatever the calling thread blocks or this process ignores (for tests
	/// of how a program takes signals).
	public static func spawn(
		_ executable: String,
		_ arguments: [String],
		environment: [String: String]? = nil,
		input: Int32? = nil,
		output: Int32? = nil,
		errors: Int32? = nil,
		resettingSignals: Bool = false
	) throws -> ChildProcess {
		let stream = { (descriptor: Int32?) -> ProcessSpawn.Stream in descriptor.map { .descriptor($0) } ?? .null }
		let pid: pid_t
		do {
			pid = try ProcessSpawn.spawn(
				executable, arguments: [executable] + arguments, environment: environment,
				standardInput: stream(input), standardOutput: stream(output), standardError: stream(errors),
				resettingSignals: resettingSignals
			)
		} catch {
			throw ChildProcessError(error.description)
		}
		return ChildProcess(processIdentifier: pid)
	}

	/// Runs `executable` to its end; its exit status and what it printed on standard output
	/// (standard error goes to `errors`, or nowhere).
	public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, errors: Int32? = nil) throws -> (status: Int32, output: String) {
		let (child, output) = try start(executable, arguments, environment: environment, errors: errors)
		let printed = output.readDataToEndOfFile()
		return (child.wait(), String(decoding: printed, as: UTF8.self))
	}

	/// Runs `executable` to its end; its exit status, standard output and standard error.
	/// With `killAfter`, a program still running after that many seconds is killed (SIGKILL), so
	/// that a test fails instead of waiting forever.
	public static func runCapturingErrors(
		_ executable: String,
		_ arguments: [String],
		environment: [String: String]? = nil,
		killAfter seconds: Double? = nil
	) throws -> (status: Int32, output: String, errors: String) {
		let (reading, writing) = try Self.pipe()
		let errorText = OnceValue<Data>()
		let errorReader = Thread {
			let data = FileHandle(fileDescriptor: reading, closeOnDealloc: true).readDataToEndOfFile()
			errorText.set(data)
		}
		let (child, output): (ChildProcess, FileHandle)
		do {
			(child, output) = try start(executable, arguments, environment: environment, errors: writing)
		} catch {
			close(writing)
			close(reading)
			throw error
		}
		close(writing)
		errorReader.start()
		let watchdog = DispatchWorkItem { child.signal(SIGKILL) }
		if let seconds { DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog) }
		let printed = output.readDataToEndOfFile()
		let status = child.wait()
		watchdog.cancel()
		return (status, String(decoding: printed, as: UTF8.self), String(decoding: errorText.waitForValue(), as: UTF8.self))
	}

	/// Starts `executable` with its standard output on a pipe: the process, and the pipe's
	/// reading end (read it to its end, or the program may block writing).
	public static func start(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, errors: Int32? = nil) throws -> (ChildProcess, FileHandle) {
		let (reading, writing) = try Self.pipe()
		let child: ChildProcess
		do {
			child = try spawn(executable, arguments, environment: environment, output: writing, errors: errors)
		} catch {
			close(reading)
			close(writing)
			throw error
		}
		close(writing)
		return (child, FileHandle(fileDescriptor: reading, closeOnDealloc: true))
	}

	/// A product of this build beside the running test binary (`defaults-tui`, the `Modules`
	/// directory): the build directory holds every product.
	public static func builtProduct(_ name: String) -> URL {
		URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
	}

	/// A pipe whose ends are closed on exec, for `spawn`'s `input`, `output` or `errors` (the
	/// caller closes both ends): a program another test starts meanwhile must not keep a
	/// writing end open (a read to the end would wait for that program's end too).
	public static func pipe() throws -> (reading: Int32, writing: Int32) {
		var ends: [Int32] = [0, 0]
		guard systemPipe2(&ends, O_CLOEXEC) == 0 else { throw ChildProcessError("no pipe: \(String(cString: strerror(errno)))") }
		return (ends[0], ends[1])
	}

	/// Sends `signal`; whether it was delivered (the process has not been reaped yet).
	@discardableResult
	public func signal(_ signal: Int32) -> Bool {
		// Under the lock, so that the process cannot be reaped (and its id reused) in between;
		// a blocking wait does not hold the lock (see `reap`).
		lock.withLock { ending == nil && kill(processIdentifier, signal) == 0 }
	}

	/// Asks the process to end (SIGTERM).
	public func terminate() {
		signal(SIGTERM)
	}

	/// Stops the process: SIGTERM, then SIGKILL if it has not ended within `graceSeconds`, and
	/// waits for its end (a server stopped so has let go of its port).
	public func stop(graceSeconds: Double = 10) {
		signal(SIGTERM)
		if wait(timeout: graceSeconds) == nil {
			signal(SIGKILL)
			_ = wait()
		}
	}

	/// Whether the process still runs.
	public var isRunning: Bool {
		if case .running = reap(blocking: false) { return true }
		return false
	}

	/// Waits for the end; the exit status, or 128 + the signal that ended it (-1 when the
	/// process cannot be waited for).
	public func wait() -> Int32 {
		waitForEnd()?.shellStatus ?? -1
	}

	/// Waits at most `seconds`; the status (as `wait()`), or `nil` if it still runs then.
	public func wait(timeout seconds: Double) -> Int32? {
		switch reap(waitingAtMost: seconds) {
		case .running: nil
		case .ended(let ending): ending.shellStatus
		case .lost: -1
		}
	}

	/// Waits for the end; how the process ended, or `nil` when it cannot be waited for.
	public func waitForEnd() -> Ending? {
		if case .ended(let ending) = reap(blocking: true) { return ending }
		return nil
	}

	/// Waits at most `seconds`; how the process ended, or `nil` if it still runs then (or
	/// cannot be waited for).
	public func waitForEnd(timeout seconds: Double) -> Ending? {
		if case .ended(let ending) = reap(waitingAtMost: seconds) { return ending }
		return nil
	}

	/// What a look at the process found.
	private enum Reaped {
		case running
		case ended(Ending)
		/// `waitpid` refused: not a child of this process (any more).
		case lost
	}

	/// Looks every 10 ms, for at most `seconds`, until the process has ended.
	private func reap(waitingAtMost seconds: Double) -> Reaped {
		let deadline = Date().addingTimeInterval(seconds)
		while true {
			let reaped = reap(blocking: false)
			guard case .running = reaped, Date() < deadline else { return reaped }
			usleep(10_000)
		}
	}

	/// Reaps the process once, remembering how it ended. A blocking call first waits for the
	/// end without the lock (`WNOWAIT` leaves the process unreaped, so its id stays taken), so
	/// that `signal` from another thread, a watchdog's SIGKILL say, is not held up meanwhile.
	private func reap(blocking: Bool) -> Reaped {
		if blocking, lock.withLock({ ending == nil }) {
			var information = siginfo_t()
			while waitid(P_PID, id_t(processIdentifier), &information, WEXITED | WNOWAIT) < 0, errno == EINTR {}
		}
		return lock.withLock {
			if let ending { return .ended(ending) }
			var raw: Int32 = 0
			var result: pid_t
			repeat {
				result = waitpid(processIdentifier, &raw, WNOHANG)
			} while result < 0 && errno == EINTR
			guard result == processIdentifier else { return result < 0 ? .lost : .running }
			let ended = Ending(status: raw)
			ending = ended
			return .ended(ended)
		}
	}

	/// How a process ended, decoded from the status `waitpid` reports.
	public struct Ending: Equatable, Sendable, CustomStringConvertible {
		/// The status as `waitpid` reports it.
		public let status: Int32

		public init(status: Int32) {
			self.status = status
		}

		/// Whether a signal ended it (`WIFSIGNALED`).
		public var diedOfSignal: Bool { status & 0x7F != 0 && status & 0x7F != 0x7F }
		/// The signal that ended it (`WTERMSIG`; 0 when it exited).
		public var signal: Int32 { status & 0x7F }
		/// What a shell reports: the exit status, or 128 + the signal.
		public var shellStatus: Int32 { diedOfSignal ? 128 + signal : (status >> 8) & 0xFF }
		public var description: String { diedOfSignal ? "died of signal \(signal)" : "exited with \(shellStatus)" }
	}
}

/// The C library's `pipe2`, which Glibc's module leaves out (it is a GNU extension).
@_silgen_name("pipe2")
private func systemPipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// A value one thread sets once and another waits for.
private final class OnceValue<Value: Sendable>: @unchecked Sendable {
	// @unchecked: `value` is only touched under `condition`.
	private let condition = NSCondition()
	private var value: Value?

	func set(_ newValue: Value) {
		condition.withLock {
			value = newValue
			condition.broadcast()
		}
	}

	func waitForValue() -> Value {
		condition.withLock {
			while true {
				if let value { return value }
				condition.wait()
			}
		}
	}
}

/// A program that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
	public let description: String

	public init(_ description: String) {
		self.description = description
	}
}
