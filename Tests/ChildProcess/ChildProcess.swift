#if canImport(Glibc)
import Glibc
#endif
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
	// @unchecked: `status` is written once, under `lock`.
	public let processIdentifier: pid_t
	private let lock = NSLock()
	private var status: Int32?

	private init(processIdentifier: pid_t) {
		self.processIdentifier = processIdentifier
	}

	/// Starts `executable` (a path: no search of PATH) with `arguments` (and `environment`, else
	/// this process's), its standard input from `input`, its output to `output` and `errors`
	/// (descriptors; /dev/null when `nil`; `STDERR_FILENO` passes on this process's own).
	public static func spawn(
		_ executable: String,
		_ arguments: [String],
		environment: [String: String]? = nil,
		input: Int32? = nil,
		output: Int32? = nil,
		errors: Int32? = nil
	) throws -> ChildProcess {
		var actions = posix_spawn_file_actions_t()
		posix_spawn_file_actions_init(&actions)
		defer { posix_spawn_file_actions_destroy(&actions) }
		if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) } else { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
		if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) } else { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
		if let errors { posix_spawn_file_actions_adddup2(&actions, errors, 2) } else { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
		let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
		let argv = ([executable] + arguments).map { strdup($0) } + [nil]
		let envp = variables.map { strdup($0) } + [nil]
		defer {
			argv.forEach { free($0) }
			envp.forEach { free($0) }
		}
		var pid: pid_t = 0
		let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
		guard result == 0 else {
			throw ChildProcessError("\(executable) cannot be started: \(String(cString: strerror(result)))")
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
		lock.withLock { status == nil } && kill(processIdentifier, signal) == 0
	}

	/// Asks the process to end (SIGTERM).
	public func terminate() {
		signal(SIGTERM)
	}

	/// Whether the process still runs.
	public var isRunning: Bool {
		reap(blocking: false) == nil
	}

	/// Waits for the end; the exit status, or 128 + the signal that ended it.
	public func wait() -> Int32 {
		reap(blocking: true) ?? -1
	}

	/// Waits at most `seconds`; the status, or `nil` if it still runs then.
	public func wait(timeout seconds: Double) -> Int32? {
		let deadline = Date().addingTimeInterval(seconds)
		while true {
			if let status = reap(blocking: false) { return status }
			if Date() >= deadline { return nil }
			usleep(10_000)
		}
	}

	/// Reaps the process once, remembering its status.
	private func reap(blocking: Bool) -> Int32? {
		lock.withLock {
			if let status { return status }
			var raw: Int32 = 0
			var result: pid_t
			repeat {
				result = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG)
			} while result < 0 && errno == EINTR
			guard result == processIdentifier else { return result < 0 ? -1 : nil }
			let signalled = raw & 0x7f
			status = signalled == 0 ? (raw >> 8) & 0xff : 128 + signalled
			return status
		}
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
