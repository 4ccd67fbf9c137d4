@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

@Suite("Editor model")
struct EditorModelTests {
	@Test func theScreenShowsSectionsWidgetsAndHints() {
		let fixture = EditorFixture()
		let screen = fixture.screen
		#expect(screen.count == 40)
		for line in screen { #expect(line.cellWidth == 100, "every row fills the width: \(line)") }
		#expect(screen[0].contains("Harbor Notes"))
		#expect(screen.contains { $0.hasPrefix(" General") })
		#expect(fixture.row("Launch at Login")?.contains("[ ] off") == true)
		#expect(fixture.row("Theme")?.contains("‹ system ›") == true)
		#expect(fixture.row("Font Size")?.contains("●") == true && fixture.row("Font Size")?.hasSuffix("14") == false)
		#expect(fixture.row("Username")?.contains("not set") == true)
		#expect(fixture.row("Export Formats")?.contains("Markdown, PDF") == true)
		#expect(screen[37].contains("launchAtLogin · Bool · default: false"))
		#expect(fixture.hintBar.contains("␣ flip"))
	}

	@Test func navigationMovesOverSettingsNotHeaders() {
		let fixture = EditorFixture()
		#expect(fixture.model.selectedKey == "launchAtLogin")
		fixture.press(.down, .character("j"))
		#expect(fixture.model.selectedKey == "theme")
		fixture.press(.up)
		#expect(fixture.model.selectedKey == "showWelcome")
		fixture.press(.character("G"))
		#expect(fixture.model.selectedKey == "recentNotes")
		fixture.press(.character("g"))
		#expect(fixture.model.selectedKey == "launchAtLogin")
		fixture.press(.end)
		#expect(fixture.model.selectedKey == "recentNotes", "End goes to the last setting, whatever the widget")
		fixture.press(.home)
		#expect(fixture.model.selectedKey == "launchAtLogin")
		fixture.press(.pageDown)
		#expect(fixture.model.selectedKey == "recentNotes", "a page is longer than the list here")
	}

	@Test func tabInTheListSaysWhatMovesAndUnsetIsOfferedOnlyForAValueThatIsSet() {
		let fixture = EditorFixture()
		fixture.press(.tab)
		#expect(fixture.messageLine.contains("Tab does nothing in the list"), "\(fixture.messageLine)")
		fixture.select("username")
		#expect(!fixture.hintBar.contains("x unset"), "not set: nothing to unset: \(fixture.hintBar)")
		fixture.store.setStoredValue("ada", forKey: "username")
		fixture.model.storeDidChange(keys: ["username"])
		#expect(fixture.hintBar.contains("x unset"), "\(fixture.hintBar)")
	}

	@Test func aResetInTheModifiedOnlyViewLeavesARowSelected() {
		let fixture = EditorFixture(stored: ["fontSize": 20, "theme": "dark", "lineSpacing": 1.5])
		fixture.press(.character("m"))
		#expect(fixture.model.visibleSettings.map(\.key) == ["theme", "fontSize", "lineSpacing"])
		fixture.select("fontSize")
		fixture.press(.character("r"))
		#expect(fixture.model.visibleSettings.map(\.key) == ["theme", "lineSpacing"])
		#expect(fixture.model.selectedKey == "lineSpacing", "the next row is selected")
		#expect(fixture.screen.contains { $0.contains("Line Spacing") && $0.contains("━") }, "and shown")
	}

	@Test func aFilterWithoutMatchesSaysSo() {
		let fixture = EditorFixture()
		fixture.press(.character("/"))
		fixture.type("zzz")
		fixture.press(.enter)
		#expect(fixture.messageLine.contains("No setting matches “zzz”; Esc shows all."), "\(fixture.messageLine)")
	}

	@Test func aFilterHighlightsMatchesAndNMovesBetweenThem() {
		let fixture = EditorFixture()
		fixture.press(.character("/"))
		fixture.type("sync")
		#expect(fixture.model.visibleSettings.map(\.key) == ["syncEnabled", "serverURL", "syncInterval", "syncSince"], "incremental, by key, title or help")
		let line = fixture.model.render().lines.first { $0.map(\.text).joined().contains("Sync Interval") }
		#expect(line?.contains { $0.style == .match && $0.text == "Sync" } == true, "the matching part of the title is highlighted")
		fixture.press(.enter)
		#expect(fixture.model.selectedKey == "syncEnabled")
		fixture.press(.character("n"), .character("n"), .character("n"))
		#expect(fixture.model.selectedKey == "syncSince")
		fixture.press(.character("n"))
		#expect(fixture.model.selectedKey == "syncEnabled", "n wraps around")
		fixture.press(.character("N"))
		#expect(fixture.model.selectedKey == "syncSince")
		fixture.press(.escape)
		#expect(fixture.model.visibleSettings.count == fixture.model.schema.settings.count, "Esc shows everything again")
		#expect(fixture.model.selectedKey == "syncSince", "the selection stays on the same setting")
	}

	@Test func nNeverChangesAToggle() {
		let fixture = EditorFixture()
		fixture.press(.character("y"), .character("n"))
		#expect(fixture.stored("launchAtLogin") == nil, "y and n are not toggle keys")
		#expect(fixture.messageLine.contains("No filter: / starts one"))
		fixture.press(.character("/"))
		fixture.type("launch")
		fixture.press(.enter, .character("n"))
		#expect(fixture.stored("launchAtLogin") == nil)
	}

	@Test func modifiedOnlyViewAndEscape() {
		let fixture = EditorFixture()
		fixture.select("fontSize")
		fixture.press(.right, .character("m"))
		#expect(fixture.model.visibleSettings.map(\.key) == ["fontSize"])
		#expect(fixture.screen[0].contains("1 modified · modified only"))
		fixture.press(.escape)
		#expect(fixture.model.showsModifiedOnly == false, "Esc leaves the modified-only view")
		#expect(fixture.model.selectedKey == "fontSize")
	}

	@Test func countsAgreeBetweenTitleAndResetAll() {
		// A value equal to its default is stored but not modified: neither count includes it.
		let fixture = EditorFixture(stored: ["fontSize": 14, "theme": "dark", "launchAtLogin": true])
		#expect(fixture.screen[0].contains("2 modified"))
		fixture.press(.character("R"))
		#expect(fixture.messageLine.contains("Reset all 2 modified settings to their defaults? (y/n)"))
		fixture.press(.character("y"))
		#expect(fixture.store.storedValues().isEmpty, "reset all removes every stored value")
		#expect(fixture.screen[0].contains("0 modified"))
	}

	@Test func resetOneAndResetAllWithConfirmation() {
		let fixture = EditorFixture()
		fixture.press(.right)
		fixture.select("fontSize")
		fixture.press(.right, .character("r"))
		#expect(fixture.stored("fontSize") == nil, "reset removes the user's value")
		fixture.press(.character("R"))
		fixture.press(.character("n"))
		#expect(fixture.stored("launchAtLogin") == true)
		fixture.press(.character("R"), .character("y"))
		#expect(fixture.store.storedValues().isEmpty)
	}

	@Test func undoOfResetAllIsOneStepAndRedoRepeatsIt() {
		let fixture = EditorFixture(stored: ["fontSize": 20, "theme": "dark", "launchAtLogin": true])
		fixture.press(.character("R"), .character("y"))
		#expect(fixture.store.storedValues().isEmpty)
		fixture.press(.character("u"))
		#expect(fixture.stored("fontSize") == 20 && fixture.stored("theme") == "dark" && fixture.stored("launchAtLogin") == true,
			"one u brings back every value")
		fixture.press(.control("r"))
		#expect(fixture.store.storedValues().isEmpty, "Ctrl-R redoes the reset")
		fixture.press(.character("u"), .character("u"))
		#expect(fixture.messageLine.contains("Nothing to undo"))
	}

