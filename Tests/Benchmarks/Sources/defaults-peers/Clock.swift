import Foundation

/// Nanoseconds on the system-wide monotonic clock, comparable between processes.
func monotonicNanoseconds() -> Int {
	var now = timespec()
	clock_gettime(CLOCK_MONOTONIC, &now)
	return now.tv_sec * 1_000_000_000 + now.tv_nsec
}

/// How long and how often the rows measure: a full run, or `--quick`.
enum Effort: Sendable {
	case full
	case quick

	/// Timed batches per in-process measurement (the median is reported).
	var batches: Int { self == .full ? 9 : 5 }
	/// About how long one batch of an in-process measurement lasts, in nanoseconds.
	var batchNanoseconds: Int { self == .full ? 100_000_000 : 20_000_000 }
	/// Writes in the burst row.
	var burstWrites: Int { self == .full ? 1000 : 200 }
	/// Bursts timed per peer.
	var bursts: Int { self == .full ? 5 : 3 }
	/// Fresh processes per peer in the cold-load row.
	var coldProcesses: Int { self == .full ? 9 : 3 }
	/// Changes the writer child makes in the cross-process rows.
	var changes: Int { self == .full ? 100 : 20 }
}

/// Times calls of a closure and reduces the samples.
enum Stopwatch {
	/**
	The median nanoseconds per call of `body`. It is first called for about a tenth of a
	batch to warm up and to size the batches, so that fast and slow peers are both timed
	over about `effort.batchNanoseconds` per batch.
	*/
	static func perCall(_ effort: Effort, _ body: () throws -> Void) throws -> Double {
		let warmUpEnd = monotonicNanoseconds() + effort.batchNanoseconds / 10
		var warmUpCalls = 0
		let warmUpStart = monotonicNanoseconds()
		repeat {
			try body()
			warmUpCalls += 1
		} while monotonicNanoseconds() < warmUpEnd
		let estimate = max(1, (monotonicNanoseconds() - warmUpStart) / warmUpCalls)
		let calls = max(1, effort.batchNanoseconds / estimate)
		var samples: [Double] = []
		for _ in 0..<effort.batches {
			let start = monotonicNanoseconds()
			for _ in 0..<calls { try body() }
			samples.append(Double(monotonicNanoseconds() - start) / Double(calls))
		}
		return median(samples)
	}

	/// The median nanoseconds of one whole run of `body`, over `runs` runs after one to warm up.
	static func perRun(_ runs: Int, _ body: () throws -> Void) throws -> Double {
		try body()
		var samples: [Double] = []
		for _ in 0..<runs {
			let start = monotonicNanoseconds()
			try body()
			samples.append(Double(monotonicNanoseconds() - start))
		}
		return median(samples)
	}
}

/// The middle sample (the upper one of two); NaN when there are none.
func median(_ samples: [Double]) -> Double {
	percentile(samples, 0.5)
}

/// The sample at `fraction` of the sorted samples, nearest rank; NaN when there are none.
func percentile(_ samples: [Double], _ fraction: Double) -> Double {
	guard !samples.isEmpty else { return .nan }
	let sorted = samples.sorted()
	let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
	return sorted[min(max(rank, 0), sorted.count - 1)]
}

/// Keeps values that the optimizer would otherwise drop with the work that made them.
enum Sink {
	/// Where kept values go; only `keep` touches it, from one thread.
	nonisolated(unsafe) private static var total = 0

	/// Folds `value` into a global the optimizer cannot see through.
	@inline(never)
	static func keep(_ value: Int) {
		total &+= value
	}
}
