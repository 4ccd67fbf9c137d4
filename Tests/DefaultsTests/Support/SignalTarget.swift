import Foundation
import Testing

/// `defaults-store-helper set-and-wait` in a child process the tests send signals to.
///
/// Started with `posix_spawn` rather than `Process`, so that the test itself reaps it with
/// `waitpid` and sees how it ended. It starts with no signal blocked and every signal's
/// default action, whatever the test's thread blocks or ignores.
final class SignalTarget {
	let pid: pid_t
	private let output: Int32
	private var buffered: [UInt8] = []
	private var reaped = false

	/// How the child ended, from `waitpid`'s status.
	struct Ending: Equatable, CustomStringConvertible {
		let status: Int32
		/// `WIFSIGNALED`.
		var diedOfSignal: Bool { status & 0x7F != 0 && status & 0x7F != 0x7F }
		/// `WTERMSIG`.
		var signal: Int32 { status & 0x7F }
		/// What a shell would report as its exit status.
		var shellStatus: Int32 { diedOfSignal ? 128 + signal : (status >> 8) & 0xFF }
		var description: String { diedOfSignal ? "died of signal \(signal)" : "exited with \(shellStatus)" }
	}

	init(_ arguments: [String]) throws {
		var ends: [Int32] = [0, 0]
		guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
		for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
		defer { close(ends[1]) }

		var actions = posix_spawn_file_actions_t()
		posix_spawn_file_actions_init(&actions)
		defer { posix_spawn_file_actions_destroy(&actions) }
		posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)

		var attributes = posix_spawnattr_t()
		posix_spawnattr_init(&attributes)
		defer { posix_spawnattr_destroy(&attributes) }
		var none = sigset_t()
		sigemptyset(&none)
		var all = sigset_t()
		sigfillset(&all)
		posix_spawnattr_setsigmask(&attributes, &none)
		posix_spawnattr_setsigdefault(&attributes, &all)
		posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

		let argv = ([StoreHelper.executable.path] + arguments).map { strdup($0) }
		defer { argv.forEach { free($0) } }
		var child: pid_t = 0
		let result = posix_spawn(&child, StoreHelper.executable.path, &actions, &attributes, argv + [nil], environ)
		guard result == 0 else {
			close(ends[0])
			throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
		}
		pid = child
		output = ends[0]
	}

	deinit {
		if !reaped {
			kill(pid, SIGKILL)
			var status: Int32 = 0
			waitpid(pid, &status, 0)
		}
		close(output)
	}

	/// Waits for the child to print `line`; `false` if it printed something else first,
	/// ended, or took longer than `seconds`.
	func waitFor(line expected: String, seconds: Double = 30) -> Bool {
		let deadline = Date().addingTimeInterval(seconds)
		while true {
			if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
				let line = String(decoding: buffered[..<newline], as: UTF8.self)
				buffered.removeSubrange(...newline)
				return line == expected
			}
			let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
			var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
			guard poll(&descriptor, 1, left) > 0 else { return false }
			var chunk = [UInt8](repeating: 0, count: 256)
			let count = read(output, &chunk, chunk.count)
			guard count > 0 else { return false }
			buffered += chunk[..<count]
		}
	}

	/// Sends `number` to the child.
	func send(_ number: Int32) {
		kill(pid, number)
	}

	/// Reaps the child; `nil` (and the child killed) if it did not end within `seconds`.
	func waitForEnd(seconds: Double = 30) -> Ending? {
		let deadline = Date().addingTimeInterval(seconds)
		var status: Int32 = 0
		while Date() < deadline {
			let result = waitpid(pid, &status, WNOHANG)
			if result == pid {
				reaped = true
				return Ending(status: status)
			}
			if result < 0, errno != EINTR { return nil }
			usleep(2000)
		}
		return nil
	}

	/// The signals the child catches (`SigCgt`) and ignores (`SigIgn`), from /proc.
	func signalDispositions() -> (caught: Swift.Set<Int32>, ignored: Swift.Set<Int32>)? {
		guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
		func signals(_ field: String) -> Swift.Set<Int32>? {
			guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
				let mask = UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
			else { return nil }
			return Swift.Set((1...64).filter { mask & (1 << UInt64($0 - 1)) != 0 }.map { Int32($0) })
		}
		guard let caught = signals("SigCgt"), let ignored = signals("SigIgn") else { return nil }
		return (caught, ignored)
	}

	/// The names of the child's threads.
	func threadNames() -> [String] {
		let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
		return tasks.compactMap { task in
			(try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
				.trimmingCharacters(in: .newlines)
		}
	}
}