	@Test func undoLeavesAValueThatChangedElsewhere() {
		let fixture = EditorFixture()
		fixture.select("theme")
		fixture.press(.right)
		#expect(fixture.stored("theme") == "light")
		fixture.store.setStoredValue("dark", forKey: "theme")
		fixture.model.storeDidChange(keys: ["theme"])
		fixture.press(.character("u"))
		#expect(fixture.stored("theme") == "dark", "undo does not overwrite another process's change")
		#expect(fixture.messageLine.contains("Theme changed elsewhere since"))
	}

	@Test func undoOfResetAllLeavesTheOneSettingThatChangedElsewhere() {
		let fixture = EditorFixture(stored: ["fontSize": 20, "theme": "dark", "launchAtLogin": true])
		fixture.press(.character("R"), .character("y"))
		#expect(fixture.store.storedValues().isEmpty)
		fixture.store.setStoredValue("light", forKey: "theme")
		fixture.model.storeDidChange(keys: ["theme"])
		fixture.press(.character("u"))
		#expect(fixture.stored("fontSize") == 20 && fixture.stored("launchAtLogin") == true, "the others come back")
		#expect(fixture.stored("theme") == "light", "the one changed elsewhere is kept")
		#expect(fixture.messageLine.contains("Theme changed elsewhere since and was left as it is"), "\(fixture.messageLine)")
		// Redo takes back only what the undo restored.
		fixture.press(.control("r"))
		#expect(fixture.stored("fontSize") == nil && fixture.stored("launchAtLogin") == nil)
		#expect(fixture.stored("theme") == "light")
	}

