import BenchmarkSupport
import Defaults
import Foundation

// defaults-counts: the scenarios that CI's instruction-count guard counts (.ci/instruction-counts.py),
// each an app's use of the library from its own package.
//   defaults-counts <scenario> <times>   run a scenario `times` times (what callgrind counts)
//   defaults-counts --time [<scenario>]  nanoseconds per time, median of 7 batches
//   defaults-counts --list               the scenarios
// A scenario of UserDefaults runs this program again with HOME and XDG_CONFIG_HOME in its own
// directory (under callgrind: valgrind --trace-children=yes).

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
	FileHandle.standardError.write(Data("defaults-counts: \(message)\n".utf8))
	exit(1)
}

/// What the run shares.
enum Run {
	/// A directory of the run's own, removed at exit; the scenarios' stores live there.
	static let directory: URL = {
		let directory = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-counts-\(getpid())")
		do {
			try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		} catch {
			fail("cannot create \(directory.path): \(error)")
		}
		return directory
	}()

	/// Where UserDefaults keeps its suites: HOME and XDG_CONFIG_HOME, set to ``directory``.
	static let home = PrivateHome(program: "defaults-counts")

	/// Runs this program again inside ``home`` when one of `names` needs it and it is not there yet.
	static func enterHomeIfNeeded(for names: [String]) {
		guard home.current == nil, names.contains(where: Scenarios.needsPrivateHome) else { return }
		do {
			try home.enter(directory)
		} catch {
			try? FileManager.default.removeItem(at: directory)
			fail("\(error)")
		}
	}
}

/// The median nanoseconds per time of `scenario`, over 7 batches of about 50 ms each.
func nanosecondsPerTime(_ scenario: any Scenario) throws -> Double {
	let clock = ContinuousClock()
	var times = 1
	while true {
		let elapsed = try clock.measure { try scenario.run(times) }
		if elapsed > .milliseconds(5) || times >= 1 << 30 { break }
		times *= 2
	}
	let start = clock.now
	try scenario.run(times)
	let perTime = Double((clock.now - start).components.attoseconds) / 1e9 / Double(times)
	let batch = max(1, Int(50_000_000 / max(perTime, 1)))
	var samples: [Double] = []
	for _ in 0..<7 {
		let elapsed = try clock.measure { try scenario.run(batch) }
		samples.append((Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9) / Double(batch))
	}
	return samples.sorted()[samples.count / 2]
}

switch arguments.first {
case "--list":
	for scenario in Scenarios.all { print("\(scenario.name)\t\(scenario.summary)") }
case "--time":
	let names = arguments.count > 1 ? Array(arguments.dropFirst()) : Scenarios.all.map(\.name)
	Run.enterHomeIfNeeded(for: names)
	let directory = Run.directory
	defer { try? FileManager.default.removeItem(at: directory) }
	for name in names {
		do {
			let scenario = try Scenarios.make(name, in: directory)
			let nanoseconds = try nanosecondsPerTime(scenario)
			try scenario.finish()
			print("\(name)\t\(String(format: "%.1f", nanoseconds)) ns" + (scenario.remark.map { "\t" + $0 } ?? ""))
		} catch {
			try? FileManager.default.removeItem(at: directory)
			fail("\(name): \(error)")
		}
	}
case let name? where arguments.count == 2:
	guard let times = Int(arguments[1]), times >= 0 else { fail("the number of times must be a whole number, not \(arguments[1])") }
	Run.enterHomeIfNeeded(for: [name])
	let directory = Run.directory
	do {
		let scenario = try Scenarios.make(name, in: directory)
		try scenario.run(times)
		try scenario.finish()
	} catch {
		try? FileManager.default.removeItem(at: directory)
		fail("\(name): \(error)")
	}
	// The instruction-count guard removes the directory itself: removed here, while the stores
	// still watch it, it would make them reload (the file is gone) or not, depending on whether
	// the process ends first, and the count would vary from run to run.
	if ProcessInfo.processInfo.environment["DEFAULTS_COUNTS_LEAVE_FILES"] != "1" {
		try? FileManager.default.removeItem(at: directory)
	}
default:
	fail("usage: defaults-counts <scenario> <times> | --time [<scenario>...] | --list")
}
