/**
Quitting when the store could not keep the changes: the question asked (with the save's
error), the answer to it, and what the program is told afterwards (``unsavedAtQuit``).

```swift
var quitting = QuitGuard()
quitting.ask(because: "the disk is full")
quitting.answer(.confirm)   // .quit; unsavedAtQuit: "the changes were not saved: the disk is full"
```
*/
struct QuitGuard: Equatable {
	/// What an answer to the question does.
	enum Answer: Equatable {
		/// Quit now, the changes not kept.
		case quit
		/// Write every value to a file, then quit.
		case export
		/// Stay in the editor.
		case stay
		/// The key answers nothing: the question stays.
		case none
	}

	/// Why the store could not keep the changes, while the question is open; `nil` when none is.
	private(set) var reason: String?
	/// Why the editor ended with changes the store could not keep, for the program to report;
	/// `nil` when all were kept.
	private(set) var unsavedAtQuit: String?

	/// Whether the question is open.
	var isAsking: Bool { reason != nil }

	/// Opens the question: the save made before quitting failed with `reason`.
	mutating func ask(because reason: String) {
		self.reason = reason
	}

	/// The answer `command` gives (`y` quits, `w` writes a file first, `n` or Esc stays).
	mutating func answer(_ command: Command?) -> Answer {
		guard let reason else { return .none }
		switch command {
		case .confirm:
			unsavedAtQuit = "the changes were not saved: \(reason)"
			return .quit
		case .exportAndQuit:
			return .export
		case .decline:
			self.reason = nil
			return .stay
		default:
			return .none
		}
	}

	/// After the export the answer asked for: the values are in `file` (`nil`: writing it failed, with `failure`).
	mutating func exported(to file: String?, failure: String?) {
		guard let reason else { return }
		if let file {
			unsavedAtQuit = "the changes were not saved (\(reason)); every value is in \(file): defaults-tui import \(file) applies them"
		} else {
			unsavedAtQuit = "the changes were not saved (\(reason)), and writing them to a file failed too: \(failure ?? "unknown error")"
		}
	}

	/// The message line's words when the person chose to stay.
	static let stayMessage = "Not quitting; the changes are kept in memory and saved when the store can take them."
}
