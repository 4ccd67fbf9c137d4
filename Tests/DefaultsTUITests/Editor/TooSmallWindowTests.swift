@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A window too small for the editor says what it needs, and takes no keys but quitting: a key
/// would otherwise change what cannot be seen.
@Suite("A window too small")
struct TooSmallWindowTests {
	private static let keys: [EditorKey] = [
		.character(" "), .right, .left, .character(">"), .character("x"), .character("r"), .character("R"), .character("y"),
		.character("u"), .down, .enter, .character("a"), .enter, .character("/"), .character("e"), .escape, .character("?"),
		.paste("pasted"), .mouse(.click(row: 2, column: 50)), .mouse(.scrollDown(row: 2, column: 2)), .control("l"),
	]

	@Test func keysDoNothingUntilTheWindowGrows() {
		let fixture = EditorFixture(stored: ["fontSize": 20])
		fixture.select("launchAtLogin")
		fixture.press(.resize(width: 30, height: 6))
		for key in Self.keys {
			#expect(fixture.model.handle(key) == .none, "\(key)")
		}
		#expect(fixture.store.storedValues() == ["fontSize": 20], "nothing changed")
		#expect(fixture.model.selectedKey == "launchAtLogin", "nor moved")
		#expect(fixture.screen.contains { $0.contains("Too small: need 40×8") })
		fixture.press(.resize(width: 100, height: 30))
		#expect(fixture.messageLine.trimmingCharacters(in: .whitespaces).isEmpty, "no message of what was ignored: \(fixture.messageLine)")
		#expect(fixture.hintBar.contains("q quit"), "back in the list: \(fixture.hintBar)")
	}

	@Test func quittingStillWorks() {
		let fixture = EditorFixture()
		fixture.press(.resize(width: 30, height: 6))
		#expect(fixture.model.handle(.character("q")) == .quit)
		#expect(fixture.model.handle(.control("c")) == .quit)
		// Also while a field is open: the edit is not stored, as when quitting from the list.
		fixture.press(.resize(width: 100, height: 30))
		fixture.select("username")
		fixture.press(.enter)
		fixture.type("ada")
		fixture.press(.resize(width: 30, height: 6))
		#expect(fixture.model.handle(.character("q")) == .quit)
		#expect(fixture.stored("username") == nil)
	}

	@Test func theListOfProgramsTakesNoKeysEither() {
		let browser = ProgramBrowser(entries: [
			ProgramEntry(name: "notes", schema: DemoSettings.schema(store: InMemoryStore()), modifiedCount: 0),
			ProgramEntry(name: "player", schema: DemoSettings.schema(store: InMemoryStore()), modifiedCount: 0),
		])
		browser.handle(.resize(width: 30, height: 6))
		for key in [EditorKey.down, .enter, .character("/"), .character("a"), .paste("x"), .right] {
			#expect(browser.handle(key) == .none, "\(key)")
		}
		#expect(browser.render().text.contains { $0.contains("Too small") })
		browser.handle(.resize(width: 100, height: 20))
		#expect(browser.selectedProgram == 0 && browser.hits.isEmpty && browser.message == nil)
		browser.handle(.resize(width: 30, height: 6))
		#expect(browser.handle(.character("q")) == .quit)
	}
}
