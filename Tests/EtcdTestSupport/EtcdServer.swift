import ChildProcess
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking // Data(contentsOf:) with an http URL, for the health check
#endif
import Glibc
import LoopbackPort
import TestEnvironment

/// The test process's private directory (HOME and XDG_CONFIG_HOME point into it).
public let isolatedDirectory = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()), isDirectory: true)

/**
A real etcd for one test: started on free loopback ports with a data directory of its own,
waited for until healthy, stopped by its process id (and its directory removed) at the end.

```swift
let etcd = try await EtcdServer.start()
defer { etcd.terminate() }
```
*/
/**
How long a test waits for a sync to complete (`waitForSyncCompletion(timeout:)`).

Generous on purpose: in the full parallel run on a 2-core machine, the synchronous tests
(hundreds of command-line runs, each blocking a thread of the cooperative pool while its child
process runs) keep both of the pool's threads busy for about half a minute, and a sync's tasks
and the test's own polling wait behind them. A sync that never completes still fails the test.
*/
public let syncTimeout: Duration = .seconds(90)

public final class EtcdServer: @unchecked Sendable {
	/// The member's name in its cluster ("test" for a server on its own).
	public let name: String
	public let clientPort: Int
	public let peerPort: Int
	public let dataDirectory: URL
	/// `--initial-cluster`: this member alone, or every member of an ``EtcdCluster``.
	var initialCluster: String
	/// `--initial-cluster-token`: keeps a cluster's members from talking to another test's.
	var clusterToken: String
	/// The certificate the server answers with on `https`, when it speaks TLS.
	public let tls: TestCertificates?
	/// More `etcd` flags (`--auth-token-ttl 1`, say).
	let extraArguments: [String]
	private var process: ChildProcess?

	public var endpoint: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(clientPort)" }
	public var peerURL: String { "http://127.0.0.1:\(peerPort)" }
	/// Whether the etcd process runs now.
	public var isRunning: Bool { process?.isRunning == true }
	/// The running etcd's process id, or `nil` while it is stopped.
	public var processIdentifier: pid_t? { process.flatMap { $0.isRunning ? $0.processIdentifier : nil } }

	/// A member on free loopback ports and a data directory of its own, not started yet.
	init(name: String = "test", tls: TestCertificates? = nil, extraArguments: [String] = []) throws {
		self.name = name
		self.tls = tls
		self.extraArguments = extraArguments
		clientPort = try Self.freePort()
		peerPort = try Self.freePort()
		dataDirectory = isolatedDirectory.appendingPathComponent("etcd-\(UUID().uuidString)", isDirectory: true)
		initialCluster = "\(name)=http://127.0.0.1:\(peerPort)"
		clusterToken = "etcd-cluster-\(UUID().uuidString)"
	}

	/// Starts a new server and waits until it answers: on `https` with `tls`, and with
	/// `extraArguments` added to etcd's flags.
	/// A port another test took between being picked and being bound makes etcd exit: it is
	/// then started again on new ports (three tries).
	public static func start(tls: TestCertificates? = nil, extraArguments: [String] = []) async throws -> EtcdServer {
		var lastError: any Error = TestFailure("etcd did not start")
		for _ in 0..<3 {
			let server = try EtcdServer(tls: tls, extraArguments: extraArguments)
			do {
				try await server.restart()
				return server
			} catch {
				server.terminate()
				lastError = error
			}
		}
		throw lastError
	}

	/// Starts the server (again, on the same ports and data) and waits until it answers.
	public func restart() async throws {
		try launch()
		try await waitUntilHealthy()
	}

	/// Starts the etcd process without waiting: a cluster's member is healthy only once a
	/// quorum of members runs.
	func launch() throws {
		guard FileManager.default.isExecutableFile(atPath: "/usr/bin/etcd"), FileManager.default.isExecutableFile(atPath: "/usr/bin/etcdctl") else {
			throw TestFailure("etcd is not installed: the etcd tests need Debian's etcd-server and etcd-client (apt-get install etcd-server etcd-client; bash .ci/run installs them)")
		}
		let arguments = [
			"--name", name, "--data-dir", dataDirectory.path,
			"--listen-client-urls", endpoint, "--advertise-client-urls", endpoint,
			"--listen-peer-urls", peerURL, "--initial-advertise-peer-urls", peerURL,
			"--initial-cluster", initialCluster, "--initial-cluster-state", "new",
			"--initial-cluster-token", clusterToken, "--log-level", "error",
		] + (tls.map { ["--cert-file", $0.serverCertificate.path, "--key-file", $0.serverKey.path] } ?? []) + extraArguments
		process = try ChildProcess.spawn("/usr/bin/etcd", arguments)
	}

	/// Stops the server (SIGTERM, then SIGKILL after 10 s) and waits for it to end.
	public func stop() {
		process?.stop()
		process = nil
	}

	/// Kills the server (SIGKILL: a crash, no leadership handed over) and waits for it to end.
	public func kill() {
		guard let process else { return }
		process.signal(SIGKILL)
		_ = process.wait()
		self.process = nil
	}

	/// Stops the server for good and removes its data.
	public func terminate() {
		stop()
		try? FileManager.default.removeItem(at: dataDirectory)
	}

	/// The value etcd holds for `key`, as etcdctl prints it ("" when there is none).
	public func value(of key: String) throws -> String {
		try etcdctl("get", key, "--print-value-only").trimmingCharacters(in: .whitespacesAndNewlines)
	}

	/// A key prefix no other test uses: `/<label>-<8 hex digits>/`.
	public static func uniquePrefix(_ label: String = "test") -> String {
		"/\(label)-\(UUID().uuidString.prefix(8))/"
	}

	/// Runs etcdctl against this server; returns its standard output.
	@discardableResult
	public func etcdctl(_ arguments: String...) throws -> String {
		try etcdctl(arguments)
	}

	/// Runs etcdctl against this server; returns its standard output.
	@discardableResult
	public func etcdctl(_ arguments: [String]) throws -> String {
		let tlsArguments = tls.map { ["--cacert=\($0.authority.path)", "--cert=\($0.clientCertificate.path)", "--key=\($0.clientKey.path)"] } ?? []
		return try ChildProcess.run("/usr/bin/etcdctl", ["--endpoints=\(endpoint)"] + tlsArguments + arguments, environment: ["ETCDCTL_API": "3", "PATH": "/usr/bin:/bin"]).output
	}

	/// Waits (at most 30 s) until the server reports itself healthy: for a cluster's member,
	/// until the cluster has a leader.
	func waitUntilHealthy() async throws {
		let url = URL(string: "\(endpoint)/health")
		let deadline = ContinuousClock.now + .seconds(30)
		while ContinuousClock.now < deadline {
			if tls == nil, let url, let data = try? Data(contentsOf: url), String(decoding: data, as: UTF8.self).contains("\"true\"") {
				return
			}
			if tls != nil, (try? etcdctl("endpoint", "health", "-w", "json"))?.contains("\"health\":true") == true {
				return
			}
			if process?.isRunning != true { break }
			try await Task.sleep(for: .milliseconds(50))
		}
		stop()
		throw TestFailure("etcd did not become healthy on \(endpoint)")
	}

	/// A port nothing listens on now: one the kernel picks for a socket bound to port 0.
	private static func freePort() throws -> Int {
		guard let port = LoopbackPort.unused() else { throw TestFailure("no loopback port could be bound") }
		return port
	}
}

public struct TestFailure: Error, CustomStringConvertible {
	public let description: String

	public init(_ description: String) {
		self.description = description
	}
}
