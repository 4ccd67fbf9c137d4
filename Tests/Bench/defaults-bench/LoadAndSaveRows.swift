import Defaults
import Foundation

/// Rows about what users wait for at start and at each save: a fresh process reading one key,
/// parsing the file against a fast native parser, and saving after one changed key.
enum LoadAndSaveBenchmarks {
	/// A store file of `count` integer keys `filler0...`, written once.
	static func makeFile(_ directory: URL, name: String, count: Int) -> URL {
		let file = directory.appendingPathComponent("\(name)/settings.json")
		let store = FileStore(url: file)
		for index in 0..<count { store.setStoredValue(.integer(Int64(index)), forKey: "filler\(index)") }
		try? store.flush()
		return file
	}

	/// Wall time of a whole child process, from before it is started until it has exited.
	static func timeChild(_ arguments: [String]) -> Double? {
		let start = DispatchTime.now().uptimeNanoseconds
		guard ChildProcessBenchmarks.runChild(arguments) != nil else { return nil }
		return Double(DispatchTime.now().uptimeNanoseconds - start)
	}

	/// A fresh process that opens 10,000 keys and reads one through `Defaults[...]`, timed from
	/// its start; UserDefaults the same; and a process that does nothing (the floor).
	static func coldStartAndRead(directory: URL, suiteName: String) -> Row {
		let file = makeFile(directory, name: "cold-read", count: 10_000)
		let ours = median((0..<5).compactMap { _ in timeChild(["cold-read-file", file.path]) })
		let theirs = median((0..<5).compactMap { _ in timeChild(["cold-load-plist", suiteName]) })
		let floor = median((0..<5).compactMap { _ in timeChild(["nothing"]) })
		var row = Row(name: "6. Start, open 10,000 keys, read one (whole process)", unit: "ns", ours: ours, userDefaults: theirs, floor: floor,
			target: "faster than UserDefaults")
		row.meetsTarget = ours < theirs
		return row
	}

	/// Parsing the 10,000-key file in memory, against Python's orjson on the same bytes. The two
	/// take turns, five rounds of 11 parses each, so that a busy spell on the shared machine
	/// falls on both rather than on one; each side's median over its 55 parses.
	static func parse(directory: URL) -> Row {
		let file = makeFile(directory, name: "parse", count: 10_000)
		let bytes = (try? Data(contentsOf: file)).map { [UInt8]($0) } ?? []
		let script = """
		import orjson, sys, time
		data = open(sys.argv[1], 'rb').read()
		orjson.loads(data)
		for _ in range(11):
		    start = time.perf_counter_ns(); orjson.loads(data); print(time.perf_counter_ns() - start)
		"""
		var ours: [Double] = []
		var theirs: [Double] = []
		for _ in 0..<5 {
			consume((try? Defaults.JSONValue(parsing: bytes))?.objectValue?.count ?? 0)
			for _ in 0..<11 {
				let start = DispatchTime.now().uptimeNanoseconds
				consume((try? Defaults.JSONValue(parsing: bytes))?.objectValue?.count ?? 0)
				ours.append(Double(DispatchTime.now().uptimeNanoseconds - start))
			}
			theirs += runPython(script, file.path) ?? []
		}
		let orjson = theirs.isEmpty ? nil : median(theirs)
		var row = Row(name: "6. Parse the 10,000-key file (bytes to values)", unit: "ns", ours: median(ours), userDefaults: nil, floor: orjson,
			target: "≤ 1.3× orjson (Floor)")
		if let orjson { row.meetsTarget = median(ours) <= orjson * 1.3 } else { row.note = "orjson not installed" }
		return row
	}

	/// Saving after one changed key, with `count` keys stored.
	static func saveOneChange(directory: URL, count: Int, target: Double) -> Row {
		let file = makeFile(directory, name: "save-\(count)", count: count)
		let store = FileStore(url: file)
		var value: Int64 = 0
		let ours = nanosecondsPerRun(repetitions: 11) {
			value += 1
			store.setStoredValue(.integer(value), forKey: "filler0")
			try? store.flush()
		}
		var row = Row(name: "5. Save after one changed key, \(grouped(count)) keys", unit: "ns", ours: ours, userDefaults: nil, floor: nil,
			target: "< \(Int(target / 1_000_000)) ms")
		row.meetsTarget = ours < target
		return row
	}

	/// The numbers a Python script prints, one a line; `nil` if it fails (orjson not installed, say).
	private static func runPython(_ script: String, _ argument: String) -> [Double]? {
		BenchmarkEnvironment.output(of: "/usr/bin/env", ["python3", "-c", script, argument])?
			.split(separator: "\n").compactMap { Double($0) }
	}
}
