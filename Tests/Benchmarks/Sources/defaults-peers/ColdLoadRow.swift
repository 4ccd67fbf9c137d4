import Foundation

/// Opening a store of 10,000 keys in a fresh process and reading one of them.
enum ColdLoadRow {
	/// The number of keys in the large store.
	static let keyCount = 10_000

	/// For each peer: makes the large store once, then times `effort.coldProcesses` fresh processes
	/// (after one to warm the file cache), each timed from before it opens the store to after the read.
	static func measure(_ effort: Effort, in directory: URL) async -> Row {
		var row = Row("Cold load of \(keyCount.formatted()) keys, read one (fresh process)")
		for kind in PeerKind.allCases {
			InProcessRows.progress("\(kind.title): cold loads")
			await row.record(kind) {
				let location = try await kind.peer.makeLargeStore(in: directory, keyCount: keyCount)
				_ = try ChildProcess.run(["cold", kind.rawValue, location])
				let samples = try (0..<effort.coldProcesses).map { _ in
					Double(try ChildProcess.run(["cold", kind.rawValue, location]))
				}
				return median(samples)
			}
		}
		row.notes.append("Cold load: timed inside the child process, from before it opens the store to after it has read key9999 (process start-up excluded); the Codable peer decodes a [String: Int], since no one writes a struct of 10,000 fields; SQLite reads one row through its index.")
		return row
	}
}
