@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A demo editor on its own in-memory store, with a clock the test controls.
private final class Fixture {
	let store = InMemoryStore()
	var time = Date(timeIntervalSince1970: 1_000_000)
	lazy var model: EditorModel = EditorModel(schema: DemoSettings.schema(store: store), store: store) { [unowned self] in self.time }

	init(width: Int = 100, height: Int = 40) {
		model.handle(.resize(width: width, height: height))
	}

	func select(_ key: String) {
		model.selectedKey = key
	}

	func press(_ keys: EditorKey...) {
		for key in keys { model.handle(key) }
	}

	func type(_ text: String) {
		for character in text { model.handle(.character(character)) }
	}

	var screen: [String] { model.render().text }

	func row(_ title: String) -> String? {
		screen.first { $0.contains(title) }
	}
}

@Suite("Editor model")
struct EditorModelTests {
	@Test func theScreenShowsSectionsWidgetsAndHints() {
		let fixture = Fixture()
		let screen = fixture.screen
		#expect(screen.count == 40)
		#expect(screen.allSatisfy { $0.cellWidth == 100 }, "every row fills the width")
		#expect(screen[0].contains("Harbor Notes"))
		#expect(screen.contains { $0.hasPrefix(" General") })
		#expect(fixture.row("Launch at Login")?.contains("[ ] off") == true)
		#expect(fixture.row("Theme")?.contains("‹ system ›") == true)
		#expect(fixture.row("Font Size")?.contains("●") == true && fixture.row("Font Size")?.hasSuffix("14") == false)
		#expect(fixture.row("Username")?.contains("not set") == true)
		#expect(screen[37].contains("launchAtLogin · Bool · default: false"))
		#expect(screen[39].contains("toggle"))
	}

	@Test func navigationMovesOverSettingsNotHeaders() {
		let fixture = Fixture()
		#expect(fixture.model.selectedKey == "launchAtLogin")
		fixture.press(.down, .character("j"))
		#expect(fixture.model.selectedKey == "theme")
		fixture.press(.up)
		#expect(fixture.model.selectedKey == "showWelcome")
		fixture.press(.character("G"))
		#expect(fixture.model.selectedKey == "recentNotes")
		fixture.press(.character("g"))
		#expect(fixture.model.selectedKey == "launchAtLogin")
		fixture.press(.pageDown)
		#expect(fixture.model.selectedKey == "recentNotes", "a page is longer than the list here")
	}

	@Test func togglesFlipAndSet() {
		let fixture = Fixture()
		fixture.press(.character(" "))
		#expect(fixture.store.storedValue(forKey: "launchAtLogin") == true)
		fixture.press(.enter)
		#expect(fixture.store.storedValue(forKey: "launchAtLogin") == false)
		fixture.press(.character("y"))
		#expect(fixture.store.storedValue(forKey: "launchAtLogin") == true)
		#expect(fixture.row("Launch at Login")?.contains("● Launch at Login") == true, "modified settings are marked")
		fixture.press(.character("n"))
		#expect(fixture.row("Launch at Login")?.contains("●") == false, "back at the default: not marked")
	}

	@Test func slidersStepJumpAndClamp() {
		let fixture = Fixture()
		fixture.select("fontSize")
		fixture.press(.right, .character("l"))
		#expect(fixture.store.storedValue(forKey: "fontSize") == 16)
		fixture.press(.left)
		#expect(fixture.store.storedValue(forKey: "fontSize") == 15)
		fixture.press(.shiftRight)
		#expect(fixture.store.storedValue(forKey: "fontSize") == 17, "a tenth of 8...32 is 2.4, rounded")
		fixture.press(.end)
		#expect(fixture.store.storedValue(forKey: "fontSize") == 32)
		fixture.press(.right)
		#expect(fixture.store.storedValue(forKey: "fontSize") == 32, "clamped at the maximum")
		fixture.press(.home)
		#expect(fixture.store.storedValue(forKey: "fontSize") == 8)
		fixture.select("lineSpacing")
		for _ in 0..<3 { fixture.press(.right) }
		#expect(fixture.store.storedValue(forKey: "lineSpacing") == 1.5, "no floating-point drift")
		fixture.press(.pageDown)
		#expect(fixture.store.storedValue(forKey: "lineSpacing") == 1.6)
	}

