import Defaults
import DefaultsEtcd
import Foundation

/**
Rows about one etcd serving a fleet (section 11, issue #15): hundreds of synced clients, each
a `Defaults.EtcdSync` with a store of its own (``FleetClients``, several per child process),
watching one prefix of a local single-member etcd that the benchmark starts on loopback ports.
One change at a time is put: how long until the last client sees it, and etcd's CPU and
memory meanwhile. Then etcd is stopped, started again on the same ports and data, and the
clients' way back is watched: how long, and whether any of them read everything again.
*/
enum FleetBenchmarks {
	/// How many clients, in how many processes, and how many changes.
	struct Size {
		var processes = 5
		var clientsEach = 100
		var changes = 30
		var clients: Int { processes * clientsEach }
	}

	static func rows(directory: URL, size: Size) -> [Row] {
		raiseFileLimit()
		let total = size.clients
		let onTmpfs = ProcessInfo.processInfo.environment["DEFAULTS_BENCH_ETCD_TMPFS"] != nil
		let etcdData = onTmpfs ? URL(fileURLWithPath: "/dev/shm/defaults-bench-fleet-\(getpid())") : directory.appendingPathComponent("fleet-etcd", isDirectory: true)
		defer { if onTmpfs { try? FileManager.default.removeItem(at: etcdData) } }
		guard let etcd = LocalEtcd(directory: etcdData), let pid = etcd.processIdentifier,
		      let client = try? EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(10))) else {
			return [failed("etcd not installed or did not start (apt-get install etcd-server)", size: size)]
		}
		defer { etcd.stop() }
		let probe = EtcdProbe(endpoint: etcd.endpoint)
		let key = FleetClients.prefix + FleetClients.keyName
		guard put(client, key, 0) else { return [failed("etcd took no write", size: size)] }
		let memoryAlone = EtcdProbe.memory(pid: pid, "VmRSS")
		let countersBefore = probe.counters()

		// Start: every client reads the prefix once, then watches it.
		let startedAt = fleetNow()
		let fleet = FleetProcesses(processes: size.processes, clientsEach: size.clientsEach, endpoint: etcd.endpoint, directory: directory)
		defer { fleet.stop() }
		guard fleet.wait(timeout: 90, until: { $0.complete.count == total }) else {
			return [failed("\(fleet.current.complete.count) of \(total) clients synced within 90 s", size: size)]
		}
		let startup = Double((fleet.current.up.map(\.at).max() ?? startedAt) - startedAt)
		let startReads = (probe.counters()?.ranges ?? .nan) - (countersBefore?.ranges ?? .nan)

		// Idle: what the open watches cost etcd (and the clients) while nothing changes.
		let idleStart = EtcdProbe.cpuNanoseconds(pid: pid) ?? .nan, clientsIdleStart = fleet.cpuNanoseconds
		Thread.sleep(forTimeInterval: 3)
		let idlePerSecond = ((EtcdProbe.cpuNanoseconds(pid: pid) ?? .nan) - idleStart) / 3
		let clientsIdlePerSecond = (fleet.cpuNanoseconds - clientsIdleStart) / 3
		let watchers = probe.counters()?.watchers ?? .nan

		// Changes one at a time; then etcd restarts under the fleet.
		let changes = timeChanges(fleet: fleet, client: client, key: key, etcdPid: pid, count: size.changes)
		let memoryWithFleet = EtcdProbe.memory(pid: pid, "VmRSS")
		let peakMemory = EtcdProbe.memory(pid: pid, "VmHWM")

		guard let restart = restart(etcd, fleet: fleet, client: client, key: key, value: size.changes + 1, probe: probe) else {
			return [failed("etcd did not start again", size: size)]
		}
		fleet.stop()
		let processes = fleet.current

		let name = "11. Fleet of \(grouped(total))"
		var start = Row(name: "\(name): start, full pull, watching", unit: "ns", ours: startup, userDefaults: nil, floor: nil, target: "")
		start.note = "\(total) of \(total) watching; \(format(startReads, unit: "full reads")) by etcd"
		var p50 = Row(name: "\(name): change seen by the last, p50", unit: "ns", ours: percentile(changes.latencies, 0.5), userDefaults: nil, floor: nil, target: "")
		p50.note = "from the put's start: first client \(format(percentile(changes.firsts, 0.5), unit: "ns")), last \(format(percentile(changes.lasts, 0.5), unit: "ns")); the put itself \(format(percentile(changes.puts, 0.5), unit: "ns"))"
		var p99 = Row(name: "\(name): change seen by the last, p99", unit: "ns", ours: percentile(changes.latencies, 0.99), userDefaults: nil, floor: nil, target: "")
		p99.note = "\(changes.latencies.count) of \(size.changes) changes seen by all"
		var cpu = Row(name: "\(name): etcd CPU per change", unit: "ns", ours: changes.etcdCPU, userDefaults: nil, floor: nil, target: "")
		cpu.note = "the clients \(format(changes.clientsCPU, unit: "ns")); idle with \(format(watchers, unit: "watchers")): etcd \(format(idlePerSecond, unit: "ns")), the clients \(format(clientsIdlePerSecond, unit: "ns")) per second"
		var memory = Row(name: "\(name): etcd peak memory", unit: "MiB", ours: peakMemory, userDefaults: nil, floor: nil, target: "")
		memory.note = "alone \(format(memoryAlone, unit: "MiB")), with the fleet \(format(memoryWithFleet, unit: "MiB"))"
		let firstBack = restart.backAt.values.min().map { Double($0) - Double(restart.startedAt) }
		let lastBack = restart.backAt.values.max().map { Double($0) - Double(restart.startedAt) }
		var back = Row(name: "\(name): all watching again after etcd restart", unit: "ns", ours: restart.backAt.count == total ? lastBack : nil, userDefaults: nil, floor: nil, target: "")
		back.note = "from etcd's start: \(restart.lost) lost the watch, \(restart.backAt.count) back, the first after \(format(firstBack, unit: "ns")); \(processes.problems) problems reported"
		var change = Row(name: "\(name): change at restart seen by the last", unit: "ns", ours: restart.changeSeen, userDefaults: nil, floor: nil, target: "")
		change.note = restart.changeAcknowledgedAt != nil ? "put as soon as etcd answered (\(format(Double(restart.answeredAt - restart.startedAt), unit: "ns")) after its start)" : "the put failed"
		var reads = Row(name: "\(name): full reads on reconnect", unit: "reads", ours: restart.counters?.ranges, userDefaults: nil, floor: nil, target: "0: resumes from its revision")
		reads.note = "\(format(restart.counters?.watchStreams, unit: "watch requests")); etcd CPU \(format(restart.etcdCPU, unit: "ns")) from its start"
		reads.meetsTarget = restart.reconnected && restart.counters?.ranges == 0
		var clients = Row(name: "\(name): memory of a process of \(grouped(size.clientsEach)) clients", unit: "MiB", ours: median(processes.peakMemory), userDefaults: nil, floor: nil, target: "")
		clients.note = "\(processes.threads.max() ?? 0) threads (peak memory, median of \(processes.peakMemory.count))"
		return [start, p50, p99, cpu, memory, back, change, reads, clients]
	}

	/// What the changes cost and how long they took to reach every client.
	private struct Changes {
		/// From the put's answer to the last client (negative times are counted as 0).
		var latencies: [Double] = []
		/// From the put's start: a watcher may hear of a change before the put's answer arrives.
		var firsts: [Double] = [], lasts: [Double] = []
		/// The put itself.
		var puts: [Double] = []
		/// CPU time per change: etcd's, and that of all the client processes.
		var etcdCPU = Double.nan, clientsCPU = Double.nan
	}

	/// Puts `count` changes one at a time, each once every client has the one before.
	private static func timeChanges(fleet: FleetProcesses, client: EtcdClient, key: String, etcdPid: Int32, count: Int) -> Changes {
		var changes = Changes()
		let etcdStart = EtcdProbe.cpuNanoseconds(pid: etcdPid) ?? .nan, clientsStart = fleet.cpuNanoseconds
		for value in 1...max(1, count) {
			let sent = fleetNow()
			guard put(client, key, value) else { continue }
			let acknowledged = fleetNow()
			guard fleet.wait(timeout: 10, until: { $0.seen[value]?.processes == fleet.processCount }),
			      let seen = fleet.current.seen[value] else { continue }
			changes.latencies.append(max(0, Double(seen.last) - Double(acknowledged)))
			changes.firsts.append(Double(seen.first) - Double(sent))
			changes.lasts.append(Double(seen.last) - Double(sent))
			changes.puts.append(Double(acknowledged - sent))
			usleep(20_000)
		}
		changes.etcdCPU = ((EtcdProbe.cpuNanoseconds(pid: etcdPid) ?? .nan) - etcdStart) / Double(max(1, count))
		changes.clientsCPU = (fleet.cpuNanoseconds - clientsStart) / Double(max(1, count))
		return changes
	}

	/// What a restart of etcd did to the fleet.
	private struct Restart {
		/// How many clients lost their watch when etcd stopped.
		var lost: Int
		/// When etcd was started again, and when it answered (``fleetNow()``).
		var startedAt: UInt64, answeredAt: UInt64
		var changeAcknowledgedAt: UInt64?
		/// When each client was synced and watching again.
		var backAt: [Int: UInt64]
		/// From the change's acknowledgement to the last client that saw it.
		var changeSeen: Double?
		var reconnected: Bool
		/// etcd's counters and CPU time since it started again.
		var counters: EtcdProbe.Counters?
		var etcdCPU: Double
	}

	/// Stops etcd (SIGTERM), starts it again 2 s later on the same ports and data, puts
	/// `value` as soon as it answers, and waits until every client watches and has it.
	private static func restart(_ etcd: LocalEtcd, fleet: FleetProcesses, client: EtcdClient, key: String, value: Int, probe: EtcdProbe) -> Restart? {
		etcd.stop()
		_ = fleet.wait(timeout: 5) { $0.complete.isEmpty }
		let lost = fleet.clientCount - fleet.current.complete.count
		Thread.sleep(forTimeInterval: 2)
		let startedAt = fleetNow()
		guard etcd.start(), let pid = etcd.processIdentifier else { return nil }
		let answeredAt = fleetNow()
		let acknowledgedAt = put(client, key, value) ? fleetNow() : nil
		let reconnected = fleet.wait(timeout: 30) { $0.complete.count == fleet.clientCount && $0.seen[value]?.processes == fleet.processCount }
		let report = fleet.current
		var backAt: [Int: UInt64] = [:]
		for (index, at) in report.up where at >= startedAt { backAt[index] = max(backAt[index] ?? 0, at) }
		let seen = report.seen[value].flatMap { seen in acknowledgedAt.map { max(0, Double(seen.last) - Double($0)) } }
		return Restart(lost: lost, startedAt: startedAt, answeredAt: answeredAt, changeAcknowledgedAt: acknowledgedAt, backAt: backAt,
			changeSeen: seen, reconnected: reconnected, counters: probe.counters(), etcdCPU: EtcdProbe.cpuNanoseconds(pid: pid) ?? .nan)
	}

	/// Puts `value` at `key` and waits for etcd's answer; whether it took it.
	private static func put(_ client: EtcdClient, _ key: String, _ value: Int) -> Bool {
		runBlocking { (try? await client.put(key, value: Data("\(value)".utf8))) != nil }
	}

	/// One row saying why the fleet rows were not measured.
	private static func failed(_ reason: String, size: Size) -> Row {
		var row = Row(name: "11. Fleet of \(grouped(size.clients))", unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "")
		row.note = "skipped: \(reason)"
		return row
	}
}
