import Foundation

/**
The rows that stand for what an app does with its settings: reads (1, 1c, 2, 2c), a write (3),
a write then a read as the store grows (4) and a burst of writes until on disk (5).

They are timed by `defaults-counts` (see ``CountsProgram``), in the separate package
`Tests/Benchmarks`, whose keys are declared in `Defaults.Keys` as an app's are: each row's
figure for the library, for `UserDefaults` beside it and for its floor is one scenario of that
program, all timed in one run of it, taking turns.
*/
enum AppBenchmarks {
	/// One row: its name and target, the scenario of each column, and whether it met its target.
	struct Plan: Sendable {
		var name: String
		var ours: String
		var userDefaults: String?
		var floor: String?
		var target: String
		var unit = "ns"
		/// Whether the row met its target, from the row and every scenario's timing.
		var judge: @Sendable (Row, [String: CountsProgram.Timing]) -> Bool? = { _, _ in nil }
	}

	/// Within 15% of the floor, or 2 ns: the same cached read, measured twice.
	private static func unchanged(_ row: Row) -> Bool {
		guard let ours = row.ours, let floor = row.floor else { return false }
		return ours <= max(floor * 1.15, floor + 2)
	}

	/// The reads and the write (1, 1c, 2, 2c, 3).
	static let reads: [Plan] = [
		Plan(name: "1. Read an Int", ours: "read-int-file", userDefaults: "read-int-userdefaults", floor: "atomic-load",
			target: "< 50 ns, ≥ 15× faster") { row, _ in (row.ours ?? .infinity) < 50 && (row.ratio ?? 0) >= 15 },
		Plan(name: "1. Read an Int, store over a backend of one's own", ours: "read-int-backend", floor: "read-int-file",
			target: "≤ 1.5× the file store's read (Floor)") { row, _ in (row.ours ?? .infinity) <= (row.floor ?? 0) * 1.5 },
		Plan(name: "2. Read a Codable struct (3 fields)", ours: "read-codable-file", userDefaults: "read-codable-userdefaults",
			floor: "copy-codable", target: "< 100 ns") { row, _ in (row.ours ?? .infinity) < 100 },
		Plan(name: "1c. Read an Int, layered (system file and locks present)", ours: "read-int-layered", floor: "read-int-file",
			target: "the file store's (floor)") { row, _ in unchanged(row) },
		Plan(name: "2c. Read a Codable struct from the system file, layered", ours: "read-codable-layered",
			floor: "read-codable-file-loaded", target: "the file store's (floor)") { row, _ in unchanged(row) },
		Plan(name: "3. Write an Int", ours: "write-int-file", userDefaults: "write-int-userdefaults", floor: "atomic-store",
			target: "≥ 20× faster") { row, _ in (row.ratio ?? 0) >= 20 },
	]

	/// Write then read at 10, 1,000 and 10,000 keys (4), and the burst (5).
	static let writes: [Plan] = [10, 1_000, 10_000].map { count in
		Plan(name: "4. Write then read, \(grouped(count)) keys stored", ours: "write-read-file-\(count)",
			userDefaults: "write-read-userdefaults-\(count)", floor: "atomic-store-load", target: "flat from 10 to 10,000 keys") { row, timings in
			// Flat: under twice the time with 10 keys.
			guard count > 10, let ours = row.ours, let small = timings["write-read-file-10"]?.nanoseconds else { return nil }
			return ours < small * 2
		}
	} + [
		Plan(name: "5. Burst of 10,000 writes, on disk", ours: "burst-file", userDefaults: "burst-userdefaults", floor: "durable-replace", target: ""),
	]

	/// Times `plans` with the program `counts` names (or the one built in Tests/Benchmarks):
	/// three rounds, one with `quick`. The burst's file writes follow its time.
	static func rows(_ plans: [Plan], counts: String?, quick: Bool) -> [Row] {
		let names = plans.flatMap { [$0.ours, $0.userDefaults, $0.floor].compactMap { $0 } }
		let unique = names.enumerated().filter { names.firstIndex(of: $0.element) == $0.offset }.map(\.element)
		let timings = CountsProgram.locate(counts).flatMap { program in
			if let staleness = program.staleness { BenchmarkEnvironment.warn(staleness) }
			return program.time(unique, rounds: quick ? 1 : 3)
		}
		switch timings {
		case .failure(let error):
			BenchmarkEnvironment.warn(error.message)
			return plans.flatMap { plan in
				(plan.ours == "burst-file" ? [(plan.name, plan.target), (fileWritesName, fileWritesTarget)] : [(plan.name, plan.target)]).map { name, target in
					var row = Row(name: name, unit: plan.unit, ours: nil, userDefaults: nil, floor: nil, target: target, meetsTarget: error.isFailure ? false : nil)
					row.note = error.note
					return row
				}
			}
		case .success(let timings):
			return plans.flatMap { plan -> [Row] in
				var row = Row(name: plan.name, unit: plan.unit, ours: timings[plan.ours]?.nanoseconds,
					userDefaults: plan.userDefaults.flatMap { timings[$0]?.nanoseconds },
					floor: plan.floor.flatMap { timings[$0]?.nanoseconds }, target: plan.target)
				row.meetsTarget = plan.judge(row, timings)
				guard plan.ours == "burst-file" else { return [row] }
				return [row, fileWrites(timings["burst-file"]?.remarks ?? [])]
			}
		}
	}

	private static let fileWritesName = "5. File writes for that burst"
	private static let fileWritesTarget = "≤ 5"

	/// The most file writes in one burst, from what `burst-file` said in each round
	/// ("3 file writes at most in one burst").
	private static func fileWrites(_ remarks: [String]) -> Row {
		let counts = remarks.compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
		let writes = counts.max()
		var row = Row(name: fileWritesName, unit: "writes", ours: writes.map(Double.init), userDefaults: nil, floor: nil, target: fileWritesTarget)
		row.meetsTarget = writes.map { $0 <= 5 } ?? false
		return row
	}
}
