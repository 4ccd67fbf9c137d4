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

	/// SGR reports (mode 1006), which the terminal layer reads itself where ncurses knows only the legacy encoding.
	@Test func anSGRPressIsAClickAtItsCellEvenBeyondColumn223() {
		#expect(SGRMouseReport.event(parameters: "0;10;5", final: "M") == .click(row: 4, column: 9), "1-based in the report")
		#expect(SGRMouseReport.event(parameters: "0;300;60", final: "M") == .click(row: 59, column: 299))
		#expect(SGRMouseReport.event(parameters: "16;3;2", final: "M") == .click(row: 1, column: 2), "Ctrl held: still a click")
	}

	@Test func theSGRWheelScrollsUpAndDown() {
		#expect(SGRMouseReport.event(parameters: "64;7;8", final: "M") == .scrollUp(row: 7, column: 6))
		#expect(SGRMouseReport.event(parameters: "65;7;8", final: "M") == .scrollDown(row: 7, column: 6))
	}

	@Test func sgrReleasesMovesOtherButtonsAndGarbageAreNotEvents() {
		#expect(SGRMouseReport.event(parameters: "0;10;5", final: "m") == nil, "a release")
		#expect(SGRMouseReport.event(parameters: "32;10;5", final: "M") == nil, "a move with the button held")
		#expect(SGRMouseReport.event(parameters: "2;10;5", final: "M") == nil, "the right button")
		#expect(SGRMouseReport.event(parameters: "0;10", final: "M") == nil)
		#expect(SGRMouseReport.event(parameters: "0;;5", final: "M") == nil)
		#expect(SGRMouseReport.event(parameters: "0;0;5", final: "M") == nil, "coordinates start at 1")
		#expect(SGRMouseReport.event(parameters: "", final: "M") == nil)
	}

	@Test func functionAndControlKeys() {
		#expect(Terminal.functionKey(cn_key_f(5), size: (80, 24)) == .function(5))
		#expect(Terminal.functionKey(KEY_RESIZE, size: (80, 24)) == .resize(width: 80, height: 24))
		#expect(Terminal.characterKey(12) == .control("l"))
		#expect(Terminal.characterKey(27) == .escape)
	}
}