	@Test func redoLeavesAValueThatChangedElsewhere() {
		let fixture = EditorFixture()
		fixture.select("theme")
		fixture.press(.right)
		fixture.press(.character("u"))
		#expect(fixture.stored("theme") == nil)
		fixture.store.setStoredValue("dark", forKey: "theme")
		fixture.model.storeDidChange(keys: ["theme"])
		fixture.press(.control("r"))
		#expect(fixture.stored("theme") == "dark", "redo does not overwrite another process's change")
		#expect(fixture.messageLine.contains("Not redone: Theme changed elsewhere since."), "\(fixture.messageLine)")
	}

	@Test func undoRestoresThePreviousValue() {
		let fixture = EditorFixture()
		fixture.select("theme")
		fixture.press(.right, .right)
		fixture.press(.character("u"))
		#expect(fixture.stored("theme") == "light")
		fixture.press(.character("u"))
		#expect(fixture.stored("theme") == nil, "undoing the first change removes the value again")
		fixture.press(.character("u"))
		#expect(fixture.messageLine.contains("Nothing to undo"))
		fixture.press(.control("r"), .control("r"))
		#expect(fixture.stored("theme") == "dark")
		fixture.press(.right)
		fixture.press(.control("r"))
		#expect(fixture.messageLine.contains("Nothing to redo"), "a new change ends what could be redone")
	}

	@Test func outsideChangesAreShownAndHighlighted() {
		let fixture = EditorFixture()
		fixture.store.setStoredValue("dark", forKey: "theme")
		#expect(fixture.model.storeDidChange(keys: ["theme"]))
		#expect(fixture.row("Theme")?.contains("‹ dark ›") == true)
		let themeLine = fixture.model.render().lines.first { $0.map(\.text).joined().contains("Theme") }
		#expect(themeLine?.contains { $0.style == .flash } == true)
		#expect(fixture.model.nextFlashExpiry != nil)
		fixture.time += 2
		#expect(fixture.model.expireFlashes())
		#expect(fixture.model.nextFlashExpiry == nil)
	}

	@Test func theMessageClearsWhenItsValueChangesElsewhere() {
		let fixture = EditorFixture()
		fixture.select("fontSize")
		fixture.press(.right)
		#expect(fixture.messageLine.contains("Font Size set to 15"))
		fixture.store.setStoredValue(20, forKey: "fontSize")
		fixture.model.storeDidChange(keys: ["fontSize"])
		#expect(!fixture.messageLine.contains("set to 15"), "a message about a value that changed since is gone")
	}

	@Test func anOutsideChangeDoesNotClobberAnEdit() {
		let fixture = EditorFixture()
		fixture.select("syncInterval")
		fixture.press(.enter, .control("u"))
		fixture.type("30")
		fixture.store.setStoredValue(45, forKey: "syncInterval")
		fixture.model.storeDidChange(keys: ["syncInterval"])
		#expect(fixture.screen.contains { $0.contains("[30") }, "the edit is untouched")
		#expect(fixture.screen.contains { $0.contains("changed elsewhere to 45") })
		#expect(fixture.hintBar.contains("^R take new value"))
		fixture.press(.control("r"))
		#expect(fixture.screen.contains { $0.contains("[45") }, "Ctrl-R takes the new value")
		fixture.press(.control("u"))
		fixture.type("60")
		fixture.press(.enter)
		#expect(fixture.stored("syncInterval") == 60)
	}

