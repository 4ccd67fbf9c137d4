import Foundation
@testable import Defaults
@testable import DefaultsTUI
import Testing

@Suite("Picker and checklist widgets")
struct PickerAndChecklistWidgetTests {
	@Test func pickersCycleAndOpenAList() {
		let fixture = EditorFixture()
		fixture.select("theme")
		fixture.press(.right)
		#expect(fixture.stored("theme") == "light", "wraps from the last choice to the first")
		fixture.press(.left)
		#expect(fixture.stored("theme") == "system")
		fixture.press(.enter)
		#expect(fixture.screen.contains { $0.contains("▸ system  (current)") })
		fixture.press(.down, .enter)
		#expect(fixture.stored("theme") == "light")
		fixture.press(.enter, .down, .escape)
		#expect(fixture.stored("theme") == "light", "Esc closes the list without a change")
	}

	@Test func aPickerListJumpsByTypedLettersAndHomeEnd() {
		let fixture = EditorFixture()
		fixture.select("sortOrder")
		fixture.press(.character(" "))
		fixture.type("ti")
		fixture.press(.enter)
		#expect(fixture.stored("sortOrder") == "Title")
		fixture.press(.character(" "), .home, .enter)
		#expect(fixture.stored("sortOrder") == "Last modified")
		fixture.press(.character(" "), .end, .enter)
		#expect(fixture.stored("sortOrder") == "Title")
	}

	@Test func aPickerListFitsAShortWindowAndScrolls() throws {
		let choices = (1...30).map { Setting.Choice(value: .integer(Int64($0)), title: "Choice \($0)") }
		let setting = Setting(key: "pick", title: "Pick", kind: .choice, defaultValue: 1, choices: choices)
		let fixture = EditorFixture(width: 60, height: 10, schema: { _ in SettingsSchema(title: "T", sections: [.init(title: "S", settings: [setting])]) })
		fixture.press(.enter)
		var screen = fixture.screen
		#expect(screen.count == 10)
		#expect(screen.contains { $0.contains("▸ Choice 1") }, "the highlighted choice is visible")
		#expect(screen.contains { $0.contains("└") } && screen.contains { $0.contains("┌") }, "the whole box fits the window")
		for _ in 0..<20 { fixture.press(.down) }
		screen = fixture.screen
		#expect(screen.contains { $0.contains("▸ Choice 21") }, "the list scrolls inside itself")
		#expect(!screen.contains { $0.contains("│  Choice 1 ") })
		fixture.press(.enter)
		#expect(fixture.stored("pick") == 21)
	}

	/// A click on a choice in an open picker list chooses it; a click on the box's border or
	/// outside it chooses nothing. The wheel moves the highlight.
	@Test func aClickOnAChoiceInAnOpenListChoosesIt() throws {
		let fixture = EditorFixture()
		fixture.select("theme")
		fixture.press(.enter)
		let screen = fixture.screen
		let border = try #require(screen.firstIndex { $0.contains("┌") })
		fixture.press(.mouse(.click(row: border, column: 40)))
		#expect(fixture.screen.contains { $0.contains("▸ system  (current)") }, "the border is no choice; the list stays open")
		let dark = try #require(screen.firstIndex { $0.contains("│  dark") })
		let column = try #require(screen[dark].range(of: "dark")).lowerBound.utf16Offset(in: screen[dark])
		fixture.press(.mouse(.click(row: dark, column: column)))
		#expect(fixture.stored("theme") == "dark")
		#expect(!fixture.screen.contains { $0.contains("┌") }, "the list closed")

		fixture.press(.enter, .mouse(.scrollDown(row: dark, column: column)), .enter)
		#expect(fixture.stored("theme") == "system", "the wheel moved the highlight from dark one choice down")
	}

