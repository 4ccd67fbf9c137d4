@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// The line-prompt editor's model on the demo settings in an in-memory store.
@Suite("The editor as line prompts")
struct PlainEditorModelTests {
	private func plain(width: Int? = 80, stored: [String: Defaults.JSONValue] = [:]) -> (PlainEditorModel, InMemoryStore) {
		let store = InMemoryStore()
		for (key, value) in stored { store.setStoredValue(value, forKey: key) }
		let model = EditorModel(schema: DemoSettings.schema(store: store), store: store)
		return (PlainEditorModel(model: model, width: width), store)
	}

	/// Every line and the prompt: no control character (so no escape sequence), none wider than `width`.
	private func expectPlain(_ output: PlainOutput, width: Int = 80, sourceLocation: SourceLocation = #_sourceLocation) {
		for line in output.lines + [output.prompt] {
			#expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line.debugDescription)", sourceLocation: sourceLocation)
			#expect(line.cellWidth <= width, "\(line.cellWidth) cells: \(line.debugDescription)", sourceLocation: sourceLocation)
		}
	}

	@Test func theListNumbersEverySettingInItsGroupAndSaysWhatIsModifiedOrInvalidInWords() {
		let (plain, _) = plain(stored: ["theme": "dark", "fontSize": "big", "accessToken": "s3cret"])
		let start = plain.start()
		expectPlain(start)
		#expect(start.lines.first?.hasPrefix("Harbor Notes") == true)
		#expect(start.lines.contains("General") && start.lines.contains("Editor"), "groups as headings")
		#expect(start.lines.contains("  1. Launch at Login: off"))
		#expect(start.lines.contains("  3. Theme: dark (modified)"))
		#expect(start.lines.contains { $0.hasPrefix("  5. Font Size: 14 (invalid: stored big is invalid") })
		#expect(start.lines.contains("  14. Access Token: set, hidden (modified)"), "a secret is never shown, not even as dots")
		#expect(!start.lines.joined().contains("s3cret") && !start.lines.joined().contains("•"))
		#expect(start.prompt.hasPrefix("Setting (number or key;"))
	}

