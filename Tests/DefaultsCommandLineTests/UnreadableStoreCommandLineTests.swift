import ChildProcess
import Foundation
import Testing

/// A store file the command cannot read makes every command fail, as `--help` says: a script's
/// `list` or backup by `export` never "succeeds" with nothing in it.
@Suite("The command line on a store it cannot read")
struct UnreadableStoreCommandLineTests {
	@Test func everyCommandOnAFIFOFailsNamingIt() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let fifo = cli.configHome.appendingPathComponent("pipe.json")
		#expect(mkfifo(fifo.path, 0o600) == 0)
		for arguments in [["list"], ["list", "--json"], ["get", "theme"], ["export"], ["set", "--create", "a", "1"], ["reset", "a"]] {
			let result = try cli.run(arguments + ["--store", fifo.path])
			#expect(result.status == 1, "\(arguments): \(result)")
			#expect(result.output.isEmpty, "\(arguments): \(result.output)")
			#expect(result.errors.contains(fifo.path) && result.errors.contains("not a regular file"), "\(arguments): \(result.errors)")
		}
	}

	/// `export` of a file that does not parse prints nothing and fails: a backup taken by a script is not an empty `{}`.
	@Test func exportOfAFileThatDoesNotParseFails() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("app.json")
		try Data(#"{"a": 1, "b": 2,"#.utf8).write(to: file)
		let backup = cli.configHome.appendingPathComponent("backup.json")
		let toStandardOutput = try cli.run("export", "--store", file.path)
		#expect(toStandardOutput.status == 1)
		#expect(toStandardOutput.output.isEmpty, "\(toStandardOutput.output)")
		let toFile = try cli.run("export", backup.path, "--store", file.path)
		#expect(toFile.status == 1)
		#expect(!FileManager.default.fileExists(atPath: backup.path), "no backup file that looks like one")
	}
}
