import Defaults
import DefaultsEtcd
import Foundation
import Synchronization

/// Rows about settings shared through etcd (section 10), against a local single-member etcd
/// that the benchmark starts on loopback ports and stops by process id.
enum EtcdBenchmarks {
	static func rows(directory: URL, changes: Int, counts: String?) -> [Row] {
		let names = ["10. Change seen on another machine, p50", "10. Change seen on another machine, p99",
			"10. Read a synced key (Floor: an unsynced one)", "10. Start with 1,000 synced keys, first full pull"]
		// DEFAULTS_BENCH_ETCD_TMPFS=1 keeps etcd's data in memory (/dev/shm), where its fsyncs
		// cost nothing: what is left is this package's own part of the time.
		let onTmpfs = ProcessInfo.processInfo.environment["DEFAULTS_BENCH_ETCD_TMPFS"] != nil
		let etcdData = onTmpfs ? URL(fileURLWithPath: "/dev/shm/defaults-bench-etcd-\(getpid())") : directory.appendingPathComponent("etcd", isDirectory: true)
		defer { if onTmpfs { try? FileManager.default.removeItem(at: etcdData) } }
		guard let etcd = LocalEtcd(directory: etcdData) else {
			return names.map { name in
				var row = Row(name: name, unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "")
				row.note = "etcd not installed or did not start (apt-get install etcd-server)"
				return row
			}
		}
		defer { etcd.stop() }
		let (p50, p99) = crossMachineLatency(etcd: etcd, directory: directory, changes: changes)
		return [p50, p99, syncedRead(etcd: etcd, counts: counts), startup(etcd: etcd, directory: directory)]
	}

