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

		// Idle: what 500 open watches cost etcd when nothing changes.
		let idleStart = EtcdProbe.cpuNanoseconds(pid: pid) ?? .nan, clientsIdleStart = fleet.cpuNanoseconds
		Thread.sleep(forTimeInterval: 3)
		let idlePerSecond = ((EtcdProbe.cpuNanoseconds(pid: pid) ?? .nan) - idleStart) / 3
		let clientsIdlePerSecond = (fleet.cpuNanoseconds - clientsIdleStart) / 3
		let watchers = probe.counters()?.watchers ?? .nan

		// Changes, one at a time: put acknowledged → the last client saw it.
		var latencies: [Double] = [], firsts: [Double] = [], lasts: [Double] = [], puts: [Double] = []
		let changesStart = EtcdProbe.cpuNanoseconds(pid: pid) ?? .nan, clientsChangesStart = fleet.cpuNanoseconds
		for value in 1...max(1, size.changes) {
			let sent = fleetNow()
			guard put(client, key, value) else { continue }
			let acknowledged = fleetNow()
			guard fleet.wait(timeout: 10, until: { $0.seen[value]?.processes == size.processes }),
			      let seen = fleet.current.seen[value] else { continue }
			latencies.append(max(0, Double(seen.last) - Double(acknowledged)))
			// From the put's start too: a watcher may hear of it before the put's answer arrives.
			firsts.append(Double(seen.first) - Double(sent))
			lasts.append(Double(seen.last) - Double(sent))
			puts.append(Double(acknowledged - sent))
			usleep(20_000)
		}
		let cpuPerChange = ((EtcdProbe.cpuNanoseconds(pid: pid) ?? .nan) - changesStart) / Double(max(1, size.changes))
		let clientsCPUPerChange = (fleet.cpuNanoseconds - clientsChangesStart) / Double(max(1, size.changes))
		let memoryWithFleet = EtcdProbe.memory(pid: pid, "VmRSS")
		let peakMemory = EtcdProbe.memory(pid: pid, "VmHWM")

		// Restart: SIGTERM, 2 s down, the same ports and data again; a change at once.
		etcd.stop()
		_ = fleet.wait(timeout: 5) { $0.complete.isEmpty }
		let lost = total - fleet.current.complete.count
		Thread.sleep(forTimeInterval: 2)
		let restartedAt = fleetNow()
		guard etcd.start(), let restartedPid = etcd.processIdentifier else {
			return [failed("etcd did not start again", size: size)]
		}
		let answeredAt = fleetNow()
		let afterRestart = size.changes + 1
		let putAfterRestart = put(client, key, afterRestart)
		let acknowledgedAfterRestart = fleetNow()
		let reconnected = fleet.wait(timeout: 30) { $0.complete.count == total && $0.seen[afterRestart]?.processes == size.processes }
		let report = fleet.current
		var backAt: [Int: UInt64] = [:]
		for (client, at) in report.up where at >= restartedAt { backAt[client] = max(backAt[client] ?? 0, at) }
		let restartCounters = probe.counters()
		let restartCPU = EtcdProbe.cpuNanoseconds(pid: restartedPid) ?? .nan
		let seenAfterRestart = report.seen[afterRestart].map { max(0, Double($0.last) - Double(acknowledgedAfterRestart)) }
		fleet.stop()
		let processes = fleet.current

		let name = "11. Fleet of \(grouped(total))"
		var start = Row(name: "\(name): start, full pull, watching", unit: "ns", ours: startup, userDefaults: nil, floor: nil, target: "")
		start.note = "\(total) of \(total) watching; \(format(startReads, unit: "full reads")) by etcd"
		var p50 = Row(name: "\(name): change seen by the last, p50", unit: "ns", ours: percentile(latencies, 0.5), userDefaults: nil, floor: nil, target: "")
		p50.note = "from the put's start: first client \(format(percentile(firsts, 0.5), unit: "ns")), last \(format(percentile(lasts, 0.5), unit: "ns")); the put itself \(format(percentile(puts, 0.5), unit: "ns"))"
		var p99 = Row(name: "\(name): change seen by the last, p99", unit: "ns", ours: percentile(latencies, 0.99), userDefaults: nil, floor: nil, target: "")
		p99.note = "\(latencies.count) of \(size.changes) changes seen by all"
		var cpu = Row(name: "\(name): etcd CPU per change", unit: "ns", ours: cpuPerChange, userDefaults: nil, floor: nil, target: "")
		cpu.note = "the clients \(format(clientsCPUPerChange, unit: "ns")); idle with \(format(watchers, unit: "watchers")): etcd \(format(idlePerSecond, unit: "ns")), the clients \(format(clientsIdlePerSecond, unit: "ns")) per second"
		var memory = Row(name: "\(name): etcd peak memory", unit: "MiB", ours: peakMemory, userDefaults: nil, floor: nil, target: "")
		memory.note = "alone \(format(memoryAlone, unit: "MiB")), with the fleet \(format(memoryWithFleet, unit: "MiB"))"
		let firstBack = backAt.values.min().map { Double($0) - Double(restartedAt) }
		let lastBack = backAt.values.max().map { Double($0) - Double(restartedAt) }
		var back = Row(name: "\(name): all watching again after etcd restart", unit: "ns", ours: backAt.count == total ? lastBack : nil, userDefaults: nil, floor: nil, target: "")
		back.note = "from etcd's start: \(lost) lost the watch, \(backAt.count) back, the first after \(format(firstBack, unit: "ns")); \(processes.problems) problems reported"
		var change = Row(name: "\(name): change at restart seen by the last", unit: "ns", ours: seenAfterRestart, userDefaults: nil, floor: nil, target: "")
		change.note = putAfterRestart ? "put as soon as etcd answered (\(format(Double(answeredAt - restartedAt), unit: "ns")) after its start)" : "the put failed"
		var reads = Row(name: "\(name): full reads on reconnect", unit: "reads", ours: restartCounters?.ranges, userDefaults: nil, floor: nil, target: "0: resumes from its revision")
		reads.note = "\(format(restartCounters?.watchStreams, unit: "watch requests")); etcd CPU \(format(restartCPU, unit: "ns")) from its start"
		reads.meetsTarget = reconnected && restartCounters?.ranges == 0
		var clients = Row(name: "\(name): memory of a process of \(grouped(size.clientsEach)) clients", unit: "MiB", ours: median(processes.peakMemory), userDefaults: nil, floor: nil, target: "")
		clients.note = "\(processes.threads.max() ?? 0) threads (peak memory, median of \(processes.peakMemory.count))"
		return [start, p50, p99, cpu, memory, back, change, reads, clients]
	}

	/// Puts `value` at `key` and waits for etcd's answer; whether it took it.
	private static func put(_ client: EtcdClient, _ key: String, _ value: Int) -> Bool {
		EtcdBenchmarks.waitFor { (try? await client.put(key, value: Data("\(value)".utf8))) != nil }
	}

	/// One row saying why the fleet rows were not measured.
	private static func failed(_ reason: String, size: Size) -> Row {
		var row = Row(name: "11. Fleet of \(grouped(size.clients))", unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "")
		row.note = "skipped: \(reason)"
		return row
	}
}
