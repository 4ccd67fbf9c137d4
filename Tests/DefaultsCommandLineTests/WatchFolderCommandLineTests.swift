import ChildProcess
import Foundation
import Testing

/// `watch` finds the file its store keeps values in through the store's saving capability
/// (`SavingStore.file`), whatever the store is: the program's layers here, over the user's file.
@Suite("The command line: watch and a missing settings folder", .timeLimit(.minutes(2)))
struct WatchFolderCommandLineTests {
	@Test func watchWarnsWhenTheUsersSettingsFolderIsMissing() async throws {
		let cli = CLI()
		#expect(!FileManager.default.fileExists(atPath: cli.configHome.path))
		// Its standard error on the pipe too, to read the warning as its first line.
		let (process, output) = try ChildProcess.start("/bin/sh", ["-c", #"exec "$0" watch 2>&1"#, CLI.defaultsTUI.path], environment: cli.environment)
		defer { if process.isRunning { process.terminate() } }
		// A watch that never warns is ended after a minute, so that the read below ends.
		let ending = Task {
			try await Task.sleep(for: .seconds(60))
			if process.isRunning { process.terminate() }
		}
		defer { ending.cancel() }
		let line = try await firstLine(of: output)
		let folder = cli.storeFile.deletingLastPathComponent().path
		#expect(line == "defaults-tui: warning: \(folder) does not exist, so no change can be seen; the first set creates it, then run watch again.")
		process.terminate()
		_ = process.wait()
	}
}
