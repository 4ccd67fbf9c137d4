import BenchmarkSupport
import Foundation

// defaults-peers: the Defaults file store side by side with UserDefaults, a Codable struct
// saved by hand, SQLite through GRDB and swift-configuration. See Options.usage.

extension PrivateHome {
	/// This benchmark's private home, named by DEFAULTS_PEERS_HOME.
	static let peers = PrivateHome(program: "defaults-peers")
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == ChildProcess.flag {
	await ChildProcess.main(Array(arguments.dropFirst()))
}

let options: Options
do {
	options = try Options(parsing: arguments)
} catch {
	FileHandle.standardError.write(Data("defaults-peers: \(error.message); see --help\n".utf8))
	exit(2)
}
if options.help {
	print(Options.usage)
	exit(0)
}

guard let home = PrivateHome.peers.current else {
	do {
		try PrivateHome.peers.enter()
	} catch {
		FileHandle.standardError.write(Data("defaults-peers: \(error)\n".utf8))
		exit(1)
	}
}

PrivateHome.removeOnInterrupt(home)

let effort = options.quick ? Effort.quick : Effort.full
var rows = await InProcessRows.measure(effort, in: home)
rows.append(await ColdLoadRow.measure(effort, in: home))
rows += await CrossProcessRows.measure(effort, in: home)

let cores = ProcessInfo.processInfo.activeProcessorCount
print("defaults-peers\(options.quick ? " --quick" : ""), \(cores) cores, \(Date().formatted(.iso8601))")
print(Table.render(rows))
PrivateHome.remove(home)

let failures = rows.flatMap(\.failures)
for failure in failures {
	FileHandle.standardError.write(Data("defaults-peers: \(failure)\n".utf8))
}
exit(failures.isEmpty ? 0 : 1)