	@Test func problemsGoToTheMessageLineAndCtrlLRedraws() {
		let fixture = EditorFixture()
		fixture.model.showProblem("The store file is not valid JSON.")
		#expect(fixture.messageLine.contains("The store file is not valid JSON."))
		#expect(fixture.model.handle(.control("l")) == .redraw)
	}

	@Test func helpOnASettingAndTheKeysPage() {
		let fixture = EditorFixture(height: 12)
		fixture.select("fontSize")
		fixture.press(.character("?"))
		let page = fixture.screen.joined(separator: "\n")
		#expect(page.contains("Key:         fontSize"))
		#expect(page.contains("Default:     14"))
		#expect(page.contains("8 to 32, in steps of 1"))
		#expect(page.contains("Text size in points."))
		fixture.press(.character("?"))
		#expect(fixture.screen[0].contains("keys"))
		#expect(fixture.screen[0].contains("lines 1–10 of"), "the keys page says where it is")
		fixture.press(.pageDown)
		#expect(fixture.screen[0].contains("lines 11–20 of"), "and scrolls in a short window")
		fixture.press(.escape)
		#expect(fixture.screen[0].contains("Harbor Notes"))
		#expect(fixture.model.handle(.character("q")) == .quit)
		#expect(fixture.model.handle(.control("c")) == .quit)
	}

	@Test(arguments: [
		("fontSize", " Font Size", "Type:        Int (integer)", "8 to 32, in steps of 1"),
		("theme", " Theme", "Type:        Theme (choice)", "Choices: light, dark, system."),
		("exportFormats", " Export Formats", "Type:        Set<ExportFormat> (choice)", "Any of: Markdown, HTML, PDF, Plain text."),
	])
	func theHelpPageOfASettingSaysWhatItIs(key: String, title: String, type: String, detail: String) {
		let fixture = EditorFixture(height: 30)
		fixture.select(key)
		fixture.press(.character("?"))
		#expect(fixture.screen[0].hasPrefix(title), "\(fixture.screen[0])")
		let page = fixture.screen.joined(separator: "\n")
		#expect(page.contains("Key:         \(key)"))
		#expect(page.contains(type), "\(page)")
		#expect(page.contains(detail), "\(page)")
		#expect(page.contains("In effect:"))
	}

	@Test func theModifiedCountStaysInANarrowWindow() {
		let fixture = EditorFixture(width: 40, height: 10, stored: ["theme": "dark"])
		fixture.model.storeDescription = "/a/rather/long/path/to/the/settings.json"
		#expect(fixture.screen[0].hasSuffix("1 modified "), "\(fixture.screen[0])")
		#expect(fixture.screen[0].contains("Harbor Notes — /a/"))
	}

	@Test func theTitleSaysWhyTheSettingsFileHasItsSchema() {
		let fixture = EditorFixture()
		fixture.model.storeDescription = "/home/me/.config/starship.toml"
		#expect(fixture.screen[0].contains(" Harbor Notes — /home/me/.config/starship.toml"), "no reason for a program's own settings")
		fixture.model.schemaNote = "catalogue"
		#expect(fixture.screen[0].contains(" Harbor Notes (catalogue) — /home/me/.config/starship.toml"), "\(fixture.screen[0])")
		#expect(PlainEditorModel(model: fixture.model, width: 100).listing().first?.contains("Harbor Notes (catalogue) — /home/me/.config/starship.toml") == true, "the line prompts say it too")
	}

	@Test func aSmallWindowSaysWhatItNeeds() {
		let fixture = EditorFixture(width: 30, height: 6)
		#expect(fixture.screen.contains { $0.contains("Too small: need 40×8") }, "cut to fit 30 columns, the size it needs stays")
		fixture.press(.resize(width: 12, height: 6))
		#expect(fixture.screen.contains { $0.contains("Need 40×8") })
		fixture.press(.resize(width: 80, height: 24))
		#expect(fixture.screen.count == 24)
		#expect(fixture.screen[0].contains("Harbor Notes"))
	}

