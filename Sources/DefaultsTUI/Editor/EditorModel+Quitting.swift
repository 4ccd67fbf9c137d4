import Defaults

extension EditorModel {
	/**
	Asks before quitting, because the store could not keep the changes (`reason`, the save's
	error): `y` quits anyway, `w` writes every value to a file first, `n` or Esc stays. The
	terminal layer calls it when the save it makes on `q` fails.
	*/
	public func askBeforeQuitting(because reason: String) {
		quitting.ask(because: reason)
		mode = .confirmingQuit
		message = nil
	}

	/// The key in the quit question.
	func handleQuitting(_ command: Command?) -> EditorAction {
		switch quitting.answer(command) {
		case .quit:
			return .quit
		case .export:
			// The user's own values (a layered store's system-wide ones are not theirs to keep).
			return .exportAndQuit(values: layers?.user.storedValues() ?? store.storedValues())
		case .stay:
			mode = .browsing
			message = Message(text: QuitGuard.stayMessage, isError: false, key: nil)
		case .none:
			break
		}
		return .none
	}

	/// After ``EditorAction/exportAndQuit(values:)``: the values are in `file` (`nil`: writing it
	/// failed, with `failure`), and the editor ends with what was not saved named.
	public func quitAfterExport(to file: String?, failure: String? = nil) {
		guard case .confirmingQuit = mode else { return }
		quitting.exported(to: file, failure: failure)
	}
}
