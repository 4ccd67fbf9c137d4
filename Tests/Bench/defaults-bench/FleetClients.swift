import Defaults
import DefaultsEtcd
import Foundation
import Synchronization

/**
The child side of the fleet rows (`defaults-bench --child fleet-clients ENDPOINT DIRECTORY COUNT`):
`COUNT` synced clients in one process, each a `Defaults.EtcdSync` with a store, a journal and
an observer of its own, all on one prefix. It reports on standard output, one line each:

- `up CLIENT TIME` / `down CLIENT TIME`: a client is synced and watching, or no longer is
  (checked every 5 ms);
- `seen VALUE FIRST LAST`: every client of this process has the value; when the first and
  the last of them saw it;
- `end PEAK_KIB THREADS PROBLEMS`: the process's peak memory and thread count, and how many
  problems its engines reported (counted here rather than printed: each client reports an
  outage of etcd).

Times are ``fleetNow()``, a clock every process on the machine shares. The process ends when
its standard input does (the parent closes it, or ends).
*/
enum FleetClients {
	static let prefix = "/bench/fleet/"
	static let keyName = "fleet"

	private static let problems = Atomic<Int>(0)

	static func run(endpoint: String, directory: URL, count: Int) -> Never {
		raiseFileLimit()
		Defaults.problemHandler = { _ in problems.add(1, ordering: .relaxed) }
		let output = FleetOutput()
		let seen = Mutex<[Int: (count: Int, first: UInt64, last: UInt64)]>([:])
		var syncs: [Defaults.EtcdSync] = []
		var observations: [Defaults.Observation] = []
		for index in 0..<count {
			let store = InMemoryStore()
			let key = Defaults.Key<Int>(keyName, default: 0, suite: store)
			let journal = directory.appendingPathComponent("client-\(index).json")
			guard let sync = try? Defaults.EtcdSync(store: store, endpoints: [endpoint], prefix: prefix, journal: journal) else {
				BenchmarkEnvironment.fail("the fleet's client \(index) could not be made", inChild: true, status: 2)
			}
			sync.add(key)
			syncs.append(sync)
			observations.append(Defaults.observe(key, options: []) { change in
				let now = fleetNow()
				let value = change.newValue
				let line = seen.withLock { seen -> String? in
					var entry = seen[value] ?? (0, now, now)
					entry.count += 1
					entry.last = max(entry.last, now)
					seen[value] = entry
					return entry.count == count ? "seen \(value) \(entry.first) \(entry.last)" : nil
				}
				if let line { output.write(line) }
			})
		}
		let engines = syncs
		let watcher = Thread {
			var complete = [Bool](repeating: false, count: count)
			while !output.isClosed {
				for (index, sync) in engines.enumerated() where sync.isComplete != complete[index] {
					complete[index].toggle()
					output.write("\(complete[index] ? "up" : "down") \(index) \(fleetNow())")
				}
				usleep(5_000)
			}
		}
		watcher.start()
		_ = FileHandle.standardInput.readDataToEndOfFile()
		output.close()
		observations.forEach { $0.invalidate() }
		syncs.forEach { $0.stop() }
		output.write("end \(ChildProcessBenchmarks.peakResidentKilobytes()) \(threadCount()) \(problems.load(ordering: .relaxed))", evenIfClosed: true)
		exit(0)
	}

	/// The number of threads of this process, from /proc/self/status.
	private static func threadCount() -> Int {
		guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
		let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
		return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
	}
}

/// Standard output, one whole line at a time from any thread, until closed.
private final class FleetOutput: Sendable {
	private let closed = Mutex(false)

	var isClosed: Bool { closed.withLock { $0 } }

	func write(_ line: String, evenIfClosed: Bool = false) {
		closed.withLock { closed in
			guard !closed || evenIfClosed else { return }
			FileHandle.standardOutput.write(Data((line + "\n").utf8))
		}
	}

	func close() {
		closed.withLock { $0 = true }
	}
}

/// Nanoseconds on CLOCK_MONOTONIC: one clock for every process on the machine, so a child's
/// time and the parent's can be subtracted.
func fleetNow() -> UInt64 {
	var time = timespec()
	clock_gettime(CLOCK_MONOTONIC, &time)
	return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Raises this process's open-file limit to its hard limit: 500 watches are 500 connections
/// (and as many for the other requests), in etcd and across the children.
func raiseFileLimit() {
	var limit = rlimit()
	guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
	limit.rlim_cur = limit.rlim_max
	_ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
