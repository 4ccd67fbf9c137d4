@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

@Suite("The list of programs and the search across them")
struct ProgramBrowserTests {
	private static let notes = SettingsSchema(title: "Notes", sections: [.init(title: "Editor", settings: [
		Setting(key: "fontSize", title: "Font Size", help: "The size of the text in points.", kind: .integer, defaultValue: 14),
		Setting(key: "wrap", title: "Wrap Lines", help: "Break long lines.", kind: .bool, defaultValue: false),
	])])
	private static let player = SettingsSchema(title: "Player", sections: [.init(title: "", settings: [
		Setting(key: "volume", title: "Volume", help: "How loud, in steps of the font-independent scale.", kind: .integer, defaultValue: 5),
	])])

	private func browser(_ entries: [ProgramEntry]? = nil) -> ProgramBrowser {
		let browser = ProgramBrowser(entries: entries ?? [
			ProgramEntry(name: "defaults-tui", schema: DemoSettings.schema(store: InMemoryStore()), modifiedCount: 0, isDemo: true),
			ProgramEntry(name: "notes", schema: Self.notes, modifiedCount: 1, location: "/usr/share/defaults/schemas/notes.json"),
			ProgramEntry(name: "player", schema: Self.player, modifiedCount: 0),
		])
		browser.handle(.resize(width: 100, height: 20))
		return browser
	}

	private func type(_ text: String, into browser: ProgramBrowser) {
		for character in text { browser.handle(.character(character)) }
	}

	@Test func theListShowsEachProgramWithItsCountsAndMarksTheDemo() {
		let browser = browser()
		let screen = browser.render().text
		#expect(screen[0].contains("3 programs"))
		#expect(screen[1].contains("defaults-tui") && screen[1].contains("Harbor Notes") && screen[1].contains("demo · 18 settings · 0 modified"))
		#expect(screen[2].contains("notes") && screen[2].contains("Notes") && screen[2].contains("2 settings · 1 modified") && !screen[2].contains("demo"))
		#expect(screen[3].contains("1 setting · 0 modified"))
		#expect(browser.render().lines[1].first?.style == .selected)
		#expect(screen[17].contains("the built-in demo settings"))
		browser.handle(.down)
		#expect(browser.render().text[17].contains("schema /usr/share/defaults/schemas/notes.json"))
	}

	@Test func enterOpensTheSelectedProgramAndQQuits() {
		let browser = browser()
		#expect(browser.handle(.enter) == .open(program: "defaults-tui", settingKey: nil))
		browser.handle(.character("j"))
		browser.handle(.character("j"))
		browser.handle(.character("j"))
		#expect(browser.handle(.enter) == .open(program: "player", settingKey: nil), "the last stays selected")
		browser.handle(.character("g"))
		#expect(browser.handle(.right) == .open(program: "defaults-tui", settingKey: nil))
		#expect(browser.handle(.escape) == .none, "Esc in the list does not quit")
		#expect(browser.handle(.character("q")) == .quit)
	}

	@Test func aProgramThatCannotBeReadSaysWhyAndDoesNotOpen() {
		let browser = browser([ProgramEntry(name: "old", problem: "not valid JSON at line 1")])
		#expect(browser.render().text[1].contains("✗ not valid JSON at line 1"))
		#expect(browser.handle(.enter) == .none)
		#expect(browser.render().text[18].contains("old's settings cannot be shown: not valid JSON at line 1"))
	}

	@Test func aLongReasonIsCutInItsRowAndSaidInFullWhenTheRowIsSelected() {
		let reason = "its schema cannot be used: the default of \"aSettingWithAVeryLongName\" (5) does not fit it: must be between 10 and 20"
		let browser = browser([
			ProgramEntry(name: "notes", schema: Self.notes, modifiedCount: 0),
			ProgramEntry(name: "old", problem: reason, location: "/usr/share/defaults/schemas/old.json"),
		])
		let row = browser.render().text[2]
		#expect(row.contains("✗ its schema cannot be used") && row.contains("…") && !row.contains("between 10"), "\(row)")
		#expect(browser.render().text[18].trimmingCharacters(in: .whitespaces).isEmpty, "nothing under another program")
		browser.handle(.down)
		let screen = browser.render().text
		let said = (screen[17] + screen[18]).split(separator: " ").joined(separator: " ")
		#expect(said.contains("old cannot be shown: \(reason) (schema /usr/share/defaults/schemas/old.json)"), "\(screen[17])\n\(screen[18])")
		#expect(!screen[17].contains("…") && !screen[18].contains("…"))
		browser.handle(.enter)
		#expect(browser.render().text[18].contains("old's settings cannot be shown: its schema cannot be used"), "the message line is the message's again")
	}

