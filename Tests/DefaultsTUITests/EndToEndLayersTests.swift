import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

@Suite("The editor in a terminal: settings in layers", .requires(.tmux), .timeLimit(.minutes(2)))
struct EndToEndLayersTests {
	@Test func aLockedSettingIsMarkedRefusedAndLocksAndSystemValuesChangeLive() async throws {
		let session = try TmuxSession(systemFiles: ["settings.json": #"{"fontSize": 18}"#, "locks": "theme\n"])
		let locks = session.systemDirectory.appendingPathComponent("defaults-tui/locks")
		let system = session.systemDirectory.appendingPathComponent("defaults-tui/settings.json")
		#expect(await session.waitForScreen { $0.contains("🔒Theme") && $0.contains("● Font Size") })
		try session.send("j", "j", "Right")
		#expect(await session.waitForScreen { $0.contains("Theme is locked by \(locks.path.prefix(40))") })
		#expect(session.storedValues().isEmpty)
		// An administrator's changes while the editor is open: a new lock (the value stays the
		// same, so only the lock itself can make the editor redraw), then a new system value.
		try Data("theme\nfontSize\n".utf8).write(to: locks)
		#expect(await session.waitForScreen(within: 5) { $0.contains("🔒Font Size") })
		let replacement = system.deletingLastPathComponent().appendingPathComponent(".new")
		try Data(#"{"fontSize": 22}"#.utf8).write(to: replacement)
		#expect(rename(replacement.path, system.path) == 0)
		#expect(await session.waitForScreen(within: 5) { $0.contains("🔒Font Size") && $0.contains(" 22") })
		try session.send("j", "j", "Right")
		#expect(await session.waitForScreen { $0.contains("Font Size is locked by") })
		try session.send("q")
		#expect(session.storedValues().isEmpty, "nothing was written to the user's file")
	}
}
