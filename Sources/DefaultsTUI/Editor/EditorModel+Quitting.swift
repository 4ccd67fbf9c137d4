import Defaults

extension EditorModel {
	/**
	Asks before quitting, because the store could not keep the changes (`reason`, the save's
	error): `y` quits anyway, `w` writes every value to a file first, `n` or Esc stays. The
	terminal layer calls it when the save it makes on `q` fails.
	*/
	public func askBeforeQuitting(because reason: String) {
		mode = .confirmingQuit(reason: reason)
		message = nil
	}

	/// The key in the quit question.
	func handleQuitting(_ command: Command?, reason: String) -> EditorAction {
		switch command {
		case .confirm:
			unsavedAtQuit = "the changes were not saved: \(reason)"
			return .quit
		case .exportAndQuit:
			// The user's own values (a layered store's system-wide ones are not theirs to keep).
			return .exportAndQuit(values: layers?.user.storedValues() ?? store.storedValues())
		case .decline:
			mode = .browsing
			message = Message(text: "Not quitting; the changes are kept in memory and saved when the store can take them.", isError: false, key: nil)
		default:
			break
		}
		return .none
	}

	/// After ``EditorAction/exportAndQuit(values:)``: the values are in `file` (`nil`: writing it
	/// failed, with `failure`), and the editor ends with what was not saved named.
	public func quitAfterExport(to file: String?, failure: String? = nil) {
		guard case .confirmingQuit(let reason) = mode else { return }
		if let file {
			unsavedAtQuit = "the changes were not saved (\(reason)); every value is in \(file): defaults-tui import \(file) applies them"
		} else {
			unsavedAtQuit = "the changes were not saved (\(reason)), and writing them to a file failed too: \(failure ?? "unknown error")"
		}
	}
}