	@Test func aSliderTakesAnExactValue() {
		let fixture = Fixture()
		fixture.select("autosaveDelay")
		fixture.press(.enter, .control("u"))
		fixture.type("7.5")
		fixture.press(.enter)
		#expect(fixture.store.storedValue(forKey: "autosaveDelay") == 7.5)
		fixture.press(.enter, .control("u"))
		fixture.type("11")
		fixture.press(.enter)
		#expect(fixture.store.storedValue(forKey: "autosaveDelay") == 7.5, "out of range changes nothing")
		#expect(fixture.screen.contains { $0.contains("✗ must be between 0 and 10") }, "and says why")
		fixture.press(.escape)
		#expect(fixture.row("Autosave Delay")?.contains("7.5") == true)
	}

	@Test func pickersCycleAndOpenAList() {
		let fixture = Fixture()
		fixture.select("theme")
		fixture.press(.right)
		#expect(fixture.store.storedValue(forKey: "theme") == "light", "wraps from the last choice to the first")
		fixture.press(.left)
		#expect(fixture.store.storedValue(forKey: "theme") == "system")
		fixture.press(.enter)
		#expect(fixture.screen.contains { $0.contains("▸ system  (current)") })
		fixture.press(.down, .enter)
		#expect(fixture.store.storedValue(forKey: "theme") == "light")
		fixture.press(.enter, .down, .escape)
		#expect(fixture.store.storedValue(forKey: "theme") == "light", "Esc closes the list without a change")
	}

	@Test func textFieldsEditInPlaceWithACursor() {
		let fixture = Fixture()
		fixture.select("username")
		fixture.press(.enter)
		fixture.type("ada")
		fixture.press(.home)
		fixture.type("_")
		fixture.press(.end, .backspace, .left, .delete)
		#expect(fixture.model.render().cursor != nil, "the cursor shows while editing")
		fixture.press(.enter)
		#expect(fixture.store.storedValue(forKey: "username") == "_a")
		fixture.press(.enter, .control("u"))
		fixture.type("no spaces allowed")
		fixture.press(.enter)
		#expect(fixture.store.storedValue(forKey: "username") == "_a", "invalid input changes nothing")
		#expect(fixture.screen.contains { $0.contains("✗ does not match the pattern") })
		fixture.press(.escape)
		#expect(fixture.screen.contains { $0.contains("Edit cancelled") })
	}

