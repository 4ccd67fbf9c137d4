import Defaults
import Foundation

/// Writes from several threads to a key whose observer writes another key (section 3): what a
/// write costs when its handlers run in turn with other threads', and the slowest write, which
/// must stay bounded (a setter never delivers other threads' changes).
enum ObserverBenchmarks {
	/// The time of each write made by `threads` threads, `writes` each, to `a`, with `observed`
	/// deciding whether an observer of `a` sets `b` and an observer of `b` counts.
	private static func writeTimes(store: FileStore, threads: Int, writes: Int, observed: Bool) -> (times: [Double], delivered: Int) {
		let a = Defaults.Key<Int>("a", default: 0, suite: store)
		let b = Defaults.Key<Int>("b", default: 0, suite: store)
		let delivered = Locked(0)
		var observations: [Defaults.Observation] = []
		if observed {
			observations.append(Defaults.observe(a, options: []) { change in Defaults[b] = change.newValue })
			observations.append(Defaults.observe(b, options: []) { _ in delivered.withLock { $0 += 1 } })
		}
		let times = Locked<[Double]>([])
		let group = DispatchGroup()
		for index in 0..<threads {
			group.enter()
			Thread {
				var own: [Double] = []
				own.reserveCapacity(writes)
				for write in 1...writes {
					let start = DispatchTime.now().uptimeNanoseconds
					Defaults[a] = index * 1_000_000 + write
					own.append(Double(DispatchTime.now().uptimeNanoseconds - start))
				}
				times.withLock { $0 += own }
				group.leave()
			}.start()
		}
		group.wait()
		try? store.flush()
		observations.forEach { $0.invalidate() }
		return (times.value, delivered.value)
	}

	/// The median write and the slowest write, with observers, against the same writes unobserved.
	static func writesFromThreads(directory: URL, threads: Int = 4, writes: Int) -> (Row, Row) {
		let (observed, delivered) = writeTimes(store: FileStore(url: directory.appendingPathComponent("observed/settings.json")),
			threads: threads, writes: writes, observed: true)
		let unobserved = writeTimes(store: FileStore(url: directory.appendingPathComponent("unobserved/settings.json")),
			threads: threads, writes: writes, observed: false).times
		let typical = Row(name: "3. Write an Int, \(threads) threads, observer writing back (median)", unit: "ns",
			ours: median(observed), userDefaults: nil, floor: median(unobserved), target: "")
		let slowest = observed.max() ?? .nan
		var worst = Row(name: "3. Slowest of those writes", unit: "ns", ours: slowest, userDefaults: nil,
			floor: unobserved.max(), target: "< 50 ms")
		worst.meetsTarget = slowest < 50_000_000 && delivered == threads * writes
		if delivered != threads * writes { worst.note = "\(delivered) of \(threads * writes) delivered" }
		return (typical, worst)
	}
}