	@Test func theMouseSelectsFlipsAndScrolls() {
		let fixture = EditorFixture()
		let screen = fixture.screen
		let row = screen.firstIndex { $0.contains("Spell Checking") }
		fixture.press(.mouse(.click(row: row ?? 0, column: 5)))
		#expect(fixture.model.selectedKey == "spellChecking")
		#expect(fixture.stored("spellChecking") == nil, "a click on the title only selects")
		fixture.press(.mouse(.click(row: row ?? 0, column: 40)))
		#expect(fixture.stored("spellChecking") == false, "a click on a toggle's value flips it")
		fixture.press(.mouse(.scrollDown(row: 3, column: 3)))
		#expect(fixture.model.selectedKey == "syncEnabled")
	}

	/// When the list does not fit, the status line says how many settings are hidden above and
	/// below (as menuconfig and ccmake do); when everything fits, it says nothing of the kind.
	@Test func theStatusLineSaysHowManySettingsAreHiddenAboveAndBelow() {
		let fixture = EditorFixture(width: 80, height: 24)
		var status: String { fixture.screen[fixture.screen.count - 3] }
		#expect(status.hasSuffix("↓ 2 more "), "Main Window and Recent Notes are below: \(status)")
		#expect(!status.contains("↑"))
		#expect(status.hasPrefix(" launchAtLogin · Bool"), "the selected setting's line stays: \(status)")
		fixture.press(.end)
		#expect(status.hasSuffix("↑ 1 more "), "the first section's header and Launch at Login scrolled off: \(status)")
		#expect(!status.contains("↓"))
		fixture.press(.resize(width: 80, height: 12))
		fixture.select("syncEnabled")
		#expect(status.contains("↑") && status.contains("↓") && status.hasSuffix(" more "), "\(status)")
		fixture.press(.resize(width: 80, height: 40))
		#expect(!fixture.screen.contains { $0.contains("more") }, "everything fits: no indicator")
		fixture.press(.resize(width: 80, height: 24), .character("m"))
		#expect(!fixture.screen.contains { $0.contains(" more ") }, "the modified-only list fits")
	}

	@Test func anEmptyFilterResultHidesNothingAndTheIndicatorComesBackAfter() {
		let fixture = EditorFixture(width: 80, height: 24)
		fixture.press(.character("/"))
		fixture.type("zzz")
		fixture.press(.enter)
		#expect(!fixture.screen.contains { $0.contains(" more ") }, "nothing is shown, so nothing is hidden")
		fixture.press(.escape)
		#expect(fixture.screen[24 - 3].hasSuffix("↓ 2 more "), "\(fixture.screen[24 - 3])")
	}

	@Test func onChangeIsCalledForTheEditorsChangesOnly() {
		let received = Recorder<Bool>()
		let fixture = EditorFixture(schema: { store in
			SettingsSchema(title: "T") {
				Defaults.Section("S") {
					Defaults.Toggle("Flag", key: Defaults.Key<Bool>("flag", default: false, suite: store))
						.onChange { value in received.append(value) }
				}
			}
		})
		fixture.press(.character(" "), .character("r"))
		fixture.store.setStoredValue(true, forKey: "flag")
		fixture.model.storeDidChange(keys: ["flag"])
		#expect(received.values == [true, false], "a flip, a reset to the default, and nothing for the outside change")
	}

	@Test func onlyVisibleRowsAreRenderedWithAThousandSettings() {
		let store = InMemoryStore()
		let settings = (0..<1000).map { Setting(key: "key\($0)", title: "Setting \($0)", kind: .integer, defaultValue: .integer(Int64($0))) }
		let model = EditorModel(schema: SettingsSchema(title: "Big", sections: [.init(title: "All", settings: settings)]), store: store)
		model.handle(.resize(width: 80, height: 24))
		model.handle(.character("G"))
		let screen = model.render()
		#expect(screen.lines.count == 24)
		#expect(screen.text.contains { $0.contains("Setting 999") }, "the selection is scrolled into view")
	}
}

@Suite("Editor history")
struct EditorHistoryTests {
	@Test func theHistoryKeepsTheLatestStepsOnly() {
		var history = History()
		for index in 0..<(History.limit + 5) {
			history.record([Change(key: "k", before: .integer(Int64(index)), after: .integer(Int64(index + 1)))], title: "step \(index)")
		}
		#expect(history.done.count == History.limit)
		#expect(history.done.first?.title == "step 5", "the oldest steps went first")
		history.record([], title: "nothing")
		#expect(history.done.last?.title == "step \(History.limit + 4)", "an action that changed nothing is no step")
	}
}
