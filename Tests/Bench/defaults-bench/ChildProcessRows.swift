import ChildProcess
import Defaults
import DefaultsTUI
import Foundation

/// Rows that need a fresh process: cold loads, cross-process latency, peak memory.
/// `defaults-bench` runs itself in a hidden mode (`--child MODE ...`) for the other side.
enum ChildProcessBenchmarks {
	/// Runs `defaults-bench --child ...` and returns the number it prints (its complaints go
	/// to the benchmark's own standard error).
	static func runChild(_ arguments: [String]) -> Double? {
		guard let (_, output) = try? ChildProcess.run(BenchmarkEnvironment.executablePath, ["--child"] + arguments, errors: STDERR_FILENO) else { return nil }
		return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
	}

	static func coldLoad(directory: URL) -> (row: Row, suiteName: String) {
		let file = directory.appendingPathComponent("cold/settings.json")
		let store = FileStore(url: file)
		let suiteName = "defaults-bench-cold-\(getpid())"
		let suite = UserDefaults(suiteName: suiteName) ?? .standard
		for index in 0..<10_000 {
			store.setStoredValue(.integer(Int64(index)), forKey: "filler\(index)")
			suite.set(index, forKey: "filler\(index)")
		}
		try? store.flush()
		suite.synchronize()
		let ours = median((0..<5).compactMap { _ in runChild(["cold-load-file", file.path]) })
		let theirs = median((0..<5).compactMap { _ in runChild(["cold-load-plist", suiteName]) })
		var row = Row(name: "6. Cold load of 10,000 keys, fresh process", unit: "ns", ours: ours, userDefaults: theirs, floor: nil,
			target: "< 10 ms, faster than UserDefaults")
		row.meetsTarget = ours < 10_000_000 && ours < theirs
		return (row, suiteName)
	}

	/// How long a change takes to reach another process's observer: with `flush()` in the writer,
	/// or (`flushes` false) as programs usually write, one change every 25 ms and no flush.
	static func crossProcessLatency(directory: URL, changes: Int, flushes: Bool = true) -> (Row, Row) {
		let file = directory.appendingPathComponent(flushes ? "latency/settings.json" : "latency-no-flush/settings.json")
		let store = FileStore(url: file)
		store.setStoredValue(0, forKey: "latency")
		try? store.flush()
		let latencies = LatencyLog()
		let observation = Defaults.observe(keysNamed: ["latency"], in: store) { _ in
			let now = DispatchTime.now().uptimeNanoseconds
			if let sent = store.storedValue(forKey: "latency")?.integerValue(as: UInt64.self), sent > 0, now >= sent {
				latencies.append(Double(now - sent))
			}
		}
		_ = runChild([flushes ? "writer" : "writer-no-flush", file.path, "\(changes)"])
		Thread.sleep(forTimeInterval: 0.2)
		observation.invalidate()
		let samples = latencies.all
		let note = "not supported (\(samples.count) of \(changes) seen)"
		let name = flushes ? "7. Cross-process change seen, flush()" : "7. Cross-process change seen, no flush()"
		var p50 = Row(name: "\(name), p50", unit: "ns", ours: percentile(samples, 0.5), userDefaults: nil, floor: nil, target: flushes ? "" : "< 2 ms")
		p50.note = "not supported"
		if !flushes { p50.meetsTarget = percentile(samples, 0.5) < 2_000_000 }
		var p99 = Row(name: "\(name), p99", unit: "ns", ours: percentile(samples, 0.99), userDefaults: nil, floor: nil, target: flushes ? "< 50 ms" : "< 10 ms")
		p99.note = note
		p99.meetsTarget = percentile(samples, 0.99) < (flushes ? 50_000_000 : 10_000_000) && samples.count >= changes * 9 / 10
		return (p50, p99)
	}

	static func peakMemory(directory: URL) -> (Row, Row) {
		let file = directory.appendingPathComponent("cold/settings.json")
		// Each in three fresh processes, the median (peak memory moves a little with the allocator's timing).
		let keys = median((0..<3).compactMap { _ in runChild(["rss-keys", file.path]) }) / 1024
		let editor = median((0..<3).compactMap { _ in runChild(["rss-editor"]) }) / 1024
		return (
			Row(name: "9. Peak memory, 10,000 keys", unit: "MiB", ours: keys, userDefaults: nil, floor: nil, target: ""),
			Row(name: "9. Peak memory, editor on 1,000 settings", unit: "MiB", ours: editor, userDefaults: nil, floor: nil, target: "")
		)
	}