	@Test func aClickOnAChoiceInAChecklistChecksIt() throws {
		let fixture = EditorFixture()
		fixture.select("exportFormats")
		fixture.press(.character(" "))
		let screen = fixture.screen
		let html = try #require(screen.firstIndex { $0.contains("[ ] HTML") })
		let column = try #require(screen[html].range(of: "HTML")).lowerBound.utf16Offset(in: screen[html])
		fixture.press(.mouse(.click(row: html, column: column)))
		#expect(fixture.screen.contains { $0.contains("[x] HTML") }, "checked, the list still open")
		fixture.press(.enter)
		#expect(fixture.stored("exportFormats") == ["Markdown", "HTML", "PDF"])
	}

	@Test func aClickOnAChoiceInAScrolledListChoosesTheOneUnderIt() throws {
		let choices = (1...30).map { Setting.Choice(value: .integer(Int64($0)), title: "Choice \($0)") }
		let setting = Setting(key: "pick", title: "Pick", kind: .choice, defaultValue: 1, choices: choices)
		let fixture = EditorFixture(width: 60, height: 10, schema: { _ in SettingsSchema(title: "T", sections: [.init(title: "S", settings: [setting])]) })
		fixture.press(.enter)
		for _ in 0..<20 { fixture.press(.down) }
		let screen = fixture.screen
		let row = try #require(screen.firstIndex { $0.contains("│  Choice 19 ") })
		let column = try #require(screen[row].range(of: "Choice 19")).lowerBound.utf16Offset(in: screen[row])
		fixture.press(.mouse(.click(row: row, column: column)))
		#expect(fixture.stored("pick") == 19)
	}

	@Test func aChecklistChecksAndApplies() {
		let fixture = EditorFixture()
		fixture.select("exportFormats")
		fixture.press(.character(" "))
		#expect(fixture.screen.contains { $0.contains("[x] Markdown") })
		#expect(fixture.screen.contains { $0.contains("[ ] HTML") })
		fixture.press(.down, .character(" "), .down, .character(" "))
		fixture.press(.enter)
		#expect(fixture.stored("exportFormats") == ["Markdown", "HTML"], "in the choices' order")
		#expect(fixture.row("Export Formats")?.contains("Markdown, HTML") == true)
		fixture.press(.enter)
		fixture.type("p")
		fixture.press(.character(" "), .escape)
		#expect(fixture.stored("exportFormats") == ["Markdown", "HTML"], "Esc changes nothing")
	}

	@Test func setsAndArraysOfCasesAreChecklists() {
		let schema = SettingsSchema(title: "T") {
			Defaults.Section("S") {
				Defaults.Field("Formats", key: Defaults.Key<[DemoSettings.ExportFormat]>("formats", default: [], suite: InMemoryStore()))
			}
		}
		let setting = schema.settings[0]
		#expect(setting.kind == .choice && setting.allowsMultiple)
		#expect(setting.choices?.map(\.title) == ["Markdown", "HTML", "PDF", "Plain text"])
		#expect(setting.parse("pdf, html") == .success(["PDF", "HTML"]))
		#expect(setting.validate(["PDF", "Word"]) != nil)
		#expect(Widgets.widget(for: setting) is ChecklistWidget)
	}

	@Test func aSchemaFileChoiceWithMultipleIsAChecklistAndWithoutItAPicker() throws {
		let text = #"""
		{"title": "T", "sections": [{"title": "S", "settings": [
			{"key": "formats", "title": "Formats", "type": "[String]", "kind": "choice", "multiple": true,
			 "choices": [{"title": "A", "value": "a"}, {"title": "B", "value": "b"}], "default": []},
			{"key": "mode", "title": "Mode", "type": "String", "kind": "choice",
			 "choices": [{"title": "A", "value": "a"}, {"title": "B", "value": "b"}], "default": "a"}
		]}]}
		"""#
		let schema = try SettingsSchema.decode(Data(text.utf8))
		#expect(Widgets.widget(for: schema.settings[0]) is ChecklistWidget)
		#expect(Widgets.widget(for: schema.settings[1]) is PickerWidget)
	}
}