	@Test func eachKindAsksInItsOwnWordsAndTakesItsAnswers() {
		let (plain, store) = plain()
		var output = plain.handle(line: "1")
		#expect(output.prompt == "Launch at Login [off] (on or off; also y/n, true/false): ")
		output = plain.handle(line: "y")
		#expect(store.storedValue(forKey: "launchAtLogin") == true)
		#expect(output.lines == ["Launch at Login set to true."])

		output = plain.handle(line: "fontSize")
		#expect(output.prompt == "Font Size [14] (a number from 8 to 32): ")
		output = plain.handle(line: "40")
		#expect(output.lines == [Setting.demoFontSize.parse("40").failureMessage], "the full-screen editor's words")
		#expect(output.prompt.hasPrefix("Font Size [14]"), "asked again")
		_ = plain.handle(line: "20")
		#expect(store.storedValue(forKey: "fontSize") == 20)

		output = plain.handle(line: "Theme")
		#expect(output.lines.contains("  3. system (current)"))
		#expect(output.prompt.contains("a number from 1 to 3"))
		#expect(plain.handle(line: "7").lines == ["there is no choice 7: the choices are 1 to 3"])
		_ = plain.handle(line: "2")
		#expect(store.storedValue(forKey: "theme") == "dark")
		_ = plain.handle(line: "3")
		_ = plain.handle(line: "light")
		#expect(store.storedValue(forKey: "theme") == "light", "by name too")

		output = plain.handle(line: "10")
		#expect(output.lines.contains("  1. [x] Markdown") && output.lines.contains("  2. [ ] HTML"))
		_ = plain.handle(line: "1 2")
		#expect(store.storedValue(forKey: "exportFormats") == ["HTML", "PDF"], "numbers check and uncheck")

		output = plain.handle(line: "accessToken")
		#expect(output.hidesInput, "a secret is read without echo")
		_ = plain.handle(line: "hunter2")
		#expect(store.storedValue(forKey: "accessToken") == "hunter2")
		#expect(!plain.handle(line: "l").lines.joined().contains("hunter2"))

		output = plain.handle(line: "spellingLanguages")
		#expect(output.prompt.contains("JSON on one line, or e to edit it in $EDITOR"))
		_ = plain.handle(line: #"["en", "fr"]"#)
		#expect(store.storedValue(forKey: "spellingLanguages") == ["en", "fr"])
		_ = plain.handle(line: "spellingLanguages")
		#expect(plain.handle(line: "e").action == .editExternally(key: "spellingLanguages", text: "[\n  \"en\",\n  \"fr\"\n]\n"))
	}

	@Test func emptyKeepsRResetsEqualsTakesTextAsItIsAndUUndoes() {
		let (plain, store) = plain(stored: ["fontSize": 20, "username": "ada"])
		_ = plain.handle(line: "5")
		#expect(plain.handle(line: "").lines == ["Font Size is unchanged."])
		#expect(store.storedValue(forKey: "fontSize") == 20)
		_ = plain.handle(line: "5")
		#expect(plain.handle(line: "r").lines == ["Font Size reset to 14."])
		#expect(store.storedValue(forKey: "fontSize") == nil)
		#expect(plain.handle(line: "u").lines == ["Undid the change to Font Size."])
		#expect(store.storedValue(forKey: "fontSize") == 20)
		_ = plain.handle(line: "username")
		_ = plain.handle(line: "=q")
		#expect(store.storedValue(forKey: "username") == "q", "=q is the text q, not quitting")
		_ = plain.handle(line: "accessToken")
		_ = plain.handle(line: "/home/ada")
		#expect(store.storedValue(forKey: "accessToken") == "/home/ada", "at a value's prompt / starts a value (a path), not a filter")
		#expect(plain.model.filterText.isEmpty)
		_ = plain.handle(line: "username")
		#expect(plain.handle(line: "q").action == .quit)
	}

	/// `r` on a setting with no value of the person's printed nothing at all.
	@Test func resettingWhatHasNoValueOfYoursSaysSo() {
		let (plain, store) = plain()
		_ = plain.handle(line: "5")
		let output = plain.handle(line: "r")
		#expect(output.lines == ["Font Size is unchanged: it has no value of yours to reset (it is 14)."])
		#expect(output.prompt.hasPrefix("Setting"))
		#expect(store.storedValue(forKey: "fontSize") == nil)
	}

	@Test func helpFilterAndUnknownAnswersAreSaidAndAskAgain() {
		let (plain, _) = plain()
		let keys = plain.handle(line: "?")
		#expect(keys.lines.contains { $0.contains("/word") } && keys.lines.contains { $0.contains("=TEXT") })
		#expect(plain.handle(line: "99").lines == ["There is no setting 99: type its number (1 to 18) or its key; l lists them."])
		let filtered = plain.handle(line: "/spell")
		#expect(filtered.lines.contains("  8. Spell Checking: on") && !filtered.lines.contains { $0.contains("Font Size") }, "numbers stay")
		#expect(plain.handle(line: "/").lines.contains { $0.contains("Font Size") })
		_ = plain.handle(line: "5")
		let help = plain.handle(line: "?")
		#expect(help.lines.contains { $0.contains("Key:") && $0.contains("fontSize") })
		#expect(help.prompt.hasPrefix("Font Size [14]"), "still asking for the value")
	}

	@Test func aLockedSettingIsRefusedWithTheFullScreenEditorsWords() throws {
		let fixture = try LayeredEditorFixture(locks: "theme\n")
		let plain = PlainEditorModel(model: fixture.model, width: 80)
		#expect(plain.start().lines.contains { $0.hasPrefix("  3. Theme: system (locked by \(fixture.locksFile.path.prefix(20))") })
		let refused = plain.handle(line: "3")
		#expect(refused.lines.joined(separator: " ") == "Theme is locked by \(fixture.locksFile.path): an administrator set it for everyone on this machine.")
		#expect(refused.prompt.hasPrefix("Setting"), "not asked for a value")
	}

	@Test func aValueTheObjectHoldingItRefusesIsSaidAndAskedAgain() throws {
		let document = #"{"properties": {"opts": {"maxProperties": 1, "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}}}"#
		let schema = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: document), title: "tool.json").schema
		let base = InMemoryStore()
		base.setStoredValue(["a": 1], forKey: "opts")
		let plain = PlainEditorModel(model: EditorModel(schema: schema, store: MemberPathStore(base: base, schema: schema)), width: 80)
		_ = plain.handle(line: "opts.b")
		let refused = plain.handle(line: "2")
		#expect(refused.lines.joined(separator: " ").contains("(maxProperties)"), "\(refused.lines)")
		#expect(refused.prompt.hasPrefix("B ["), "asked again: \(refused.prompt)")
		#expect(base.storedValue(forKey: "opts") == ["a": 1])
		#expect(plain.handle(line: "").lines == ["B is unchanged."])
	}

	@Test func aChangeElsewhereIsALineAndTheValueAskedAboutIsTheNewOne() {
		let (plain, store) = plain()
		_ = plain.handle(line: "5")
		store.setStoredValue(18, forKey: "fontSize")
		#expect(plain.storeDidChange(keys: ["fontSize"]) == ["fontSize changed elsewhere: 14 → 18"])
		#expect(plain.prompt.prompt.hasPrefix("Font Size [18]"))
		#expect(plain.storeDidChange(keys: ["fontSize"]).isEmpty, "said once")
	}

	@Test func jsonFromEditorThatDoesNotFitIsOfferedAgainOrDiscarded() {
		let (plain, store) = plain()
		_ = plain.handle(line: "spellingLanguages")
		guard case .editExternally(let key, _) = plain.handle(line: "e").action else {
			Issue.record("no $EDITOR")
			return
		}
		let bad = plain.finishExternalEdit(key: key, text: "[1, 2")
		#expect(bad.prompt == "Edit again or discard (e/d): ")
		#expect(bad.lines.first?.hasPrefix("Spelling Languages:") == true)
		#expect(plain.handle(line: "x").lines == ["Type e to edit your text again in $EDITOR, or d to discard it."])
		if case .editExternally(_, let text) = plain.handle(line: "e").action {
			#expect(text == "[1, 2", "the kept text")
		} else {
			Issue.record("not offered again")
		}
		_ = plain.finishExternalEdit(key: key, text: "[1, 2")
		#expect(plain.handle(line: "d").lines == ["Your edit was discarded; Spelling Languages is unchanged."])
		#expect(store.storedValue(forKey: "spellingLanguages") == nil)
	}

	@Test func noLineIsWiderThanANarrowTerminalAndNothingEscapesEvenFromAHostileTitle() {
		let store = InMemoryStore()
		let schema = SettingsSchema(title: "Evil\u{1B}[2J title", sections: [.init(title: "G\u{1B}]0;x\u{07}", settings: [
			Setting(key: "name", title: "A very long title for a setting that goes on and on", help: "Help\u{1B}[31m red", kind: .string, defaultValue: "x\u{1B}[1m"),
		])])
		let plain = PlainEditorModel(model: EditorModel(schema: schema, store: store), width: 30)
		expectPlain(plain.start(), width: 30)
		expectPlain(plain.handle(line: "1"), width: 30)
		expectPlain(plain.handle(line: "?"), width: 30)
		expectPlain(plain.handle(line: "a\u{1B}[0m"), width: 30)
		expectPlain(plain.handle(line: "?"), width: 30)
	}
}

extension Setting {
	/// The demo's font size, as the demo declares it (a slider from 8 to 32).
	static var demoFontSize: Setting {
		DemoSettings.schema(store: InMemoryStore()).setting(forKey: "fontSize") ?? Setting(key: "fontSize", title: "Font Size", kind: .integer, defaultValue: 14)
	}
}

extension Result where Failure == SettingError {
	/// The failure's message, or "" when there is none.
	var failureMessage: String {
		if case .failure(let error) = self { return error.message }
		return ""
	}
}
