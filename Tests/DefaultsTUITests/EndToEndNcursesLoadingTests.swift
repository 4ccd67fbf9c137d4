import ChildProcess
import Foundation
import TestEnvironment
import Testing
import TestRequirements

/// ncurses is opened when the full-screen editor starts, not linked: the commands never load it,
/// and without it the editor's line prompts stand in, as on a terminal it does not know.
@Suite("ncurses, opened for the full-screen editor only", .timeLimit(.minutes(2)))
struct EndToEndNcursesLoadingTests {
	private static let missing = ["DEFAULTS_NCURSES": "/nonexistent/libncursesw.so.6"]

	/// The executable does not link ncurses or libtinfo: `get` loads neither.
	@Test func theExecutableDoesNotLinkNcurses() throws {
		let (status, libraries) = try ChildProcess.run("/usr/bin/ldd", [TmuxSession.executable.path])
		#expect(status == 0)
		#expect(libraries.contains("libc.so"), "\(libraries)")
		#expect(!libraries.contains("ncurses"), "\(libraries)")
		#expect(!libraries.contains("libtinfo"), "\(libraries)")
	}

	/// Without ncurses, the commands work as before.
	@Test func withoutNcursesTheCommandsWork() throws {
		let home = URL(fileURLWithPath: String(cString: defaults_tests_config_directory())).appendingPathComponent("ncurses-\(UUID().uuidString)")
		let environment = Self.missing.merging(["XDG_CONFIG_HOME": home.path, "TERM": "xterm-256color"]) { $1 }
		let set = try ChildProcess.runCapturingErrors(TmuxSession.executable.path, ["set", "fontSize", "19"], environment: environment, killAfter: 60)
		#expect(set.status == 0, "\(set.errors)")
		let get = try ChildProcess.runCapturingErrors(TmuxSession.executable.path, ["get", "fontSize"], environment: environment, killAfter: 60)
		#expect(get.status == 0, "\(get.errors)")
		#expect(get.output == "19\n")
	}

	/// In a terminal, without ncurses the line prompts stand in; `--no-plain` says what is
	/// missing, naming the library and the package, and exits 1.
	@Test(.requires(.tmux)) func withoutNcursesTheLinePromptsStandIn() async throws {
		let session = try TmuxSession(environment: Self.missing)
		#expect(await session.waitForScreen { $0.contains("Setting (number or key") }, "\(session.screen)")
		try session.send("q", "Enter")
		#expect(await session.waitForExit() == 0, "\(session.transcript)")

		let refused = try TmuxSession(arguments: ["--no-plain"], environment: Self.missing)
		#expect(await refused.waitForExit() == 1, "\(refused.transcript)")
		let message = refused.transcript
		#expect(message.contains("needs ncurses, which cannot be loaded"), "\(message)")
		#expect(message.contains("/nonexistent/libncursesw.so.6"), "\(message)")
		#expect(message.contains("apt-get install libncursesw6"), "\(message)")
	}

	/// A library that is not ncurses is refused, naming what it lacks, before anything of it is called.
	@Test(.requires(.tmux)) func aLibraryWithoutNcursesFunctionsIsRefused() async throws {
		let refused = try TmuxSession(arguments: ["--no-plain"], environment: ["DEFAULTS_NCURSES": "libc.so.6"])
		#expect(await refused.waitForExit() == 1, "\(refused.transcript)")
		#expect(refused.transcript.contains("libc.so.6 has no newterm"), "\(refused.transcript)")
	}
}
