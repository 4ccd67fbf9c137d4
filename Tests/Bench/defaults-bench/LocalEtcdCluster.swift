import Defaults
import ChildProcess
import Foundation
import LoopbackPort
#if canImport(Glibc)
import Glibc
#endif

/// A three-member etcd cluster on loopback ports for the benchmark's leader row, data in the
/// benchmark's temporary directory, stopped by process id.
final class LocalEtcdCluster: @unchecked Sendable {
	// @unchecked: used only by the thread that runs the benchmark's rows.
	struct Member {
		let name: String
		let endpoint: String
		let process: ChildProcess
	}

	private(set) var members: [Member] = []

	/// Starts three members and waits until the cluster has a leader; `nil` if etcd is not
	/// installed or the cluster does not form within 30 s.
	init?(directory: URL) {
		guard FileManager.default.isExecutableFile(atPath: "/usr/bin/etcd"), FileManager.default.isExecutableFile(atPath: "/usr/bin/etcdctl") else { return nil }
		var ports: [(client: Int, peer: Int)] = []
		for _ in 0..<3 {
			guard let client = LoopbackPort.unused(), let peer = LoopbackPort.unused() else { return nil }
			ports.append((client, peer))
		}
		let cluster = ports.indices.map { "m\($0)=http://127.0.0.1:\(ports[$0].peer)" }.joined(separator: ",")
		let token = "bench-\(getpid())"
		for (index, port) in ports.enumerated() {
			let endpoint = "http://127.0.0.1:\(port.client)"
			let peer = "http://127.0.0.1:\(port.peer)"
			let arguments = [
				"--name", "m\(index)", "--data-dir", directory.appendingPathComponent("m\(index)").path, "--log-level", "error",
				"--listen-client-urls", endpoint, "--advertise-client-urls", endpoint,
				"--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
				"--initial-cluster", cluster, "--initial-cluster-state", "new", "--initial-cluster-token", token,
			]
			guard let process = try? ChildProcess.spawn("/usr/bin/etcd", arguments) else {
				stop()
				return nil
			}
			members.append(Member(name: "m\(index)", endpoint: endpoint, process: process))
		}
		let deadline = Date().addingTimeInterval(30)
		while Date() < deadline {
			if leader() != nil { return }
			usleep(100_000)
		}
		stop()
		return nil
	}

	/// The index of the member that leads now, as the members report it.
	func leader() -> Int? {
		for (index, member) in members.enumerated() where member.process.isRunning {
			guard let status = etcdctl(["--endpoints=\(member.endpoint)", "endpoint", "status", "-w", "json"]),
			      case .array(let entries)? = try? Defaults.JSONValue(parsing: status),
			      case .object(let entry)? = entries.first, case .object(let body)? = entry["Status"],
			      case .object(let header)? = body["header"],
			      let memberID = header["member_id"]?.integerValue(as: UInt64.self),
			      let leaderID = body["leader"]?.integerValue(as: UInt64.self), leaderID != 0 else { continue }
			if memberID == leaderID { return index }
		}
		return nil
	}

	/// Kills a member (SIGKILL: a crash, no leadership handed over).
	func kill(member index: Int) {
		let process = members[index].process
		guard process.isRunning else { return }
		process.signal(SIGKILL)
		_ = process.wait()
	}

	/// Stops every member that still runs.
	func stop() {
		for member in members where member.process.isRunning {
			member.process.signal(SIGKILL)
			_ = member.process.wait()
		}
	}

	private func etcdctl(_ arguments: [String]) -> String? {
		BenchmarkEnvironment.output(of: "/usr/bin/etcdctl", arguments, environment: ["ETCDCTL_API": "3", "PATH": "/usr/bin:/bin"])
	}
}
