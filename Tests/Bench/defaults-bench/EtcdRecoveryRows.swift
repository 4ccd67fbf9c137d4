import Defaults
import DefaultsEtcd
import Foundation
import LoopbackPort
#if canImport(Glibc)
import Glibc
#endif

/// Rows about getting back in sync (section 10): a three-member cluster losing its leader
/// while a machine writes, and two machines that changed one key while etcd was down.
enum EtcdRecoveryBenchmarks {
	static func rows(directory: URL) -> [Row] {
		[leaderKilled(directory: directory), conflictSettled(directory: directory)]
	}

	/// A writer syncing through the leader first; the leader killed (SIGKILL): how long from the
	/// kill until etcd, read through a survivor, holds a value written after it.
	private static func leaderKilled(directory: URL) -> Row {
		var row = Row(name: "10. Syncing resumes after the leader is killed", unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "< 5 s")
		guard let cluster = LocalEtcdCluster(directory: directory.appendingPathComponent("etcd-cluster")), let leader = cluster.leader() else {
			row.note = "a three-member etcd did not start (apt-get install etcd-server etcd-client)"
			return row
		}
		defer { cluster.stop() }
		let survivor = cluster.members.indices.first { $0 != leader } ?? 0
		let endpoints = [cluster.members[leader].endpoint] + cluster.members.indices.filter { $0 != leader }.map { cluster.members[$0].endpoint }
		let store = InMemoryStore()
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		guard let sync = try? Defaults.EtcdSync(store: store, configuration: EtcdConfiguration(endpoints: endpoints, requestTimeout: .seconds(2)),
			prefix: "/bench/leader/", journal: directory.appendingPathComponent("etcd-leader-journal.json")),
			let reader = try? EtcdClient(EtcdConfiguration(endpoints: [cluster.members[survivor].endpoint], requestTimeout: .seconds(2))) else {
			row.note = "the engine could not be made"
			return row
		}
		defer { sync.stop() }
		sync.add(key)
		_ = runBlocking { await sync.waitForSyncCompletion(timeout: .seconds(10)) }
		let writing = Locked(true)
		let writer = Thread {
			var value = 0
			while writing.value {
				value += 1
				Defaults[key] = value
				usleep(20_000)
			}
		}
		writer.start()
		Thread.sleep(forTimeInterval: 1)
		let killedAt = DispatchTime.now().uptimeNanoseconds
		let writtenBefore = Defaults[key]
		cluster.kill(member: leader)
		var resumedAt: UInt64?
		let deadline = Date().addingTimeInterval(30)
		while resumedAt == nil, Date() < deadline {
			let held = runBlocking {
				guard let value = try? await reader.get("/bench/leader/counter").value?.value else { return false }
				return (Int(String(decoding: value, as: UTF8.self)) ?? 0) > writtenBefore + 1
			}
			if held { resumedAt = DispatchTime.now().uptimeNanoseconds } else { usleep(20_000) }
		}
		writing.withLock { $0 = false }
		row.ours = resumedAt.map { Double($0 - killedAt) }
		row.meetsTarget = resumedAt.map { $0 - killedAt < 5_000_000_000 } ?? false
		row.note = resumedAt == nil ? "did not resume within 30 s" : "3 members; read via a survivor"
		return row
	}

	/// Two machines change one key while etcd is down; from etcd answering again until both
	/// machines and etcd hold the same value.
	private static func conflictSettled(directory: URL) -> Row {
		var row = Row(name: "10. A conflict settled after etcd is back", unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "< 2 s")
		guard let etcd = LocalEtcd(directory: directory.appendingPathComponent("etcd-conflict", isDirectory: true)) else {
			row.note = "etcd not installed or did not start (apt-get install etcd-server)"
			return row
		}
		defer { etcd.stop() }
		let machines = (0..<2).compactMap { index -> (Defaults.Key<String>, Defaults.EtcdSync)? in
			let store = InMemoryStore()
			let key = Defaults.Key<String>("theme", default: "system", suite: store)
			guard let sync = try? Defaults.EtcdSync(store: store, configuration: EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(2)),
				prefix: "/bench/conflict/", journal: directory.appendingPathComponent("etcd-conflict-\(index).json"), maximumRetryDelay: .milliseconds(500)) else { return nil }
			sync.add(key)
			return (key, sync)
		}
		defer { machines.forEach { $0.1.stop() } }
		guard machines.count == 2 else {
			row.note = "the engines could not be made"
			return row
		}
		for (_, sync) in machines {
			_ = runBlocking { await sync.waitForSyncCompletion(timeout: .seconds(10)) }
		}
		etcd.stop()
		Defaults[machines[0].0] = "from A"
		Defaults[machines[1].0] = "from B"
		guard etcd.start() else {
			row.note = "etcd did not start again"
			return row
		}
		let answeredAt = DispatchTime.now().uptimeNanoseconds
		let reader = try? EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(2)))
		var settledAt: UInt64?
		let deadline = Date().addingTimeInterval(30)
		while settledAt == nil, Date() < deadline {
			let a = Defaults[machines[0].0], b = Defaults[machines[1].0]
			let inEtcd = runBlocking {
				guard let value = try? await reader?.get("/bench/conflict/theme").value?.value else { return false }
				return String(decoding: value, as: UTF8.self) == "\"\(a)\""
			}
			if a == b, a != "system", inEtcd { settledAt = DispatchTime.now().uptimeNanoseconds } else { usleep(10_000) }
		}
		row.ours = settledAt.map { Double($0 - answeredAt) }
		row.meetsTarget = settledAt.map { $0 - answeredAt < 2_000_000_000 } ?? false
		row.note = settledAt == nil ? "not settled within 30 s" : "both hold \"\(Defaults[machines[0].0])\", as etcd"
		return row
	}
}
