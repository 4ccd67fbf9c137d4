import Defaults
import Foundation
import Testing

/// A secret setting (the demo's accessToken) is masked wherever the command line prints it,
/// as the editor and list's table mask it, unless --reveal asks for it; export keeps it.
@Suite("Secrets on the command line")
struct SecretOutputTests {
	@Test func getRefusesASecretWithoutReveal() throws {
		let cli = CLI()
		try cli.run("set", "accessToken", "hunter2")
		let refused = try cli.run("get", "accessToken")
		#expect(refused.status == 2)
		#expect(refused.errors.contains("accessToken is a secret: add --reveal to print it"), "\(refused.errors)")
		#expect(!refused.output.contains("hunter2") && !refused.errors.contains("hunter2"))
		#expect(try cli.run("get", "accessToken", "--reveal").output == "hunter2\n")
	}

	@Test func listMasksASecretInItsTableAndItsJSON() throws {
		let cli = CLI()
		try cli.run("set", "accessToken", "hunter2")
		for arguments in [["list"], ["list", "--json"], ["list", "--modified", "--json"]] {
			let listed = try cli.run(arguments)
			#expect(listed.status == 0)
			#expect(!listed.output.contains("hunter2"), "\(arguments): \(listed.output)")
			#expect(listed.output.contains("••••••••") && !listed.output.contains("•••••••••"), "eight dots for seven letters: \(arguments)")
		}
		#expect(try cli.run("list", "--json", "--reveal").output.contains("hunter2"))
		#expect(try cli.run("list", "--reveal").output.contains("hunter2"))
	}

	@Test func watchMasksASecretUnlessRevealed() async throws {
		let cli = CLI()
		try cli.run("set", "accessToken", "hunter2")
		let (process, output) = try cli.start("watch", "accessToken")
		defer { if process.isRunning { process.terminate() } }
		try await Task.sleep(for: .milliseconds(300))
		try cli.run("set", "accessToken", "newsecret")
		let line = try await firstLine(of: output)
		#expect(line == #"accessToken: "••••••••" -> "••••••••""#, "the same eight dots whatever the length: \(line)")
		process.terminate()
		_ = process.wait()

		let (revealing, revealed) = try cli.start("watch", "accessToken", "--reveal", "--json")
		defer { if revealing.isRunning { revealing.terminate() } }
		try await Task.sleep(for: .milliseconds(300))
		try cli.run("set", "accessToken", "third")
		#expect(try Defaults.JSONValue(parsing: try await firstLine(of: revealed)) == ["key": "accessToken", "old": "newsecret", "new": "third"])
		revealing.terminate()
		_ = revealing.wait()
	}

	@Test func exportKeepsSecretsInAFileOnlyTheOwnerReads() throws {
		let cli = CLI()
		try cli.run("set", "accessToken", "hunter2")
		let file = cli.configHome.appendingPathComponent("backup.json")
		#expect(try cli.run("export", file.path).status == 0)
		#expect(try String(contentsOf: file, encoding: .utf8).contains("hunter2"))
		var status = stat()
		#expect(stat(file.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
	}
}
