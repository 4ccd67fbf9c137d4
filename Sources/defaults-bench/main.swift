import Defaults
import Foundation

// defaults-bench: the library against Foundation's UserDefaults and the raw floor.
//   swift run -c release defaults-bench [--json] [--quick] [--etcd] [--fleet] [--fleet-processes=N] [--fleet-clients=N] [--fleet-changes=N]

if CommandLine.arguments.dropFirst().first == "--child" {
	ChildProcessBenchmarks.child(Array(CommandLine.arguments.dropFirst(2)))
}

let arguments = Set(CommandLine.arguments.dropFirst())
/// The value of `--NAME=N`, or `fallback`; a value that is not a positive number stops the benchmark.
func countArgument(_ name: String, _ fallback: Int) -> Int {
	guard let argument = arguments.first(where: { $0.hasPrefix("--\(name)=") }) else { return fallback }
	guard let value = Int(argument.dropFirst(name.count + 3)), value > 0 else {
		BenchmarkEnvironment.fail("\(argument): a positive number is needed; see --help", status: 2)
	}
	return value
}
let fleet = FleetBenchmarks.Size(
	processes: countArgument("fleet-processes", 5), clientsEach: countArgument("fleet-clients", 100),
	changes: countArgument("fleet-changes", arguments.contains("--quick") ? 10 : 30))
if arguments.contains("--help") || arguments.contains("-h") {
	print("""
	USAGE: defaults-bench [--json] [--quick] [--etcd] [--fleet] [--fleet-processes=N] [--fleet-clients=N] [--fleet-changes=N]

	Measures reads, writes, durability and the editor against Foundation's UserDefaults,
	in one run, and prints medians and ratios. Run it in release mode:
	  swift run -c release defaults-bench
	  --json   the rows as JSON, for scripts
	  --quick  fewer iterations (about 30 s instead of a minute)
	  --etcd   only the etcd rows (10): sync latency, reads, start-up, a leader killed, a conflict
	  --fleet  only the fleet rows (11): synced clients watching one local etcd
	  --fleet-processes=N, --fleet-clients=N  N child processes (5) of N clients each (100)
	  --fleet-changes=N  changes timed across the fleet (30; 10 with --quick)
	The idle-editor row runs the editor in a private tmux server (tmux must be installed).
	The etcd and fleet rows start a local etcd (Debian's etcd-server; without it they say so);
	DEFAULTS_BENCH_ETCD_TMPFS=1 keeps its data in /dev/shm, leaving out its fsyncs.
	Everything is written to a temporary directory, never to your configuration.
	""")
	exit(0)
}
let unknown = arguments.subtracting(["--json", "--quick", "--etcd", "--fleet"]).filter { argument in
	!["fleet-processes", "fleet-clients", "fleet-changes"].contains { argument.hasPrefix("--\($0)=") }
}
guard unknown.isEmpty else {
	BenchmarkEnvironment.fail("unknown argument \(unknown.sorted().joined(separator: " ")); see --help", status: 2)
}

// Keep UserDefaults suites and file stores out of the user's configuration. Foundation
// reads HOME and XDG_CONFIG_HOME once, early, so the benchmark runs itself again with
// both pointing at a temporary directory, for itself and for the processes it starts.
let directory = BenchmarkEnvironment.privateDirectory()

/// The etcd rows (section 10).
func etcdRows() -> [Row] {
	EtcdBenchmarks.rows(directory: directory, changes: arguments.contains("--quick") ? 50 : 200) + EtcdRecoveryBenchmarks.rows(directory: directory)
}

let sections: [(flag: String, rows: () -> [Row])] = [
	("--etcd", etcdRows),
	("--fleet", { FleetBenchmarks.rows(directory: directory, size: fleet) }),
]
/// Prints the rows (a table, or JSON with --json) under `title` and removes the temporary directory.
func finish(_ rows: [Row], title: String) {
	if arguments.contains("--json") {
		printJSON(rows)
	} else {
		print("\(title), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(Date())")
		printTable(rows)
	}
	try? FileManager.default.removeItem(at: directory)
}

for (flag, section) in sections where arguments.contains(flag) {
	finish(section(), title: "defaults-bench \(flag)")
	exit(0)
}

let benchmarks = InProcessBenchmarks(directory: directory, iterations: arguments.contains("--quick") ? 100_000 : 2_000_000)
var rows = [benchmarks.readInt(), benchmarks.readThroughBackend(), benchmarks.readCodable(), benchmarks.writeInt()]
let small = benchmarks.writeThenRead(keyCount: 10)
var large = benchmarks.writeThenRead(keyCount: 10_000)
if let smallTime = small.ours, let largeTime = large.ours {
	large.meetsTarget = largeTime < smallTime * 2
}
rows += [small, large]
let (burstTime, burstWrites) = benchmarks.burst()
rows += [burstTime, burstWrites]
rows.append(LoadAndSaveBenchmarks.saveOneChange(directory: directory, count: 10_000, target: 5_000_000))
rows.append(LoadAndSaveBenchmarks.saveOneChange(directory: directory, count: 100_000, target: 60_000_000))
let (coldLoad, coldSuite) = ChildProcessBenchmarks.coldLoad(directory: directory)
rows += [coldLoad, LoadAndSaveBenchmarks.coldStartAndRead(directory: directory, suiteName: coldSuite), LoadAndSaveBenchmarks.parse(directory: directory)]
let changes = arguments.contains("--quick") ? 50 : 200
let (p50, p99) = ChildProcessBenchmarks.crossProcessLatency(directory: directory, changes: changes)
let (unflushedP50, unflushedP99) = ChildProcessBenchmarks.crossProcessLatency(directory: directory, changes: changes, flushes: false)
rows += [p50, p99, unflushedP50, unflushedP99]
let (press, open) = benchmarks.editor(settings: 1000)
let (largePress, largeOpen) = benchmarks.editor(settings: 10_000)
rows += [press, open, largePress, largeOpen, IdleEditorBenchmark.measure(directory: directory)]
let (keysMemory, editorMemory) = ChildProcessBenchmarks.peakMemory(directory: directory)
rows += [keysMemory, editorMemory]
rows += etcdRows()
rows += FleetBenchmarks.rows(directory: directory, size: fleet)
rows += ScaleBenchmarks.rows(directory: directory, quick: arguments.contains("--quick"))

finish(rows, title: "defaults-bench")
