import ChildProcess
import Foundation
import Testing

/// `defaults-store-helper set-and-wait` in a child process the tests send signals to.
///
/// Started through ``ChildProcess`` with `resettingSignals`, so that the test itself reaps it
/// and sees how it ended. It starts with no signal blocked and every signal's default action,
/// whatever the test's thread blocks or ignores.
final class SignalTarget {
	private let process: ChildProcess
	private let output: Int32
	private var buffered: [UInt8] = []

	var pid: pid_t { process.processIdentifier }

	init(_ arguments: [String]) throws {
		let ends = try ChildProcess.pipe()
		defer { close(ends.writing) }
		do {
			process = try ChildProcess.spawn(StoreHelper.executable.path, arguments, output: ends.writing, errors: STDERR_FILENO, resettingSignals: true)
		} catch {
			close(ends.reading)
			throw error
		}
		output = ends.reading
	}

	deinit {
		if process.signal(SIGKILL) { _ = process.wait() }
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
		process.signal(number)
	}

	/// Reaps the child; `nil` (and the child killed when the test lets go of it) if it did not
	/// end within `seconds`.
	func waitForEnd(seconds: Double = 30) -> ChildProcess.Ending? {
		process.waitForEnd(timeout: seconds)
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
