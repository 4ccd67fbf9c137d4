#if canImport(Glibc)
import Glibc
#endif
import ChildProcess
import Foundation
import LoopbackPort

/**
A loopback HTTP server of schemas for the tests (python3's `http.server`, `schema-server.py`
beside this file), started on a free loopback port and stopped by its process id: it serves a
directory with `ETag` and `Last-Modified`, answers 304 to conditional requests, and logs every
request so that a test counts fetches. `/hang/…` never answers and `/slow/N/…` answers after N
seconds, for time limits.

```swift
let server = try SchemaServer.start(serving: directory)
defer { server.stop() }
let url = server.url("starship.json")   // http://127.0.0.1:PORT/starship.json
#expect(server.requests().count == 1)
```
*/
public final class SchemaServer: @unchecked Sendable {
	/// The files served.
	public let root: URL
	/// The port on 127.0.0.1.
	public let port: Int
	private let log: URL
	private var process: ChildProcess?

	private init(root: URL, port: Int, log: URL, process: ChildProcess) {
		self.root = root
		self.port = port
		self.log = log
		self.process = process
	}

	deinit { stop() }

	/// A logged request: its path, whether it was conditional, and the status answered (`hang`).
	public struct Request: Equatable, Sendable, CustomStringConvertible {
		public let path: String
		public let conditional: Bool
		public let status: String
		public var description: String { "\(path) \(conditional ? "conditional" : "plain") \(status)" }
	}

	/// Starts a server of `root`'s files; it is listening when this returns.
	public static func start(serving root: URL) throws -> SchemaServer {
		guard let (descriptor, port) = LoopbackPort.listener() else { throw ChildProcessError("no loopback port could be bound") }
		defer { close(descriptor) }
		let log = root.deletingLastPathComponent().appendingPathComponent("server-\(port).log")
		_ = FileManager.default.createFile(atPath: log.path, contents: nil)
		let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("schema-server.py")
		let process = try ChildProcess.spawn("/usr/bin/env", ["python3", script.path, root.path, log.path], input: descriptor, resettingSignals: true)
		let server = SchemaServer(root: root, port: port, log: log, process: process)
		let deadline = Date().addingTimeInterval(30)
		while Date() < deadline {
			if server.logText().hasPrefix("READY") { return server }
			guard process.isRunning else { break }
			usleep(20_000)
		}
		server.stop()
		throw ChildProcessError("the schema server (python3 \(script.path)) did not start")
	}

	/// `http://127.0.0.1:PORT/` followed by `path`.
	public func url(_ path: String) -> String {
		"http://127.0.0.1:\(port)/\(path)"
	}

	/// The requests made so far, in order.
	public func requests() -> [Request] {
		logText().split(separator: "\n").dropFirst().compactMap { line in
			let words = line.split(separator: " ").map(String.init)
			guard words.count == 4 else { return nil }
			return Request(path: words[1], conditional: words[2] == "conditional", status: words[3])
		}
	}

	/// The requests for `path` (with its leading `/`).
	public func requests(for path: String) -> [Request] {
		requests().filter { $0.path == path }
	}

	/// Stops the server (SIGTERM, then SIGKILL) and waits for it to end; nothing listens on its port after.
	public func stop() {
		process?.stop()
		process = nil
	}

	private func logText() -> String {
		(try? String(contentsOf: log, encoding: .utf8)) ?? ""
	}
}
