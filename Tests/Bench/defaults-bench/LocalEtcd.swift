import ChildProcess
import Defaults
import DefaultsEtcd
import Foundation
import LoopbackPort
#if canImport(Glibc)
import Glibc
#endif

/// A single-member etcd for the benchmark's etcd rows: loopback ports chosen by the kernel,
/// data in the benchmark's temporary directory, stopped by process id. It can be stopped and
/// started again on the same ports and data (the fleet rows' restart).
final class LocalEtcd: @unchecked Sendable {
	// @unchecked: `process` is used only by the thread that runs the benchmark's rows.
	let endpoint: String
	private let arguments: [String]
	private var process: ChildProcess?

	/// Starts etcd and waits until it answers; `nil` if it is not installed or does not start.
	init?(directory: URL) {
		guard FileManager.default.isExecutableFile(atPath: Self.executable),
		      let clientPort = LoopbackPort.unused(), let peerPort = LoopbackPort.unused() else { return nil }
		endpoint = "http://127.0.0.1:\(clientPort)"
		let peer = "http://127.0.0.1:\(peerPort)"
		arguments = [
			"--name", "bench", "--data-dir", directory.path, "--log-level", "error",
			"--listen-client-urls", endpoint, "--advertise-client-urls", endpoint,
			"--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer, "--initial-cluster", "bench=\(peer)",
		]
		guard start() else { return nil }
	}

	private static let executable = "/usr/bin/etcd"

	/// The running etcd's process id, or `nil` while it is stopped.
	var processIdentifier: Int32? {
		process.flatMap { $0.isRunning ? $0.processIdentifier : nil }
	}

	/// Starts etcd (again) on the same ports and data, and waits until it answers; whether it does.
	@discardableResult
	func start() -> Bool {
		guard let started = try? ChildProcess.spawn(Self.executable, arguments) else { return false }
		process = started
		let deadline = Date().addingTimeInterval(20)
		while Date() < deadline, started.isRunning {
			if put("/bench/ready", "true") { return true }
			usleep(50_000)
		}
		stop()
		return false
	}

	/// Puts `value` (JSON text) at `key` with the package's own client; whether etcd took it.
	@discardableResult
	func put(_ key: String, _ value: String) -> Bool {
		guard let client = try? EtcdClient(EtcdConfiguration(endpoints: [endpoint], requestTimeout: .seconds(5))) else { return false }
		return runBlocking { (try? await client.put(key, value: Data(value.utf8))) != nil }
	}

	/// Stops etcd: SIGTERM, then SIGKILL if it has not ended within 5 seconds.
	func stop() {
		guard let running = process, running.isRunning else { return }
		running.stop(graceSeconds: 5)
	}
}
