/**
Reads SGR mouse reports (xterm's mode 1006), which the terminal layer asks for where ncurses
knows only the legacy encoding: `ESC [ < button ; column ; row` and `M` for a press or `m` for
a release, with 1-based coordinates written in digits (so there is no limit at column 223, as
in the legacy encoding).

```swift
SGRMouseReport.event(parameters: "0;10;5", final: "M")    //=> .click(row: 4, column: 9)
SGRMouseReport.event(parameters: "65;10;5", final: "M")   //=> .scrollDown(row: 4, column: 9)
SGRMouseReport.event(parameters: "0;10;5", final: "m")    //=> nil (a release)
```
*/
enum SGRMouseReport {
	/// Bits of the button number that say Shift, Meta (Alt) or Ctrl was held: a click is a click with any of them.
	private static let modifiers = 4 | 8 | 16
	/// The bit of the button number that marks a move with a button held.
	private static let motion = 32

	/// The editor's event for a report's `parameters` (what comes between `ESC [ <` and the final
	/// character) and its `final` character; `nil` for releases, moves, buttons the editor does
	/// not use, and text that is not a report.
	static func event(parameters: String, final: Character) -> MouseEvent? {
		let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
		guard final == "M", numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2],
		      column >= 1, row >= 1, button & motion == 0 else { return nil }
		switch button & ~modifiers {
		case 0: return .click(row: row - 1, column: column - 1)
		case 64: return .scrollUp(row: row - 1, column: column - 1)
		case 65: return .scrollDown(row: row - 1, column: column - 1)
		default: return nil
		}
	}
}
