import BenchmarkSupport
import Foundation

/**
The benchmark's other side: it runs itself again as `defaults-peers --child MODE ...` for
measurements that need a fresh process or a second one. A child prints one number on
standard output as its last line; on failure it prints the reason on standard error and
exits with status 1.

- `cold PEER LOCATION`: opens the large store and reads `key9999`; prints the nanoseconds
  from before opening to after the read.
- `read PEER LOCATION NAME`: prints the Int setting NAME, read by a fresh process.
- `writer PEER LOCATION COUNT MILLISECONDS`: writes the monotonic clock to `latency`
  COUNT times, making each change durable, one every 1 to 1.5 × MILLISECONDS.
*/
enum ChildProcess {
	/// The first argument that selects the child side.
	static let flag = "--child"

	/// Why a child process failed.
	struct Failure: Error, CustomStringConvertible {
		/// What went wrong, with what the child printed.
		let description: String
	}

	/// Runs the benchmark's child side with `arguments` and returns the number it printed last.
	static func run(_ arguments: [String]) throws -> Int {
		let process = Process()
		process.executableURL = URL(fileURLWithPath: PrivateHome.executable)
		process.arguments = [flag] + arguments
		// One pipe for both streams: the number is the last line, and a failure's reason is all of it.
		let pipe = Pipe()
		process.standardOutput = pipe
		process.standardError = pipe
		try process.run()
		let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
		process.waitUntilExit()
		let lines = text.split(separator: "\n")
		guard process.terminationReason == .exit, process.terminationStatus == 0, let number = lines.last.flatMap({ Int($0) }) else {
			throw Failure(description: "child \(arguments.prefix(2).joined(separator: " ")) failed"
				+ " (status \(process.terminationStatus)): \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
		}
		return number
	}

	/// The child side: does what `arguments` (after the flag) say, prints one number and exits.
	static func main(_ arguments: [String]) async -> Never {
		// Only inside the private directory, so that no peer touches the real home.
		guard PrivateHome.peers.current != nil else {
			complain("--child is for the benchmark's own child processes")
			exit(2)
		}
		do {
			print(try await perform(arguments))
			exit(0)
		} catch {
			complain("\(error)")
			exit(1)
		}
	}

	/// Does one child task and returns the number to print.
	private static func perform(_ arguments: [String]) async throws -> Int {
		guard arguments.count >= 3, let kind = PeerKind(rawValue: arguments[1]) else {
			throw Failure(description: "bad child arguments \(arguments)")
		}
		let peer = kind.peer
		let location = arguments[2]
		switch (arguments[0], arguments.count) {
		case ("cold", 3):
			let start = monotonicNanoseconds()
			let value = try await peer.coldRead(location, key: "key9999")
			let elapsed = monotonicNanoseconds() - start
			// A store that loaded nothing would be fast and wrong: refuse to report it.
			guard value == 9999 else { throw PeerError.wrongResult("read key9999 = \(value), not 9999") }
			return elapsed
		case ("read", 4):
			return try await peer.reopen(location).read(arguments[3])
		case ("writer", 5):
			guard let count = Int(arguments[3]), let interval = UInt32(arguments[4]) else {
				throw Failure(description: "bad writer arguments \(arguments)")
			}
			let session = try await peer.reopen(location)
			let latency = try session.setting("latency")
			for _ in 0..<count {
				try latency.write(monotonicNanoseconds())
				try session.makeDurable()
				// A random pause between one and one and a half intervals, so that the changes
				// do not fall in step with a peer that polls.
				usleep(interval * 1000 + UInt32.random(in: 0...(interval * 500)))
			}
			return count
		default:
			throw Failure(description: "unknown child mode \(arguments)")
		}
	}

	/// Prints `message` on standard error, naming the child.
	private static func complain(_ message: String) {
		FileHandle.standardError.write(Data("defaults-peers (child): \(message)\n".utf8))
	}
}
