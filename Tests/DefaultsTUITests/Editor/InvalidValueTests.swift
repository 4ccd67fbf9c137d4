@testable import Defaults
@testable import DefaultsTUI
import Testing

@Suite("Stored values of the wrong type")
struct InvalidValueTests {
	private let badValues: [String: Defaults.JSONValue] = ["fontSize": "big", "theme": "neon", "launchAtLogin": 7]

	@Test func theRowShowsTheEffectiveValueAndTheStoredOne() {
		let fixture = EditorFixture(stored: badValues)
		let fontSize = fixture.row("Font Size") ?? ""
		#expect(fontSize.contains("! Font Size"), "marked invalid")
		#expect(fontSize.contains("14") && fontSize.contains("✗ stored big is invalid"))
		#expect(fixture.row("Theme")?.contains("‹ system ›") == true)
		#expect(fixture.row("Theme")?.contains("stored \"neon\"") == true || fixture.row("Theme")?.contains("stored neon") == true)
		#expect(fixture.row("Launch at Login")?.contains("[ ] off") == true)
		#expect(fixture.row("Launch at Login")?.contains("stored 7 is invalid") == true)
	}

	@Test func aNarrowWindowKeepsTheSlidersValueBesideTheProblem() {
		let fixture = EditorFixture(width: 80, height: 24, stored: badValues)
		let row = fixture.row("Font Size") ?? ""
		#expect(row.contains("● 14  ✗ stored big") || row.contains("─ 14  ✗ stored big"), "the bar shrinks, the value stays: \(row)")
		#expect(row.cellWidth == 80)
	}

	@Test func editingStartsFromTheEffectiveValue() {
		let fixture = EditorFixture(stored: badValues)
		fixture.select("fontSize")
		fixture.press(.right)
		#expect(fixture.stored("fontSize") == 15, "→ steps from the default, not from the minimum")
		fixture.select("theme")
		fixture.press(.right)
		#expect(fixture.stored("theme") == "light")
	}

	@Test func resetClearsAnInvalidValue() {
		let fixture = EditorFixture(stored: badValues)
		fixture.select("launchAtLogin")
		#expect(fixture.hintBar.contains("r reset"))
		fixture.press(.character("r"))
		#expect(fixture.stored("launchAtLogin") == nil)
		#expect(fixture.row("Launch at Login")?.contains("!") == false)
	}

	@Test func theHelpPageExplainsIt() {
		let fixture = EditorFixture(stored: badValues)
		fixture.select("fontSize")
		fixture.press(.character("?"))
		let page = fixture.screen.joined(separator: "\n")
		#expect(page.contains("Stored:      big"))
		#expect(page.contains("a program reads the default"))
		#expect(page.contains("In effect:   14"))
	}
}
