import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// The editor under a locale whose codeset is not UTF-8 (`LANG=C`, as in many containers and
/// cron jobs), in a terminal that sends and shows UTF-8: what is typed is stored whole, and the
/// symbols are drawn as ASCII rather than as the bytes ncurses would show for them (`~W~O`).
/// A joined emoji sequence takes the cells it is drawn in, whatever the locale.
@Suite("The editor in a terminal: locales and wide characters", .serialized, .timeLimit(.minutes(2)), .requires(.tmux))
struct EndToEndLocaleTests {
	private static func schemaFile(_ settings: [Setting]) throws -> URL {
		let file = try TmuxSession.scratchFile()
		try Data(SettingsSchema(title: "Notes", sections: [.init(title: "S", settings: settings)]).jsonString().utf8).write(to: file)
		return file
	}

	@Test func typedTextIsStoredWholeAndSymbolsAreASCIIUnderLangC() async throws {
		var token = Setting(key: "token", title: "Token", kind: .string, defaultValue: "")
		token.isSecret = true
		let schema = try Self.schemaFile([
			Setting(key: "note", title: "Note", kind: .string, defaultValue: "hi"),
			token,
			Setting(key: "size", title: "Size", kind: .integer, defaultValue: 14, minimum: 8, maximum: 32),
			Setting(key: "wrap", title: "Wrap", kind: .bool, defaultValue: false),
		])
		let session = try TmuxSession(arguments: ["edit", "--schema", schema.path], environment: ["LANG": "C", "LC_ALL": "C"])
		#expect(await session.waitForScreen { $0.contains("Note") && $0.contains("q quit") }, "\(session.screen)")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("[hi") })
		try session.type("abc é def 山")
		try session.send("Enter")
		#expect(await eventually(within: .seconds(10)) { session.storedValues()["note"] == "hiabc é def 山" }, "\(session.storedValues())")
		try session.send("j", "Enter")
		#expect(await session.waitForScreen { $0.contains("Esc cancel") })
		try session.type("héllo 山")
		try session.send("Enter")
		#expect(await eventually(within: .seconds(10)) { session.storedValues()["token"] == "héllo 山" }, "\(session.storedValues())")
		try session.send("j", "j", "Space")
		#expect(await session.waitForScreen { $0.contains("* Wrap") }, "\(session.screen)")
		let screen = session.screen
		#expect(!screen.contains("~"), "no symbol drawn as bytes:\n\(screen)")
		#expect(screen.contains("* Note") && screen.contains("hiabc é def 山"), "the text as typed, the modified marker in ASCII:\n\(screen)")
		#expect(screen.contains("* Token                             ********"), "the secret's mask:\n\(screen)")
		#expect(screen.contains("======*-----------------"), "the slider's bar:\n\(screen)")
		#expect(screen.contains("Up/Down move") && screen.contains("Space flip"), "the hint bar spelled out:\n\(screen)")
		// Every line is the window's width, so nothing moved.
		let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
		#expect(lines.allSatisfy { String($0).cellWidth <= 100 }, "\(screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}

	/// 👨‍👩‍👧 (three emoji joined by zero-width joiners) is drawn as its first emoji, in two cells,
	/// the cells tmux and xterm alike give it: the text after it and the cursor stay in place.
	@Test func aJoinedEmojiTakesTheCellsItIsDrawnIn() async throws {
		let family = "👨\u{200D}👩\u{200D}👧"
		let schema = try Self.schemaFile([
			Setting(key: "note", title: "Note", kind: .string, defaultValue: .string(family + "X")),
			Setting(key: "plain", title: "Plain", kind: .string, defaultValue: "x"),
		])
		let session = try TmuxSession(arguments: ["edit", "--schema", schema.path])
		#expect(await session.waitForScreen { $0.contains("Plain") })
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Esc cancel") })
		// The value column starts at 37: the field's "[" there, the emoji's two cells, X, then the cursor.
		let cursorPlaced = await eventually(within: .seconds(5)) { session.format("#{cursor_x}") == String(37 + 1 + 2 + 1) }
		#expect(cursorPlaced, "the cursor is right after X, not at \(session.format("#{cursor_x}"))")
		let row = try #require(session.screen.split(separator: "\n").first { $0.contains("Note ") })
		#expect(row.hasSuffix("]") && String(row).cellWidth == 100, "the field ends at the window's edge: \(row)")
		try session.send("Escape", "q")
		#expect(await session.waitForExit() == 0)
	}
}
