import ChildProcess
import Defaults
@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/**
The sync engine against a three-member etcd cluster while members fail: the leader killed
while writes flow, and every member down for a while. Errors, slow answers and a watch
stream cut while its member runs are injected by a proxy in `EtcdFaultTests`.
*/
@Suite(.serialized, .timeLimit(.minutes(3)), .requires(.etcd))
struct EtcdClusterTests {
	init() {
		ProblemRecorder.install()
	}

	/// A machine with a file store of its own, syncing through the given endpoints.
	private func machine(_ endpoints: [String], prefix: String) throws -> Machine {
		let file = isolatedDirectory.appendingPathComponent("store-\(UUID().uuidString)/settings.json")
		return try Machine(nil, endpoints: endpoints, prefix: prefix, store: FileStore(url: file))
	}

	@Test func killingTheLeaderWhileWritesFlowLosesNoChange() async throws {
		let cluster = try await EtcdCluster.start()
		defer { cluster.terminate() }
		let leader = try await cluster.leader()
		// The leader first: both machines talk to it, and watch through it, until it dies.
		let endpoints = [cluster.members[leader].endpoint] + cluster.members.indices.filter { $0 != leader }.map { cluster.members[$0].endpoint }
		let survivor = cluster.members[(leader + 1) % cluster.members.count]
		let prefix = uniquePrefix()
		let writer = try machine(endpoints, prefix: prefix)
		let watcher = try machine(endpoints, prefix: prefix)
		defer { writer.sync.stop(); watcher.sync.stop() }
		#expect(await writer.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(await watcher.sync.waitForSyncCompletion(timeout: syncTimeout))

		let count = 200
		var killed = ContinuousClock.now
		for step in 1...count {
			Defaults[writer.theme] = "value \(step)"
			if step == count / 2 {
				cluster.kill(member: leader)
				killed = .now
			}
			try await Task.sleep(for: .milliseconds(10))   // writes spread over a few seconds, not the assertion
		}
		let last = #""value \#(count)""#

		// "Syncing resumes within 5 seconds" is a latency claim, measured by the benchmark; on
		// this busy 2-core machine only loosely: etcd holds the last value within 20 s of the kill.
		#expect(await eventually(within: .seconds(20)) { (try? survivor.value(of: "\(prefix)theme")) == last })
		#expect(ContinuousClock.now - killed < .seconds(20))
		#expect(await writer.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(writer.sync.state.withLock { $0.unpushed.isEmpty })
		#expect((try? survivor.value(of: "\(prefix)theme")) == last)
		// The watcher's stream went to the dead leader: it watches through a survivor now.
		#expect(await eventually(within: .seconds(30)) { Defaults[watcher.theme] == "value \(count)" })
	}

	/// Every member down for 10 seconds while the program keeps writing (every 100 ms).
	@Test func changesMadeWhileEveryMemberIsDownArePushedWhenTheyAreBack() async throws {
		let cluster = try await EtcdCluster.start()
		defer { cluster.terminate() }
		let prefix = uniquePrefix()
		let writer = try machine(cluster.endpoints, prefix: prefix)
		let volume = Defaults.Key<Int>("volume", default: 0, suite: writer.store)
		writer.sync.add(volume)
		defer { writer.sync.stop() }
		Defaults[writer.theme] = "before"
		#expect(await writer.sync.waitForSyncCompletion(timeout: syncTimeout))

		cluster.killAll()
		let downUntil = ContinuousClock.now + .seconds(10)
		var step = 0
		while ContinuousClock.now < downUntil {
			step += 1
			Defaults[volume] = step
			Defaults[writer.theme] = "offline \(step)"
			try await Task.sleep(for: .milliseconds(100))
		}
		// Nothing can have been pushed: no member runs.
		#expect(writer.sync.state.withLock { !$0.unpushed.isEmpty })

		try await cluster.restartAll()
		#expect(await writer.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(writer.sync.state.withLock { $0.unpushed.isEmpty })
		for member in cluster.members {
			#expect((try? member.value(of: "\(prefix)theme")) == #""offline \#(step)""#)
			#expect((try? member.value(of: "\(prefix)volume")) == "\(step)")
		}
	}
}
