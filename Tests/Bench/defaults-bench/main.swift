import Defaults
import Foundation

// defaults-bench: the library against Foundation's UserDefaults and the raw floor.
//   swift run -c release defaults-bench [--json] [--quick] [--etcd] [--fleet] [--fleet-processes N] ...
// A child process the benchmark starts is told so by `--child` first; it never parses options.

if CommandLine.arguments.dropFirst().first == "--child" {
	ChildProcessBenchmarks.child(Array(CommandLine.arguments.dropFirst(2)))
}
BenchmarkCommand.main()
