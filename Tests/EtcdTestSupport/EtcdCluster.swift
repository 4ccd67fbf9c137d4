import Foundation

/**
Three real etcd members for the fault tests: each on its own loopback client and peer
ports with its own data directory, `--initial-cluster` naming all three. Members are
``EtcdServer``s (started, stopped and killed by process id); the cluster stops one of them
or all, starts them again, and finds the leader.

```swift
let cluster = try await EtcdCluster.start()
defer { cluster.terminate() }
cluster.kill(member: try await cluster.leader())
```
*/
public final class EtcdCluster: @unchecked Sendable {
	public let members: [EtcdServer]

	/// The members' client URLs, in member order.
	public var endpoints: [String] { members.map(\.endpoint) }

	private init(size: Int) throws {
		let members = try (0..<size).map { try EtcdServer(name: "member\($0)") }
		let initialCluster = members.map { "\($0.name)=\($0.peerURL)" }.joined(separator: ",")
		let token = "etcd-cluster-\(UUID().uuidString)"
		for member in members {
			member.initialCluster = initialCluster
			member.clusterToken = token
		}
		self.members = members
	}

	/// Starts a cluster of `size` members and waits until every member is healthy. A port
	/// another test took between being picked and being bound makes a member exit: the
	/// cluster is then started again on new ports (three tries).
	public static func start(size: Int = 3) async throws -> EtcdCluster {
		var lastError: any Error = TestFailure("the cluster did not start")
		for _ in 0..<3 {
			let cluster = try EtcdCluster(size: size)
			do {
				try await cluster.restartAll()
				return cluster
			} catch {
				cluster.terminate()
				lastError = error
			}
		}
		throw lastError
	}

	/// Stops one member (SIGTERM, as a shutdown: a leader hands its leadership over).
	public func stop(member index: Int) {
		members[index].stop()
	}

	/// Kills one member (SIGKILL, as a crash).
	public func kill(member index: Int) {
		members[index].kill()
	}

	/// Starts one member again (same ports and data) and waits until it is healthy.
	public func restart(member index: Int) async throws {
		try await members[index].restart()
	}

	/// Kills every member (SIGKILL: stopping them one by one with SIGTERM makes the last
	/// ones wait for a quorum that is gone).
	public func killAll() {
		for member in members { member.kill() }
	}

	/// Starts every member that is not running and waits until all are healthy (a member
	/// alone never is: it needs a quorum, so all are started before any is waited for).
	public func restartAll() async throws {
		for member in members where !member.isRunning {
			try member.launch()
		}
		for member in members {
			try await member.waitUntilHealthy()
		}
	}

	/// The index of the member that leads now, as the running members report it
	/// (`etcdctl endpoint status`); waits for an election for at most `timeout`.
	public func leader(within timeout: Duration = .seconds(30)) async throws -> Int {
		let deadline = ContinuousClock.now + timeout
		while ContinuousClock.now < deadline {
			var ids: [UInt64: Int] = [:]
			var leaders: Set<UInt64> = []
			for (index, member) in members.enumerated() where member.isRunning {
				guard let status = try? member.etcdctl("endpoint", "status", "--write-out=json"),
				      let decoded = try? JSONDecoder().decode([EndpointStatus].self, from: Data(status.utf8)),
				      let first = decoded.first
				else { continue }
				ids[first.status.header.memberID] = index
				if first.status.leader != 0 { leaders.insert(first.status.leader) }
			}
			// Every member that answered names the same leader, and it is one of them.
			if leaders.count == 1, let leader = leaders.first, let index = ids[leader] {
				return index
			}
			try await Task.sleep(for: .milliseconds(100))
		}
		throw TestFailure("the cluster on \(endpoints) has no leader")
	}

	/// Runs etcdctl against the running members; returns its standard output.
	@discardableResult
	public func etcdctl(_ arguments: String...) throws -> String {
		guard let member = members.first(where: \.isRunning) else { throw TestFailure("no member of the cluster runs") }
		return try member.etcdctl(arguments)
	}

	/// Stops every member for good and removes their data.
	public func terminate() {
		for member in members { member.kill() }
		for member in members { member.terminate() }
	}

	/// What `etcdctl endpoint status --write-out=json` prints for one endpoint (the fields used here).
	private struct EndpointStatus: Decodable {
		struct Status: Decodable {
			struct Header: Decodable {
				let memberID: UInt64

				enum CodingKeys: String, CodingKey {
					case memberID = "member_id"
				}
			}

			let header: Header
			let leader: UInt64
		}

		let status: Status

		enum CodingKeys: String, CodingKey {
			case status = "Status"
		}
	}
}