	/// The child side. Prints one number and exits.
	static func child(_ arguments: [String]) -> Never {
		ScaleBenchmarks.allowLargeFiles()
		let mode = arguments.first ?? ""
		switch mode {
		case "cold-load-file" where arguments.count == 2:
			let start = DispatchTime.now().uptimeNanoseconds
			let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
			let count = store.storedValues().count
			let elapsed = DispatchTime.now().uptimeNanoseconds - start
			// A load that found nothing would be fast and wrong: refuse to report it.
			guard count == 10_000 else { failChild("the file store loaded \(count) keys, not 10000") }
			print(elapsed)
		case "cold-read-file" where arguments.count == 2:
			let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
			let last = Defaults[Defaults.Key<Int>("filler9999", default: 0, suite: store)]
			guard last == 9999 else { failChild("the file store read filler9999 = \(last), not 9999") }
			print(0)
		case "cold-load-count" where arguments.count == 3:
			let start = DispatchTime.now().uptimeNanoseconds
			let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
			let count = store.storedValues().count
			let elapsed = DispatchTime.now().uptimeNanoseconds - start
			guard count == Int(arguments[2]) else { failChild("the file store loaded \(count) keys, not \(arguments[2])") }
			print(elapsed)
		case "rss-load" where arguments.count == 2:
			let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
			consume(Defaults[Defaults.Key<Int>("filler0", default: 0, suite: store)])
			print(peakResidentKilobytes())
		case "save-profile" where arguments.count == 3 || arguments.count == 4:
			// For profilers: fill a store with N keys, then save after one change S times (10 unless
			// given). Two runs with different S tell the cost of one save apart from the filling:
			//   valgrind --tool=callgrind defaults-bench --child save-profile FILE 100000 [S]
			let url = URL(fileURLWithPath: arguments[1])
			do {
				let filler = FileStore(url: url)
				for index in 0..<(Int(arguments[2]) ?? 0) { filler.setStoredValue(.integer(Int64(index)), forKey: "filler\(index)") }
				try? filler.flush()
			}
			let store = FileStore(url: url)
			for value in 0..<(arguments.count == 4 ? Int(arguments[3]) ?? 10 : 10) {
				store.setStoredValue(.integer(Int64(value)), forKey: "filler0")
				try? store.flush()
			}
			print(0)
		case "nothing":
			print(0)
		case "fleet-clients" where arguments.count == 4:
			FleetClients.run(endpoint: arguments[1], directory: URL(fileURLWithPath: arguments[2]), count: Int(arguments[3]) ?? 100)
		case "etcd-writer", "etcd-startup":
			guard let result = EtcdBenchmarks.child(arguments) else { failChild("the etcd child \(mode) failed") }
			print(result)
		case "cold-load-plist" where arguments.count == 2:
			let start = DispatchTime.now().uptimeNanoseconds
			let suite = UserDefaults(suiteName: arguments[1])
			let last = suite?.integer(forKey: "filler9999") ?? 0
			let elapsed = DispatchTime.now().uptimeNanoseconds - start
			guard last == 9999 else { failChild("UserDefaults did not find the suite's values (filler9999 = \(last))") }
			print(elapsed)
		case "writer" where arguments.count == 3:
			let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
			for _ in 0..<(Int(arguments[2]) ?? 0) {
				store.setStoredValue(.unsignedInteger(DispatchTime.now().uptimeNanoseconds), forKey: "latency")
				try? store.flush()
				usleep(10_000)
			}
			print(0)
		case "writer-no-flush" where arguments.count == 3:
			let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
			for _ in 0..<(Int(arguments[2]) ?? 0) {
				store.setStoredValue(.unsignedInteger(DispatchTime.now().uptimeNanoseconds), forKey: "latency")
				usleep(25_000)
			}
			print(0)
		case "rss-keys" where arguments.count == 2:
			let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
			for index in 0..<10_000 { consume(Defaults[Defaults.Key<Int>("filler\(index)", default: 0, suite: store)]) }
			print(peakResidentKilobytes())
		case "idle-editor" where arguments.count == 2:
			IdleEditorBenchmark.runEditor(storePath: arguments[1])
		case "rss-editor":
			let settings = (0..<1000).map { Setting(key: "s\($0)", title: "Setting \($0)", kind: .string, defaultValue: .string("value \($0)")) }
			let model = EditorModel(schema: SettingsSchema(title: "Memory", sections: [.init(title: "All", settings: settings)]), store: InMemoryStore())
			model.handle(.resize(width: 120, height: 40))
			consume(model.render().lines.count)
			print(peakResidentKilobytes())
		default:
			failChild("unknown child mode \(arguments)")
		}
		exit(0)
	}

	private static func failChild(_ message: String) -> Never {
		BenchmarkEnvironment.fail(message, inChild: true, status: 2)
	}

	/// VmHWM from /proc/self/status, in KiB.
	static func peakResidentKilobytes() -> Int {
		guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
		let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
		return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
	}
}

private final class LatencyLog: @unchecked Sendable {
	private let lock = NSLock()
	private var samples: [Double] = []
	func append(_ sample: Double) { lock.withLock { samples.append(sample) } }
	var all: [Double] { lock.withLock { samples } }
}
