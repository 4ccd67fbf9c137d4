import Defaults
import Foundation

/// How the main costs grow with the store: read, write, save after one change, cold load and peak
/// memory at 10, 1,000, 100,000 and 1,000,000 keys. A cost that grows faster than the number of
/// keys (more than 1.5 times the growth in keys, from one size to the next) is flagged. The read
/// and the write of one key stand for an app's, so `defaults-counts` times them (scenarios
/// `read-int-scale-N` and `write-int-scale-N`, the key made in the separate package
/// Tests/Benchmarks); without it those two lines are empty and say which command builds it.
enum ScaleBenchmarks {
	static let sizes = [10, 1_000, 100_000, 1_000_000]

	/// A million keys make a file of about 27 MB, over the file store's default limit of 16 MiB.
	static func allowLargeFiles() {
		FileStore.maximumFileSize = 256 * 1024 * 1024
	}

	static func rows(directory: URL, counts: String?, quick: Bool) -> [Row] {
		allowLargeFiles()
		let scenarios = sizes.flatMap { ["read-int-scale-\($0)", "write-int-scale-\($0)"] }
		let timings = CountsProgram.locate(counts).flatMap { $0.time(scenarios, rounds: 1) }
		var countsNote = ""
		if case .failure(let error) = timings {
			BenchmarkEnvironment.warn(error.message)
			countsNote = error.note
		}
		var results: [(name: String, unit: String, values: [Double?])] = [
			("read one key", "ns", []), ("write one key", "ns", []), ("save after one change", "ns", []),
			("cold load, fresh process", "ns", []), ("peak memory of that process", "MiB", []),
		]
		for count in sizes {
			let file = LoadAndSaveBenchmarks.makeFile(directory, name: "scale-\(count)", count: count)
			let store = FileStore(url: file)
			results[0].values.append(try? timings.get()["read-int-scale-\(count)"]?.nanoseconds)
			results[1].values.append(try? timings.get()["write-int-scale-\(count)"]?.nanoseconds)
			var next = 0
			results[2].values.append(nanosecondsPerRun(repetitions: count >= 1_000_000 ? 3 : 7) {
				next += 1
				store.setStoredValue(.integer(Int64(next)), forKey: "filler0")
				try? store.flush()
			})
			results[3].values.append(median((0..<3).compactMap { _ in ChildProcessBenchmarks.runChild(["cold-load-count", file.path, "\(count)"]) }))
			results[4].values.append(ChildProcessBenchmarks.runChild(["rss-load", file.path]).map { $0 / 1024 })
		}
		return results.map { result in
			var row = Row(name: result.name, unit: result.unit, ours: result.values.last ?? nil, userDefaults: nil, floor: nil,
				target: "at most linear in keys")
			let superlinear = superlinearSteps(result.values)
			row.meetsTarget = superlinear.isEmpty
			row.note = superlinear.joined(separator: ", ")
			if result.values.allSatisfy({ $0 == nil }), !countsNote.isEmpty { row.note = countsNote }
			row.scaleValues = result.values
			return row
		}
	}

	/// The steps (`"1,000→100,000"`) where a cost grew more than 1.5 times as fast as the keys.
	/// Costs under a microsecond or a MiB are taken as flat (noise, or a fixed cost).
	static func superlinearSteps(_ values: [Double?]) -> [String] {
		var steps: [String] = []
		for index in 1..<sizes.count {
			guard let before = values[index - 1], let after = values[index], before > 0 else { continue }
			let keys = Double(sizes[index]) / Double(sizes[index - 1])
			if after > 1_000, after / before > keys * 1.5 {
				steps.append("\(grouped(sizes[index - 1]))→\(grouped(sizes[index]))")
			}
		}
		return steps
	}
}
