@testable import Defaults
@testable import DefaultsTUI
import Testing

@Suite("Toggle and slider widgets")
struct ToggleAndSliderWidgetTests {
	@Test func togglesFlipAndSetWithTheArrows() {
		let fixture = EditorFixture()
		fixture.press(.character(" "))
		#expect(fixture.stored("launchAtLogin") == true)
		fixture.press(.enter)
		#expect(fixture.stored("launchAtLogin") == false)
		fixture.press(.right)
		#expect(fixture.stored("launchAtLogin") == true)
		#expect(fixture.row("Launch at Login")?.contains("● Launch at Login") == true, "modified settings are marked")
		fixture.press(.left)
		#expect(fixture.row("Launch at Login")?.contains("●") == false, "back at the default: not marked")
		#expect(fixture.hintBar.contains("←→ off/on"))
	}

	/// From a value between two grid points, a step goes to the next one that way, skipping none.
	@Test func aStepFromAnOffGridValueGoesToTheNextGridValue() {
		for (key, expected) in [(EditorKey.right, 1.3), (.left, 1.2)] {
			let fixture = EditorFixture(stored: ["lineSpacing": 1.25])
			fixture.select("lineSpacing")
			fixture.press(key)
			#expect(fixture.stored("lineSpacing") == .double(expected), "\(key)")
		}
		let fixture = EditorFixture(stored: ["lineSpacing": 1.25])
		fixture.select("lineSpacing")
		fixture.press(.character("]"))
		#expect(fixture.stored("lineSpacing") == 1.3, "a tenth of the range (0.1 here) from 1.25 up")
	}

	@Test func slidersStepAndStopAtTheirEnds() {
		let fixture = EditorFixture()
		fixture.select("fontSize")
		fixture.press(.right, .character("l"))
		#expect(fixture.stored("fontSize") == 16)
		fixture.press(.left)
		#expect(fixture.stored("fontSize") == 15)
		fixture.press(.shiftRight)
		#expect(fixture.stored("fontSize") == 17, "a tenth of 8...32 is 2.4: 2 on the step grid")
		fixture.press(.character(">"))
		#expect(fixture.stored("fontSize") == 32)
		fixture.press(.right)
		#expect(fixture.stored("fontSize") == 32, "clamped at the maximum")
		fixture.press(.character("<"))
		#expect(fixture.stored("fontSize") == 8)
		fixture.press(.left)
		#expect(fixture.stored("fontSize") == 8, "clamped at the minimum")
		fixture.press(.character("]"))
		#expect(fixture.stored("fontSize") == 10)
		fixture.select("lineSpacing")
		for _ in 0..<3 { fixture.press(.right) }
		#expect(fixture.stored("lineSpacing") == 1.5, "no floating-point drift")
		fixture.press(.character("["))
		#expect(fixture.stored("lineSpacing") == 1.4)
	}

	/// At an end of its range, a step towards that end changes nothing and says why.
	@Test func aStepPastASlidersEndSaysItIsAtTheEnd() {
		let fixture = EditorFixture(stored: ["fontSize": 32])
		fixture.select("fontSize")
		for key in [EditorKey.right, .shiftRight, .character(">")] {
			fixture.press(.up, .down)
			fixture.press(key)
			#expect(fixture.messageLine.contains("Font Size is at its maximum, 32."), "\(key): \(fixture.messageLine)")
			#expect(fixture.stored("fontSize") == 32)
		}
		fixture.press(.left)
		#expect(fixture.stored("fontSize") == 31)
		#expect(!fixture.messageLine.contains("maximum"), "a step that moves says what it set: \(fixture.messageLine)")
		fixture.press(.character("<"))
		for key in [EditorKey.left, .shiftLeft, .character("<")] {
			fixture.press(.up, .down)
			fixture.press(key)
			#expect(fixture.messageLine.contains("Font Size is at its minimum, 8."), "\(key): \(fixture.messageLine)")
			#expect(fixture.stored("fontSize") == 8)
		}
		fixture.select("lineSpacing")
		fixture.press(.character(">"), .right)
		#expect(fixture.messageLine.contains("Line Spacing is at its maximum, 2."), "\(fixture.messageLine)")
	}

	/// A click on a slider's bar sets the value under it, on the step grid and within the range;
	/// a click beside the bar (on the number) changes nothing.
	@Test func aClickOnASlidersBarSetsTheValueThere() throws {
		let fixture = EditorFixture()
		// 100 columns: the value column starts at 3 + 34; the bar is 24 cells wide.
		let barStart = 37
		let row = try #require(fixture.screen.firstIndex { $0.contains("Font Size") })
		#expect(fixture.screen[row].dropFirst(barStart).hasPrefix("━"), "\(fixture.screen[row])")
		fixture.press(.mouse(.click(row: row, column: barStart + 23)))
		#expect(fixture.model.selectedKey == "fontSize")
		#expect(fixture.stored("fontSize") == 32, "the bar's last cell is the maximum")
		fixture.press(.mouse(.click(row: row, column: barStart)))
		#expect(fixture.stored("fontSize") == 8, "its first cell the minimum")
		fixture.press(.mouse(.click(row: row, column: barStart + 12)))
		#expect(fixture.stored("fontSize") == 21, "8 + 12/23 of 24, to the nearest step")
		#expect(fixture.row("Font Size")?.dropFirst(barStart + 12).hasPrefix("●") == true, "the knob is where the click was")
		fixture.press(.mouse(.click(row: row, column: barStart + 26)))
		#expect(fixture.stored("fontSize") == 21, "a click on the number changes nothing")
		let spacingRow = try #require(fixture.screen.firstIndex { $0.contains("Line Spacing") })
		fixture.press(.mouse(.click(row: spacingRow, column: barStart + 12)))
		#expect(fixture.stored("lineSpacing") == 1.5, "1 + 12/23 is 1.52: 1.5 on the grid of 0.1")
	}

	@Test func theSliderHintSaysWhatTheKeysDo() {
		let fixture = EditorFixture()
		fixture.select("autosaveDelay")
		#expect(fixture.hintBar.contains("←→ ±0.5"))
		#expect(fixture.hintBar.contains("[ ] ±1"), "a tenth of 0...10, as the step really is")
		#expect(fixture.hintBar.contains("< > 0/10"))
		fixture.press(.character("]"))
		#expect(fixture.stored("autosaveDelay") == 3.0)
	}

	@Test func aSliderTakesAnExactValueAtItsBounds() {
		let fixture = EditorFixture()
		fixture.select("autosaveDelay")
		fixture.press(.enter, .control("u"))
		fixture.type("10")
		fixture.press(.enter)
		#expect(fixture.stored("autosaveDelay") == 10, "exactly at the maximum is accepted")
		fixture.press(.enter, .control("u"))
		fixture.type("10.5")
		fixture.press(.enter)
		#expect(fixture.stored("autosaveDelay") == 10, "one step past it changes nothing")
		#expect(fixture.screen.contains { $0.contains("✗ must be between 0 and 10") }, "and says why")
		fixture.press(.control("u"))
		fixture.type("0")
		fixture.press(.enter)
		#expect(fixture.stored("autosaveDelay") == 0, "exactly at the minimum is accepted")
		fixture.press(.enter, .control("u"))
		fixture.type("-0.5")
		fixture.press(.enter)
		#expect(fixture.stored("autosaveDelay") == 0)
		fixture.press(.escape)
		#expect(fixture.row("Autosave Delay")?.contains(" 0") == true)
	}
}
