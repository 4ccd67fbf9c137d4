@testable import Defaults
@testable import DefaultsTUI
import Testing

@Suite("Text field widget")
struct TextFieldWidgetTests {
	@Test func textFieldsEditInPlaceWithACursor() {
		let fixture = EditorFixture()
		fixture.select("username")
		fixture.press(.enter)
		fixture.type("ada")
		fixture.press(.home)
		fixture.type("_")
		fixture.press(.end, .backspace, .left, .delete)
		#expect(fixture.model.render().cursor != nil, "the cursor shows while editing")
		fixture.press(.enter)
		#expect(fixture.stored("username") == "_a")
		fixture.press(.enter, .control("u"))
		fixture.type("no spaces allowed")
		fixture.press(.enter)
		#expect(fixture.stored("username") == "_a", "invalid input changes nothing")
		#expect(fixture.screen.contains { $0.contains("✗ does not match the pattern") })
		fixture.press(.escape)
		#expect(fixture.messageLine.contains("Edit cancelled"))
	}

	@Test func maxLengthIsABoundary() {
		let fixture = EditorFixture()
		fixture.select("username")
		fixture.press(.enter)
		fixture.type(String(repeating: "a", count: 32))
		fixture.press(.enter)
		#expect(fixture.stored("username") == .string(String(repeating: "a", count: 32)), "exactly maxLength is accepted")
		fixture.press(.enter)
		fixture.type("b")
		fixture.press(.enter)
		#expect(fixture.stored("username") == .string(String(repeating: "a", count: 32)), "one more is refused")
		#expect(fixture.screen.contains { $0.contains("33 characters long; at most 32") })
	}

	@Test func pressingEnterWithoutAChangeStoresNothing() {
		let fixture = EditorFixture()
		fixture.select("syncInterval")
		fixture.press(.enter, .enter)
		#expect(fixture.stored("syncInterval") == nil, "the default is not written out")
		#expect(fixture.messageLine.contains("unchanged"))
	}

	@Test func secretsAreMaskedWhileTypingUnlessRevealed() {
		let fixture = EditorFixture(stored: ["accessToken": "old-secret"])
		fixture.select("accessToken")
		#expect(fixture.row("Access Token")?.contains("••••••••") == true)
		#expect(fixture.row("Access Token")?.contains("old-secret") == false)
		fixture.press(.enter)
		#expect(fixture.screen.allSatisfy { !$0.contains("old-secret") }, "the edit opens masked on the stored value")
		fixture.press(.control("u"))
		fixture.type("hunter2")
		#expect(fixture.row("Access Token")?.contains("[•••••••") == true)
		#expect(fixture.screen.allSatisfy { !$0.contains("hunter2") })
		#expect(fixture.hintBar.contains("^T show"))
		fixture.press(.control("t"))
		#expect(fixture.row("Access Token")?.contains("[hunter2") == true, "Ctrl-T reveals")
		fixture.press(.control("t"))
		#expect(fixture.screen.allSatisfy { !$0.contains("hunter2") }, "and hides again")
		fixture.press(.enter)
		#expect(fixture.stored("accessToken") == "hunter2")
		fixture.press(.character("?"))
		#expect(fixture.screen.allSatisfy { !$0.contains("hunter2") }, "the help page masks it too")
	}

	@Test func wideCharactersKeepTheCursorAligned() throws {
		let fixture = EditorFixture()
		fixture.select("username")
		fixture.press(.enter)
		fixture.type("🚀✅")
		let screen = fixture.model.render()
		let row = try #require(screen.text.firstIndex { $0.contains("Username") })
		let line = screen.text[row]
		let bracket = try #require(line.firstIndex(of: "["))
		#expect(screen.cursor?.row == row)
		#expect(screen.cursor?.column == String(line[..<bracket]).cellWidth + 1 + 4, "two emoji take four cells")
	}

	/// A terminal delivers a joined emoji (👨‍👩‍👧: three people joined by zero-width joiners) one
	/// scalar at a time. The field still moves, erases and inserts by whole characters (grapheme
	/// clusters), so the cursor never stops inside one, and it is drawn after the cells the
	/// character takes.
	@Test func theCursorMovesOverAJoinedEmojiAsOneCharacter() throws {
		let family = "👨\u{200D}👩\u{200D}👧"
		let note = Setting(key: "note", title: "Note", kind: .string, defaultValue: "")
		let fixture = EditorFixture(schema: { _ in SettingsSchema(title: "T", sections: [.init(title: "S", settings: [note])]) })
		fixture.press(.enter)
		for scalar in family.unicodeScalars { fixture.press(.character(Character(scalar))) }
		fixture.press(.left)
		let screen = fixture.model.render()
		let row = try #require(screen.text.firstIndex { $0.contains("Note") })
		let bracket = try #require(screen.text[row].firstIndex(of: "["))
		let fieldStart = String(screen.text[row][..<bracket]).cellWidth + 1
		#expect(screen.cursor?.column == fieldStart, "one Left goes back over the whole emoji")
		fixture.type("X")
		fixture.press(.right, .right)
		#expect(fixture.model.render().cursor?.column == fieldStart + 1 + Character(family).cellWidth, "after X and the emoji's cells")
		fixture.type("Y")
		fixture.press(.enter)
		#expect(fixture.stored("note") == .string("X" + family + "Y"))

		fixture.press(.enter, .end, .left, .backspace)
		fixture.press(.enter)
		#expect(fixture.stored("note") == "XY", "Backspace erases the whole emoji")
		fixture.press(.enter, .home, .right, .delete, .enter)
		#expect(fixture.stored("note") == "X")
		// A combining accent typed after its letter joins it: one character, erased at once.
		fixture.press(.enter)
		fixture.type("e\u{301}")
		for scalar in "\u{301}".unicodeScalars { fixture.press(.character(Character(scalar))) }
		fixture.press(.left, .backspace, .enter)
		#expect(fixture.stored("note") == .string("e\u{301}\u{301}"), "X erased; the accented e (two accents) is one character")
	}

	@Test func controlCharactersAreShownEscaped() {
		let fixture = EditorFixture(stored: ["username": "a\nb\u{1B}[31mc\td"])
		let row = fixture.row("Username") ?? ""
		#expect(row.contains(#"a\nb\e[31mc\td"#))
		#expect(!row.contains("\u{1B}") && !row.contains("\n"))
		for line in fixture.screen { #expect(line.cellWidth == 100, "\(line)") }
	}
}
