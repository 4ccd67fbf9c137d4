/// What the command line asks for.
struct Options {
	/// Fewer and shorter measurements, for a smoke test (well under two minutes).
	var quick = false
	/// Print the usage and exit.
	var help = false

	/// What `--help` prints.
	static let usage = """
	USAGE: defaults-peers [--quick]

	Measures the Defaults file store side by side with Foundation's UserDefaults, a Codable
	struct saved by hand (JSONEncoder and an atomic write), SQLite through GRDB in WAL mode and
	swift-configuration's JSON file provider, in one run: reading and writing an Int, a burst of
	writes until on disk, a cold load of 10,000 keys in a fresh process, and how soon another
	process sees a change. It prints medians after a warm-up and each peer's ratio to the file
	store. Run it in release mode, from Tests/Benchmarks:
	  swift run -c release defaults-peers

	OPTIONS:
	  --quick     fewer and shorter measurements (for a smoke test)
	  -h, --help  show this help

	Everything is written in a temporary directory that the benchmark makes HOME and
	XDG_CONFIG_HOME for itself and its child processes, and removes at the end.
	Exit status: 0 when every row was measured, 1 when a row failed, 2 for bad arguments.
	"""

	/// Reads the arguments (without the program's name); throws ``UsageError`` for anything else.
	init(parsing arguments: [String]) throws(UsageError) {
		for argument in arguments {
			switch argument {
			case "--quick": quick = true
			case "-h", "--help": help = true
			default: throw UsageError(message: "unknown argument '\(argument)'")
			}
		}
	}
}

/// A command line the benchmark does not understand.
struct UsageError: Error {
	/// What is wrong with the command line.
	let message: String
}
