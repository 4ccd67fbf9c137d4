import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// The editor in tmux keeping up with its store while another process changes it, without a key.
@Suite("The editor in a terminal: following the store", .requires(.tmux), .timeLimit(.minutes(3)))
struct EndToEndStoreFollowingTests {
	/// `defaults-tui --store x.json` (no schema: one inferred from the values) shows keys another
	/// process adds with `set --create`, their later changes, and a key it removes as not set.
	@Test func aFileWithoutASchemaShowsKeysAnotherProcessAdds() async throws {
		let file = try TmuxSession.scratchFile().deletingLastPathComponent().appendingPathComponent("x.json")
		try Data(#"{"first": 1}"#.utf8).write(to: file)
		let session = try TmuxSession(arguments: ["--store", file.path])
		#expect(await session.waitForScreen { $0.contains("First") })
		func run(_ arguments: String...) throws {
			let result = try ChildProcess.run(TmuxSession.executable.path, ["--store", file.path] + arguments,
				environment: ["XDG_CONFIG_HOME": session.configHome.path])
			#expect(result.status == 0, "\(arguments)")
		}
		for index in 1...20 {
			try run("set", "--create", "added\(index)", "\(index)")
		}
		#expect(await session.waitForScreen { $0.contains("Added20") && $0.contains("Added9") && $0.contains("21 modified") }, "\(session.screen)")
		try run("set", "added9", "99")
		#expect(await session.waitForScreen { screen in screen.split(separator: "\n").contains { $0.contains("Added9 ") && $0.contains(" 99") } }, "\(session.screen)")
		try run("reset", "added3")
		#expect(await session.waitForScreen { screen in screen.split(separator: "\n").contains { $0.contains("Added3 ") && $0.contains("not set") } }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}

	/// A save that failed (the title bar says `not saved`) and then succeeds when the store tries
	/// again in the background: the title bar says so at once, with no key pressed.
	@Test func theTitleBarDropsNotSavedWhenABackgroundSaveSucceeds() async throws {
		let folder = try TmuxSession.scratchFile().deletingLastPathComponent().appendingPathComponent("store", isDirectory: true)
		try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		let store = folder.appendingPathComponent("settings.json")
		try Data(#"{"flag": false}"#.utf8).write(to: store)
		let session = try TmuxSession(arguments: ["--store", store.path])
		#expect(await session.waitForScreen { $0.contains("Flag") })
		let lock = folder.appendingPathComponent("settings.json.lock")
		try? FileManager.default.removeItem(at: lock)
		try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
		try session.send("Space")
		#expect(await session.waitForScreen { $0.contains("· not saved") }, "\(session.screen)")
		try FileManager.default.removeItem(at: lock)
		let saved = await eventually(within: .seconds(30)) {
			(try? Defaults.JSONValue(parsing: Data(contentsOf: store)))?.objectValue?["flag"] == true
		}
		#expect(saved, "the store tries again by itself")
		#expect(await session.waitForScreen { $0.contains("1 modified") && !$0.contains("not saved") }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}
}
