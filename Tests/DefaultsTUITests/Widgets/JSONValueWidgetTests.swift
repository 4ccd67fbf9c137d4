@testable import Defaults
@testable import DefaultsTUI
import Testing

@Suite("JSON value widget and $EDITOR")
struct JSONValueWidgetTests {
	private func openEditor(_ fixture: EditorFixture, _ key: String) throws -> String {
		fixture.select(key)
		let action = fixture.model.handle(.character("e"))
		guard case .editExternally(let editedKey, let text) = action else {
			Issue.record("expected an external edit, got \(action)")
			throw CancellationError()
		}
		#expect(editedKey == key)
		return text
	}

	@Test func jsonValuesAreEditedExternally() throws {
		let fixture = EditorFixture()
		let text = try openEditor(fixture, "mainWindow")
		#expect(text.contains("\n  \"height\": 800"), "pretty JSON")
		fixture.model.finishExternalEdit(key: "mainWindow", text: #"{"x": 1, "y": 2, "width": 3, "height": 4, "isFullScreen": true}"#)
		#expect(fixture.stored("mainWindow")?.objectValue?["isFullScreen"] == true)
	}

	/// A value another program changed while `$EDITOR` had it is not written over: the editor
	/// asks, as in-place fields do; `d` keeps the other value, `e` edits the text again and saves it.
	@Test func aChangeMadeElsewhereDuringAnExternalEditIsNotOverwritten() throws {
		let fixture = EditorFixture()
		_ = try openEditor(fixture, "spellingLanguages")
		fixture.store.setStoredValue(["fr"], forKey: "spellingLanguages")
		fixture.model.storeDidChange(keys: ["spellingLanguages"])
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: #"["en", "de"]"#)
		#expect(fixture.stored("spellingLanguages") == ["fr"], "the other change stays")
		#expect(fixture.messageLine.contains("changed elsewhere while you edited it"), "\(fixture.messageLine)")
		fixture.press(.character("d"))
		#expect(fixture.stored("spellingLanguages") == ["fr"])

		_ = try openEditor(fixture, "spellingLanguages")
		fixture.store.setStoredValue(["it"], forKey: "spellingLanguages")
		fixture.model.storeDidChange(keys: ["spellingLanguages"])
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: #"["en"]"#)
		#expect(fixture.model.handle(.character("e")) == .editExternally(key: "spellingLanguages", text: #"["en"]"#))
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: #"["en"]"#)
		#expect(fixture.stored("spellingLanguages") == ["en"], "edited again after the question, it is saved")
	}

	@Test func invalidJSONIsKeptToEditAgain() throws {
		let fixture = EditorFixture()
		_ = try openEditor(fixture, "spellingLanguages")
		let broken = "[\n  \"en\",\n  \"de\"\n"
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: broken)
		#expect(fixture.messageLine.contains("line 4, column 1"), "the error's line and column")
		#expect(fixture.hintBar.contains("e edit again") && fixture.hintBar.contains("d discard"))
		fixture.press(.character("x"), .down, .character(" "))
		#expect(fixture.hintBar.contains("e edit again"), "keys that are not an answer leave the question open")
		let again = fixture.model.handle(.character("e"))
		#expect(again == .editExternally(key: "spellingLanguages", text: broken), "the text comes back as it was typed")
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: "[\"en\", \"de\"]")
		#expect(fixture.stored("spellingLanguages") == ["en", "de"])
	}

	@Test func aNarrowWindowStillShowsWhereTheJSONIsWrong() throws {
		let fixture = EditorFixture(width: 60, height: 14)
		_ = try openEditor(fixture, "recentNotes")
		fixture.model.finishExternalEdit(key: "recentNotes", text: "oops[]")
		#expect(fixture.messageLine.contains("line 1, column 1"), "\(fixture.messageLine)")
		#expect(fixture.hintBar.contains("e edit again  d discard"))
	}

	@Test func aDiscardDropsTheEdit() throws {
		let fixture = EditorFixture()
		_ = try openEditor(fixture, "mainWindow")
		fixture.model.finishExternalEdit(key: "mainWindow", text: #"{"x": "left"}"#)
		#expect(fixture.messageLine.contains("Main Window: is not a valid WindowFrame"))
		fixture.press(.character("d"))
		#expect(fixture.messageLine.contains("discarded"))
		#expect(fixture.stored("mainWindow") == nil)
		#expect(fixture.model.handle(.character("q")) == .quit, "back to the list")
	}

	/// Esc and `q` answer the question as the safe choice, as Esc does in the editor's other
	/// questions: the edit is discarded, what is stored stays, and the message line says so.
	@Test(arguments: [EditorKey.escape, .character("q")])
	func escapeOrQAfterABadEditDiscardsIt(key: EditorKey) throws {
		let fixture = EditorFixture(stored: ["spellingLanguages": ["fr"]])
		_ = try openEditor(fixture, "spellingLanguages")
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: "[\"en\",")
		#expect(fixture.hintBar.contains("e edit again"))
		#expect(fixture.model.handle(key) == .none, "\(key) does not quit from the question")
		#expect(fixture.messageLine.contains("Your edit was discarded; Spelling Languages is unchanged."), "\(fixture.messageLine)")
		#expect(fixture.stored("spellingLanguages") == ["fr"], "what is stored stays")
		#expect(!fixture.hintBar.contains("e edit again"), "the question is answered")
		#expect(fixture.model.handle(.character("q")) == .quit, "back in the list, q quits")

		// Also when the question is about a change made elsewhere meanwhile: the other value stays.
		let other = EditorFixture()
		_ = try openEditor(other, "spellingLanguages")
		other.store.setStoredValue(["it"], forKey: "spellingLanguages")
		other.model.storeDidChange(keys: ["spellingLanguages"])
		other.model.finishExternalEdit(key: "spellingLanguages", text: #"["en"]"#)
		other.press(key)
		#expect(other.messageLine.contains("discarded"), "\(other.messageLine)")
		#expect(other.stored("spellingLanguages") == ["it"])
	}

	@Test func savingWithoutAChangeWritesNothing() throws {
		let fixture = EditorFixture()
		let text = try openEditor(fixture, "spellingLanguages")
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: text + "\n")
		#expect(fixture.stored("spellingLanguages") == nil, "the default is not stored explicitly")
		#expect(fixture.messageLine.contains("unchanged; nothing was saved"))
		_ = try openEditor(fixture, "spellingLanguages")
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: "[ \"en\" ]")
		#expect(fixture.stored("spellingLanguages") == nil, "the same value, written differently, is no change either")
	}

	@Test func anEditorEditIsOneUndoStep() throws {
		let fixture = EditorFixture()
		_ = try openEditor(fixture, "recentNotes")
		fixture.model.finishExternalEdit(key: "recentNotes", text: #"["a", "b"]"#)
		#expect(fixture.stored("recentNotes") == ["a", "b"])
		fixture.press(.character("u"))
		#expect(fixture.stored("recentNotes") == nil)
	}
}
