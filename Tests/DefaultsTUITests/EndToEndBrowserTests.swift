import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// `defaults-tui` with no arguments on a machine where programs registered their settings:
/// the list of programs, the search across them, and each program's editor, driven in tmux.
@Suite("The editor in a terminal: the list of programs", .requires(.tmux), .timeLimit(.minutes(2)))
struct EndToEndBrowserTests {
	private static let notes = SettingsSchema(title: "Notes", sections: [.init(title: "Editor", settings: [
		Setting(key: "fontSize", title: "Font Size", help: "The size of the text in points.", kind: .integer, defaultValue: 14, minimum: 8, maximum: 32),
		Setting(key: "wrap", title: "Wrap Lines", help: "Break long lines at the window's edge.", kind: .bool, defaultValue: false),
	])])
	private static let player = SettingsSchema(title: "Player", sections: [.init(title: "Sound", settings: [
		Setting(key: "volume", title: "Volume", help: "How loud; the lyrics' typeface is another setting.", kind: .integer, defaultValue: 5, minimum: 0, maximum: 10),
		Setting(key: "crossfade", title: "Crossfade", kind: .bool, defaultValue: false),
	])])

	private func notesFile(_ session: TmuxSession) -> URL {
		session.configHome.appendingPathComponent("notes/settings.json")
	}

	@Test func theListOpensAProgramAndEscComesBackWithItsCountUpdated() async throws {
		let session = try TmuxSession(programs: ["notes": Self.notes, "player": Self.player])
		#expect(await session.waitForScreen { screen in
			screen.contains("3 programs") && screen.contains("defaults-tui") && screen.contains("demo · 18 settings")
				&& screen.contains("notes") && screen.contains("Notes") && screen.contains("2 settings · 0 modified")
		}, "the demo is listed and marked, with the registered programs")
		// The second program, its first setting one step up, and back.
		try session.send("j", "Enter")
		#expect(await session.waitForScreen { $0.contains("Notes — \(notesFile(session).path.prefix(30))") && $0.contains("Esc programs") })
		try session.send("Right")
		#expect(await session.waitForScreen { $0.contains("● Font Size") && $0.contains(" 15") })
		try session.send("Escape")
		#expect(await session.waitForScreen { $0.contains("3 programs") && $0.contains("2 settings · 1 modified") }, "saved and counted on the way back")
		#expect(FileStore(url: notesFile(session)).storedValues() == ["fontSize": 15])
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}

	@Test func searchFindsSettingsOfEveryProgramByTitleKeyAndHelpAndOpensTheOneChosen() async throws {
		let session = try TmuxSession(programs: ["notes": Self.notes, "player": Self.player])
		#expect(await session.waitForScreen { $0.contains("3 programs") })
		// "typeface" is only in the help of the player's volume; "font" in the demo's and notes' titles.
		try session.send("/")
		try session.type("typeface")
		#expect(await session.waitForScreen { $0.contains("player › Sound › Volume") && $0.contains("1 setting in 1 program") && !$0.contains("notes ›") })
		try session.send("C-u")
		try session.type("font")
		#expect(await session.waitForScreen { $0.contains("notes › Editor › Font Size") && $0.contains("defaults-tui › ") })
		// The notes' hit is below the demo's: down to it, and open the program there.
		let screen = session.screen
		let demoRow = try #require(screen.split(separator: "\n").firstIndex { $0.contains("defaults-tui › ") })
		let notesRow = try #require(screen.split(separator: "\n").firstIndex { $0.contains("notes › Editor › Font Size") })
		for _ in 0..<(notesRow - demoRow) { try session.send("Down") }
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Notes — ") && $0.contains("fontSize · integer") }, "opened with Font Size selected")
		try session.send("Escape")
		#expect(await session.waitForScreen { $0.contains("Search: /font") && $0.contains("notes › Editor › Font Size") }, "back to the search")
		try session.send("Escape")
		#expect(await session.waitForScreen { $0.contains("2 settings · 0 modified") && !$0.contains("Search:") })
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}

	@Test func aSignalInAProgramOpenedFromTheListSavesItAndEndsWithTheSignalsStatus() async throws {
		let session = try TmuxSession(programs: ["notes": Self.notes])
		#expect(await session.waitForScreen { $0.contains("2 programs") })
		try session.send("j", "Enter")
		#expect(await session.waitForScreen { $0.contains("Notes — ") })
		try session.send("Right", "Right")
		#expect(await session.waitForScreen { $0.contains(" 16") })
		try session.signal(SIGTERM)
		#expect(await session.waitForExit() == 143)
		#expect(FileStore(url: notesFile(session)).storedValues() == ["fontSize": 16])
	}

	@Test func withNoProgramRegisteredTheDemoOpens() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") && $0.contains("Launch at Login") && !$0.contains("Settings of the programs") })
		try session.send("Escape")
		try session.send("q")
		#expect(await session.waitForExit() == 0, "Esc does not leave the demo's editor when it did not come from the list")
	}

	@Test func aProgramWhoseSchemaCannotBeReadIsListedWithWhyAndNotOpened() async throws {
		let again = try TmuxSession(programs: ["notes": Self.notes, "zz": Self.notes])
		let zz = again.dataHome.appendingPathComponent("defaults/schemas/zz.json")
		try Data("{ not json".utf8).write(to: zz)
		// The list is read at start: this one is read again when the person comes back from a program.
		try again.send("j", "Enter")
		#expect(await again.waitForScreen { $0.contains("Notes — ") })
		try again.send("Escape")
		#expect(await again.waitForScreen { $0.contains("zz") && $0.contains("✗") })
		try again.send("G", "Enter")
		#expect(await again.waitForScreen { $0.contains("zz's settings cannot be shown") })
		try again.send("q")
		#expect(await again.waitForExit() == 0)
	}
}
