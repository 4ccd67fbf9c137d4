import Defaults
import Foundation

/// How the main costs grow with the store: read, write, save after one change, cold load and peak
/// memory at 10, 1,000, 100,000 and 1,000,000 keys. A cost that grows faster than the number of
/// keys (more than 1.5 times the growth in keys, from one size to the next) is flagged.
enum ScaleBenchmarks {
	static let sizes = [10, 1_000, 100_000, 1_000_000]

	/// A million keys make a file of about 27 MB, over the file store's default limit of 16 MiB.
	static func allowLargeFiles() {
		FileStore.maximumFileSize = 256 * 1024 * 1024
	}

	static func rows(directory: URL, quick: Bool) -> [Row] {
		allowLargeFiles()
		var results: [(name: String, unit: String, values: [Double?])] = [
			("read one key", "ns", []), ("write one key", "ns", []), ("save after one change", "ns", []),
			("cold load, fresh process", "ns", []), ("peak memory of that process", "MiB", []),
		]
		for count in sizes {
			let file = LoadAndSaveBenchmarks.makeFile(directory, name: "scale-\(count)", count: count)
			let store = FileStore(url: file)
			let key = Defaults.Key<Int>("filler0", default: 0, suite: store)
			results[0].values.append(nanosecondsPerOperation(iterations: quick ? 20_000 : 200_000) { consume(Defaults[key]) })
			var next = 0
			results[1].values.append(nanosecondsPerOperation(iterations: quick ? 2_000 : 20_000) {
				next += 1
				store.setStoredValue(.integer(Int64(next)), forKey: "filler1")
			})
			try? store.flush()
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
