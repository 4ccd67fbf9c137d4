import ChildProcess
import Defaults
import Foundation
import Testing
import TestRequirements

/// The editor in tmux on a TOML or YAML file a person wrote: a toggle and a number changed by
/// keys reach the file as those values' bytes alone, and a change made by hand is shown at once.
@Suite("The editor in a terminal: TOML and YAML files", .requires(.tmux), .timeLimit(.minutes(3)))
struct EndToEndOtherFormatsTests {
	/// A file, what the editor's keys make of it, and what a person's own edit puts in it.
	struct Sample: Sendable, CustomTestStringConvertible {
		var ending: String
		var text: String
		/// After Space on "Compact" (the first setting) and `retries` typed as 7.
		var edited: String
		/// A hand edit after that: `retries` 9.
		var handEdited: String
		var testDescription: String { ending }
	}

	static let samples = [
		Sample(
			ending: "toml",
			text: "# By hand.\ncompact = false # dense lists\n\nretries = 3\n",
			edited: "# By hand.\ncompact = true # dense lists\n\nretries = 7\n",
			handEdited: "# By hand.\ncompact = true # dense lists\n\nretries = 9\n"
		),
		Sample(
			ending: "yaml",
			text: "# By hand.\ncompact: false # dense lists\n\nretries: 3\n",
			edited: "# By hand.\ncompact: true # dense lists\n\nretries: 7\n",
			handEdited: "# By hand.\ncompact: true # dense lists\n\nretries: 9\n"
		),
	]

	@Test(arguments: samples)
	func keysChangeOnlyTheValuesBytesAndHandEditsShowAtOnce(_ sample: Sample) async throws {
		let file = try TmuxSession.scratchFile().deletingLastPathComponent().appendingPathComponent("app.\(sample.ending)")
		try Data(sample.text.utf8).write(to: file)
		let session = try TmuxSession(arguments: ["--store", file.path])
		#expect(await session.waitForScreen { $0.contains("Compact") && $0.contains("Retries") }, "\(session.screen)")
		try session.send("Space")
		#expect(await session.waitForScreen { $0.contains("[x] on") }, "\(session.screen)")
		try session.send("Down", "Enter", "BSpace", "7", "Enter")
		#expect(await session.waitForScreen { screen in screen.split(separator: "\n").contains { $0.contains("Retries") && $0.contains(" 7") } }, "\(session.screen)")
		let saved = await eventually(within: .seconds(30)) { (try? String(contentsOf: file, encoding: .utf8)) == sample.edited }
		#expect(saved, "\((try? String(contentsOf: file, encoding: .utf8)) ?? "")")
		try Data(sample.handEdited.utf8).write(to: file)
		#expect(await session.waitForScreen { screen in screen.split(separator: "\n").contains { $0.contains("Retries") && $0.contains(" 9") } }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		#expect(try String(contentsOf: file, encoding: .utf8) == sample.handEdited, "quitting writes nothing more")
	}
}
