import Foundation

/// Times `body` (run `iterations` times) over several repetitions after a warm-up,
/// and returns the median nanoseconds per iteration. Medians in one run hold even
/// on a shared machine, where absolute times drift.
func nanosecondsPerOperation(iterations: Int, repetitions: Int = 7, _ body: () -> Void) -> Double {
	for _ in 0..<max(1, iterations / 10) { body() }
	var samples: [Double] = []
	for _ in 0..<repetitions {
		let start = DispatchTime.now().uptimeNanoseconds
		for _ in 0..<iterations { body() }
		samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
	}
	return median(samples)
}

/// Times one run of `body` several times after one run to warm up; the median in nanoseconds.
func nanosecondsPerRun(repetitions: Int = 5, _ body: () -> Void) -> Double {
	body()
	var samples: [Double] = []
	for _ in 0..<repetitions {
		let start = DispatchTime.now().uptimeNanoseconds
		body()
		samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
	}
	return median(samples)
}

func median(_ samples: [Double]) -> Double {
	let sorted = samples.sorted()
	guard !sorted.isEmpty else { return .nan }
	return sorted[sorted.count / 2]
}

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
	let sorted = samples.sorted()
	guard !sorted.isEmpty else { return .nan }
	return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

/// Keeps the optimizer from removing measured work.
nonisolated(unsafe) var blackHole = 0

@inline(never)
func consume(_ value: Int) {
	blackHole &+= value
}
