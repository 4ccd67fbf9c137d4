@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// Pasted text (a bracketed paste) is typed into the field being edited and never runs as keys.
@Suite("Pasted text")
struct PasteTests {
	/// The demo with two settings changed, which a pasted `R` `y` would reset.
	private func fixture() -> EditorFixture {
		EditorFixture(stored: ["fontSize": 20, "theme": "dark"])
	}

	@Test func aPasteIntoATextFieldIsTypedAndItsLineBreakAtTheEndEndsNothing() {
		let fixture = fixture()
		fixture.select("username")
		fixture.press(.enter)
		fixture.press(.paste("ada_lovelace\n"))
		#expect(fixture.stored("username") == nil, "the pasted line break did not end the field")
		#expect(fixture.model.keyContext == .editingText)
		fixture.press(.enter)
		#expect(fixture.stored("username") == "ada_lovelace")
	}

	@Test func aPasteWithLineBreaksInsideIsRefusedAndRunsNothing() {
		let fixture = fixture()
		fixture.select("username")
		fixture.press(.enter)
		fixture.type("ab")
		fixture.press(.paste("abc\nRy"))
		#expect(fixture.messageLine.contains("line breaks"), "\(fixture.messageLine)")
		#expect(fixture.model.keyContext == .editingText, "still typing")
		fixture.press(.enter)
		#expect(fixture.stored("username") == "ab", "nothing of the paste was typed")
		#expect(fixture.stored("fontSize") == 20 && fixture.stored("theme") == "dark", "no reset ran")
	}

	@Test func aPasteWithControlCharactersIsRefused() {
		let fixture = fixture()
		fixture.select("username")
		fixture.press(.enter)
		fixture.press(.paste("ab\u{1B}[A"))
		#expect(fixture.messageLine.contains("control characters"), "\(fixture.messageLine)")
		fixture.press(.enter)
		#expect(fixture.stored("username") == nil)
	}

	@Test func aPasteInTheListIsIgnoredWithAMessage() {
		let fixture = fixture()
		fixture.select("fontSize")
		fixture.press(.paste("Ry"), .paste("rrrq"), .paste("m"))
		#expect(fixture.stored("fontSize") == 20 && fixture.stored("theme") == "dark", "nothing was reset")
		#expect(fixture.model.visibleSettings.count == fixture.model.schema.settings.count, "the modified-only view did not open")
		#expect(fixture.messageLine.contains("Pasted text goes into a field being typed in"), "\(fixture.messageLine)")
	}

	@Test func aPasteIntoTheFilterFilters() {
		let fixture = fixture()
		fixture.press(.character("/"), .paste("sync"))
		#expect(fixture.model.visibleSettings.map(\.key) == ["syncEnabled", "serverURL", "syncInterval", "syncSince"])
	}

	@Test func aPasteNeverMeansACommand() {
		for context in KeyContext.allCases {
			for text in ["r", "R", "q", "y", "\n", " "] {
				#expect(KeyMap.command(for: .paste(text), in: context) == nil, "\(context) \(text)")
			}
		}
	}
}
