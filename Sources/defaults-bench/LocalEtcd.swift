import DefaultsEtcd
import Foundation
import LoopbackPort
#if canImport(Glibc)
import Glibc
#endif

/// A single-member etcd for the benchmark's etcd rows: loopback ports chosen by the kernel,
/// data in the benchmark's temporary directory, stopped by process id.
final class LocalEtcd: @unchecked Sendable {
	let endpoint: String
	private let process: Process

	/// Starts etcd and waits until it answers; `nil` if it is not installed or does not start.
	init?(directory: URL) {
		let executable = "/usr/bin/etcd"
		guard FileManager.default.isExecutableFile(atPath: executable),
		      let clientPort = LoopbackPort.unused(), let peerPort = LoopbackPort.unused() else { return nil }
		endpoint = "http://127.0.0.1:\(clientPort)"
		let peer = "http://127.0.0.1:\(peerPort)"
		process = Process()
		process.executableURL = URL(fileURLWithPath: executable)
		process.arguments = [
			"--name", "bench", "--data-dir", directory.path, "--log-level", "error",
			"--listen-client-urls", endpoint, "--advertise-client-urls", endpoint,
			"--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer, "--initial-cluster", "bench=\(peer)",
		]
		process.standardOutput = FileHandle.nullDevice
		process.standardError = FileHandle.nullDevice
		do { try process.run() } catch { return nil }
		let deadline = Date().addingTimeInterval(20)
		while Date() < deadline, process.isRunning {
			if put("/bench/ready", "true") { return }
			usleep(100_000)
		}
		stop()
		return nil
	}

	/// Puts `value` (JSON text) at `key` with the package's own client; whether etcd took it.
	@discardableResult
	func put(_ key: String, _ value: String) -> Bool {
		guard let client = try? EtcdClient(EtcdConfiguration(endpoints: [endpoint], requestTimeout: .seconds(5))) else { return false }
		return EtcdBenchmarks.waitFor { (try? await client.put(key, value: Data(value.utf8))) != nil }
	}

	/// Stops etcd: SIGTERM, then SIGKILL if it has not ended within 5 seconds.
	func stop() {
		guard process.isRunning else { return }
		kill(process.processIdentifier, SIGTERM)
		let deadline = Date().addingTimeInterval(5)
		while process.isRunning, Date() < deadline { usleep(20_000) }
		if process.isRunning { kill(process.processIdentifier, SIGKILL) }
		process.waitUntilExit()
	}
}
