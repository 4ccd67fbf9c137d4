import CNcurses
@testable import DefaultsTUI
import Testing

/// How the terminal layer translates ncurses' input reports into ``EditorKey``s.
@Suite("Terminal input translation")
struct TerminalInputTests {
	@Test func aButtonPressOrClickIsAClickAtItsCell() {
		#expect(Terminal.mouseEvent(buttons: cn_button1_pressed(), row: 3, column: 17) == .click(row: 3, column: 17))
		#expect(Terminal.mouseEvent(buttons: cn_button1_clicked(), row: 0, column: 0) == .click(row: 0, column: 0))
	}

	@Test func theWheelScrollsUpAndDown() {
		#expect(Terminal.mouseEvent(buttons: cn_button4_pressed(), row: 5, column: 2) == .scrollUp(row: 5, column: 2))
		#expect(Terminal.mouseEvent(buttons: cn_button5_pressed(), row: 6, column: 1) == .scrollDown(row: 6, column: 1))
	}

	@Test func otherButtonsAndReleasesAreNotEvents() {
		#expect(Terminal.mouseEvent(buttons: 0, row: 1, column: 1) == nil)
		#expect(Terminal.mouseEvent(buttons: cn_button1_released(), row: 1, column: 1) == nil)
	}

	@Test func functionAndControlKeys() {
		#expect(Terminal.functionKey(cn_key_f(5), size: (80, 24)) == .function(5))
		#expect(Terminal.functionKey(KEY_RESIZE, size: (80, 24)) == .resize(width: 80, height: 24))
		#expect(Terminal.characterKey(12) == .control("l"))
		#expect(Terminal.characterKey(27) == .escape)
	}
}