	@Test func searchMatchesTitlesKeysAndHelpOfEveryProgramAndEnterOpensTheHit() {
		let browser = browser()
		browser.handle(.character("/"))
		type("font", into: browser)
		let hits = browser.hits.map { "\($0.program) \($0.key)" }
		#expect(hits.contains("defaults-tui fontSize") && hits.contains("notes fontSize"), "by title")
		#expect(hits.contains("player volume"), "by help")
		#expect(!hits.contains("notes wrap"))
		#expect(browser.render().text.contains { $0.contains("notes › Editor › Font Size") && $0.contains("fontSize") })
		browser.handle(.control("u"))
		type("WRAP lines", into: browser)
		#expect(browser.hits.map(\.key) == ["wrap"], "every word, in any case")
		browser.handle(.control("u"))
		type("volume", into: browser)
		#expect(browser.render().text.contains { $0.contains("player › Volume") }, "no section: no empty step")
		#expect(browser.handle(.enter) == .open(program: "player", settingKey: "volume"))
		browser.handle(.control("u"))
		type("nothing like it", into: browser)
		#expect(browser.render().text.contains { $0.contains("No setting of any program matches “nothing like it”") })
		#expect(browser.handle(.enter) == .none)
		#expect(browser.handle(.character("q")) == .none, "q is typed into the search")
		browser.handle(.escape)
		#expect(browser.hits.isEmpty && browser.render().text[1].contains("defaults-tui"))
		#expect(browser.handle(.character("q")) == .quit)
	}

	@Test func searchMovesAmongHitsAndKeepsThemAfterTheListIsReadAgain() {
		let browser = browser()
		browser.handle(.character("/"))
		type("font", into: browser)
		let second = browser.hits[1]
		browser.handle(.down)
		#expect(browser.handle(.enter) == .open(program: second.program, settingKey: second.key))
		browser.replaceEntries(browser.entries)
		#expect(browser.hits.map(\.key).contains("fontSize") && browser.render().text[18].contains("Search: /font"))
	}

	@Test func pastedTextGoesIntoTheSearchNeverRunsAsKeys() {
		let browser = browser()
		#expect(browser.handle(.paste("q")) == .none)
		#expect(browser.render().text[18].contains("Search: /q"))
		browser.handle(.escape)
		browser.handle(.paste("a\nb"))
		#expect(browser.render().text[18].contains("line breaks"))
	}

	@Test func replacingTheEntriesKeepsTheSelectedProgram() {
		let browser = browser()
		browser.handle(.down)
		browser.handle(.down)
		var entries = browser.entries
		entries[2].modifiedCount = 4
		entries.insert(ProgramEntry(name: "alpha", schema: Self.notes), at: 1)
		browser.replaceEntries(entries)
		#expect(browser.handle(.enter) == .open(program: "player", settingKey: nil))
		#expect(browser.render().text.contains { $0.contains("player") && $0.contains("1 setting · 4 modified") })
	}
}

@Suite("The editor opened from the list of programs")
struct EditorGoingBackTests {
	@Test func escGoesBackOnlyWhenOpenedFromTheListAndNothingIsFiltered() {
		let fixture = EditorFixture()
		#expect(fixture.model.handle(.escape) == .none, "on its own the editor has nowhere to go back to")
		#expect(!fixture.hintBar.contains("programs"))
		fixture.model.canGoBack = true
		#expect(fixture.hintBar.contains("Esc programs"))
		fixture.press(.character("/"))
		fixture.type("font")
		fixture.press(.enter)
		#expect(fixture.model.handle(.escape) == .none, "the first Esc leaves the filter")
		#expect(fixture.model.filterText.isEmpty)
		#expect(fixture.model.handle(.escape) == .back)
	}

	@Test func selectingASettingShowsItEvenWhenTheFilterHidesIt() {
		let fixture = EditorFixture()
		fixture.press(.character("/"))
		fixture.type("theme")
		fixture.press(.enter)
		#expect(fixture.model.select(key: "fontSize"))
		#expect(fixture.model.selectedSetting?.key == "fontSize" && fixture.model.filterText.isEmpty)
		#expect(!fixture.model.select(key: "noSuchSetting"))
		#expect(fixture.model.selectedSetting?.key == "fontSize")
	}
}