	@Test func wideCharactersKeepTheRowAligned() throws {
		let fixture = Fixture()
		fixture.select("spellingLanguages")
		fixture.model.finishExternalEdit(key: "spellingLanguages", text: #"["日本語", "🦄"]"#)
		#expect(fixture.screen.allSatisfy { $0.cellWidth == 100 })
		fixture.select("username")
		fixture.press(.enter)
		fixture.type("漢字")
		let screen = fixture.model.render()
		let row = try #require(screen.text.firstIndex { $0.contains("Username") })
		let line = screen.text[row]
		let bracket = try #require(line.firstIndex(of: "["))
		#expect(screen.cursor?.row == row)
		#expect(screen.cursor?.column == String(line[..<bracket]).cellWidth + 1 + 4, "two wide characters take four cells")
	}

	@Test func optionalSettingsCanBeUnset() {
		let fixture = Fixture()
		fixture.store.setStoredValue("ada", forKey: "username")
		fixture.model.storeDidChange(keys: ["username"])
		fixture.select("username")
		fixture.press(.character("x"))
		#expect(fixture.store.storedValue(forKey: "username") == nil)
		#expect(fixture.row("Username")?.contains("not set") == true)
		fixture.select("syncInterval")
		fixture.press(.delete)
		#expect(fixture.screen.contains { $0.contains("cannot be unset; r resets it") })
	}

	@Test func jsonValuesAreEditedExternally() {
		let fixture = Fixture()
		fixture.select("mainWindow")
		let action = fixture.model.handle(.character("e"))
		guard case .editExternally(let key, let text) = action else {
			Issue.record("expected an external edit, got \(action)")
			return
		}
		#expect(key == "mainWindow")
		#expect(text.contains("\n  \"height\": 800"), "pretty JSON")
		fixture.model.finishExternalEdit(key: key, text: #"{"x": 1, "y": 2, "width": 3, "height": 4, "isFullScreen": true}"#)
		#expect(fixture.store.storedValue(forKey: "mainWindow")?.objectValue?["isFullScreen"] == true)
		fixture.model.finishExternalEdit(key: key, text: #"{"x": "left"}"#)
		#expect(fixture.screen.contains { $0.contains("Main Window is unchanged: is not a valid WindowFrame") })
		fixture.model.finishExternalEdit(key: key, text: "{oops")
		#expect(fixture.screen.contains { $0.contains("invalid JSON at line 1") })
		#expect(fixture.store.storedValue(forKey: "mainWindow")?.objectValue?["width"] == 3)
	}

	@Test func resetOneAndResetAllWithConfirmation() {
		let fixture = Fixture()
		fixture.press(.character("y"))
		fixture.select("fontSize")
		fixture.press(.right)
		fixture.press(.character("r"))
		#expect(fixture.store.storedValue(forKey: "fontSize") == nil, "reset removes the user's value")
		fixture.press(.character("R"))
		#expect(fixture.screen.contains { $0.contains("Reset all 1 changed settings to their defaults? (y/n)") })
		fixture.press(.character("n"))
		#expect(fixture.store.storedValue(forKey: "launchAtLogin") == true)
		fixture.press(.character("R"), .character("y"))
		#expect(fixture.store.storedValues().isEmpty)
	}

	@Test func modifiedOnlyAndFilter() {
		let fixture = Fixture()
		fixture.select("fontSize")
		fixture.press(.right)
		fixture.press(.character("m"))
		#expect(fixture.model.visibleSettings.map(\.key) == ["fontSize"])
		fixture.press(.character("m"), .character("/"))
		fixture.type("sync")
		#expect(fixture.model.visibleSettings.map(\.key) == ["syncEnabled", "serverURL", "syncInterval", "syncSince"], "incremental, by key, title or help")
		fixture.press(.enter)
		#expect(fixture.model.selectedKey == "syncEnabled")
		fixture.press(.character("n"), .character("n"), .character("n"))
		#expect(fixture.model.selectedKey == "syncSince")
		fixture.press(.character("n"))
		#expect(fixture.model.selectedKey == "syncEnabled", "n wraps around")
		fixture.press(.character("N"))
		#expect(fixture.model.selectedKey == "syncSince")
		fixture.press(.character("/"))
		fixture.type("zzz")
		#expect(fixture.screen.contains { $0.contains("No setting matches “synczzz”") })
		fixture.press(.escape)
		#expect(fixture.model.visibleSettings.count == DemoSettings.schema(store: fixture.store).settings.count)
	}

	@Test func undoRestoresThePreviousValue() {
		let fixture = Fixture()
		fixture.select("theme")
		fixture.press(.right, .right)
		fixture.press(.character("u"))
		#expect(fixture.store.storedValue(forKey: "theme") == "light")
		fixture.press(.character("u"))
		#expect(fixture.store.storedValue(forKey: "theme") == nil, "undoing the first change removes the value again")
		fixture.press(.character("u"))
		#expect(fixture.screen.contains { $0.contains("Nothing to undo") })
	}

	@Test func outsideChangesAreShownAndHighlighted() {
		let fixture = Fixture()
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

	@Test func anOutsideChangeDoesNotClobberAnEdit() {
		let fixture = Fixture()
		fixture.select("syncInterval")
		fixture.press(.enter, .control("u"))
		fixture.type("30")
		fixture.store.setStoredValue(45, forKey: "syncInterval")
		fixture.model.storeDidChange(keys: ["syncInterval"])
		#expect(fixture.screen.contains { $0.contains("[30") }, "the edit is untouched")
		#expect(fixture.screen.contains { $0.contains("changed elsewhere to 45") })
		fixture.press(.control("r"))
		#expect(fixture.screen.contains { $0.contains("[45") }, "Ctrl-R takes the new value")
		fixture.press(.control("u"))
		fixture.type("60")
		fixture.press(.enter)
		#expect(fixture.store.storedValue(forKey: "syncInterval") == 60)
	}

	@Test func helpAndQuit() {
		let fixture = Fixture()
		fixture.press(.character("?"))
		#expect(fixture.screen.contains { $0.contains("filter by key, title or help") })
		fixture.press(.character("x"))
		#expect(fixture.screen[0].contains("Harbor Notes"))
		#expect(fixture.model.handle(.character("q")) == .quit)
		#expect(fixture.model.handle(.control("c")) == .quit)
	}

	@Test func aSmallWindowSaysSo() {
		let fixture = Fixture(width: 30, height: 6)
		#expect(fixture.screen.contains { $0.contains("Window too small") })
		fixture.press(.resize(width: 80, height: 24))
		#expect(fixture.screen.count == 24)
		#expect(fixture.screen[0].contains("Harbor Notes"))
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