	/// A writer process and this one, each with a store and a sync engine of its own: for each
	/// write, how long until this process's observer sees it or a later value (writes that come
	/// faster than etcd takes them are pushed together, as the latest value).
	private static func crossMachineLatency(etcd: LocalEtcd, directory: URL, changes: Int) -> (Row, Row) {
		let store = FileStore(url: directory.appendingPathComponent("etcd-reader/settings.json"))
		let key = Defaults.Key<Int>("latency", default: 0, suite: store)
		let seen = Mutex<[(value: UInt64, at: UInt64)]>([])
		var samples: [Double] = []
		if let sync = try? Defaults.EtcdSync(store: store, endpoints: [etcd.endpoint], prefix: "/bench/latency/",
			journal: directory.appendingPathComponent("etcd-reader/journal.json")) {
			sync.add(key)
			_ = runBlocking { await sync.waitForSyncCompletion(timeout: .seconds(10)) }
			let observation = Defaults.observe(key, options: []) { change in
				let now = DispatchTime.now().uptimeNanoseconds
				seen.withLock { $0.append((UInt64(max(0, change.newValue)), now)) }
			}
			_ = ChildProcessBenchmarks.runChild(["etcd-writer", etcd.endpoint, directory.path, "\(changes)"])
			Thread.sleep(forTimeInterval: 0.5)
			observation.invalidate()
			sync.stop()
			let sentFile = directory.appendingPathComponent("etcd-writer/sent.txt")
			let sent = ((try? String(contentsOf: sentFile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { UInt64($0) }
			let observed = seen.withLock { $0 }
			samples = sent.compactMap { time in
				observed.first { $0.value >= time && $0.at >= time }.map { Double($0.at - time) }
			}
		}
		var p50 = Row(name: "10. Change seen on another machine, p50", unit: "ns", ours: percentile(samples, 0.5), userDefaults: nil, floor: nil, target: "")
		p50.note = "not supported"
		var p99 = Row(name: "10. Change seen on another machine, p99", unit: "ns", ours: percentile(samples, 0.99), userDefaults: nil, floor: nil, target: "< 100 ms")
		p99.note = "not supported (\(samples.count) of \(changes) seen)"
		p99.meetsTarget = percentile(samples, 0.99) < 100_000_000 && samples.count == changes
		return (p50, p99)
	}

	/// A synced key is read from the local store like any other: the same cost. Timed by
	/// `defaults-counts` (`read-int-synced:<endpoint>`, beside `read-int-unsynced:<endpoint>`),
	/// whose keys are made in the separate package Tests/Benchmarks, as an app's are.
	private static func syncedRead(etcd: LocalEtcd, counts: String?) -> Row {
		let synced = "read-int-synced:\(etcd.endpoint)"
		let plain = "read-int-unsynced:\(etcd.endpoint)"
		var row = Row(name: "10. Read a synced key (Floor: an unsynced one)", unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "≤ 1.2× Floor")
		switch CountsProgram.locate(counts).flatMap({ $0.time([synced, plain], rounds: 3) }) {
		case .success(let timings):
			row.ours = timings[synced]?.nanoseconds
			row.floor = timings[plain]?.nanoseconds
			row.meetsTarget = (row.ours ?? .infinity) <= (row.floor ?? 0) * 1.2
		case .failure(let error):
			BenchmarkEnvironment.warn(error.message)
			row.note = error.note
			row.meetsTarget = error.isFailure ? false : nil
		}
		return row
	}

	/// A fresh process with 1,000 synced keys whose values are in etcd: from its start until the
	/// engine's first full pull has brought every value into its store.
	private static func startup(etcd: LocalEtcd, directory: URL) -> Row {
		for index in 0..<1000 {
			etcd.put("/bench/startup/key\(index)", "7")
		}
		let times = (0..<3).compactMap { run in
			ChildProcessBenchmarks.runChild(["etcd-startup", etcd.endpoint, directory.appendingPathComponent("etcd-startup-\(run)").path])
		}
		var row = Row(name: "10. Start with 1,000 synced keys, first full pull", unit: "ns", ours: times.isEmpty ? nil : median(times), userDefaults: nil, floor: nil, target: "< 200 ms")
		row.meetsTarget = !times.isEmpty && median(times) < 200_000_000
		return row
	}

	/// The child side of the etcd rows; prints one number.
	static func child(_ arguments: [String]) -> Double? {
		switch arguments.first {
		case "etcd-writer" where arguments.count == 4:
			let directory = URL(fileURLWithPath: arguments[2])
			let store = FileStore(url: directory.appendingPathComponent("etcd-writer/settings.json"))
			let key = Defaults.Key<Int>("latency", default: 0, suite: store)
			guard let sync = try? Defaults.EtcdSync(store: store, endpoints: [arguments[1]], prefix: "/bench/latency/",
				journal: directory.appendingPathComponent("etcd-writer/journal.json")) else { return nil }
			sync.add(key)
			_ = runBlocking { await sync.waitForSyncCompletion(timeout: .seconds(10)) }
			var sent: [String] = []
			for _ in 0..<(Int(arguments[3]) ?? 0) {
				let now = DispatchTime.now().uptimeNanoseconds
				Defaults[key] = Int(now)
				sent.append("\(now)")
				usleep(20_000)
			}
			_ = runBlocking { await sync.waitForSyncCompletion(timeout: .seconds(10)) }
			sync.stop()
			try? sent.joined(separator: "\n").write(to: directory.appendingPathComponent("etcd-writer/sent.txt"), atomically: true, encoding: .utf8)
			return 0
		case "etcd-startup" where arguments.count == 3:
			let start = DispatchTime.now().uptimeNanoseconds
			let directory = URL(fileURLWithPath: arguments[2])
			let store = FileStore(url: directory.appendingPathComponent("settings.json"))
			let keys = (0..<1000).map { Defaults.Key<Int>("key\($0)", default: 0, suite: store) }
			guard let sync = try? Defaults.EtcdSync(store: store, endpoints: [arguments[1]], prefix: "/bench/startup/",
				journal: directory.appendingPathComponent("journal.json")) else { return nil }
			sync.add(keys)
			guard runBlocking({ await sync.waitForSyncCompletion(timeout: .seconds(10)) }) else { return nil }
			let elapsed = DispatchTime.now().uptimeNanoseconds - start
			sync.stop()
			// A pull that brought nothing would be fast and wrong: refuse to report it.
			return keys.allSatisfy { Defaults[$0] == 7 } ? Double(elapsed) : nil
		default:
			return nil
		}
	}
}
