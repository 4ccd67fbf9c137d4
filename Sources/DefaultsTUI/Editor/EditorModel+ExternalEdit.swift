import Defaults

extension EditorModel {
	/**
	Applies text edited in `$EDITOR` to the setting it came from (`nil`: the editor
	failed).

	Text that does not parse or fit is kept: the message line offers to edit
	it again (`e`) or discard it (`d`, Esc or `q`), with the line and column of a JSON error.
	Text that was not changed writes nothing.
	*/
	public func finishExternalEdit(key: String, text: String?) {
		guard let text else {
			externalEditFailed(key: key, reason: "the editor did not finish")
			return
		}
		finishExternalEdit(key: key, edited: text)
	}

	/// After an edit in `$EDITOR` that came to nothing (`reason`: the editor was not found,
	/// failed, or was killed): the setting is unchanged, and the message line says why.
	public func externalEditFailed(key: String, reason: String) {
		pendingExternalEdit = nil
		mode = .browsing
		let title = settingsByKey[key]?.title ?? key
		message = Message(text: "\(title) is unchanged: \(reason).", isError: true, key: nil)
	}

	private func finishExternalEdit(key: String, edited text: String) {
		guard let setting = settingsByKey[key] else { return }
		let pending = pendingExternalEdit?.key == key ? pendingExternalEdit : nil
		let original = pending?.text
		pendingExternalEdit = nil
		mode = .browsing
		if text == original || text.trimmingCharacters(in: .whitespacesAndNewlines) == original?.trimmingCharacters(in: .whitespacesAndNewlines) {
			message = Message(text: "\(setting.title) is unchanged; nothing was saved.", isError: false, key: key)
			return
		}
		// Another program changed the value while the person edited it: ask, as in-place fields
		// do, rather than write over that change.
		if let pending, pending.base != store.storedValue(forKey: key) {
			mode = .retryingExternalEdit(
				key: key, text: text,
				error: "\(setting.title) changed elsewhere while you edited it; \(KeyMap.keyName(for: .editAgain, in: .retryingEdit)) edits your text again "
					+ "(and saves it over that change), \(KeyMap.keyName(for: .discard, in: .retryingEdit)) keeps the other value"
			)
			return
		}
		switch setting.parse(text) {
		case .success(let value):
			if wouldLeaveUnchanged(setting, value) {
				message = Message(text: "\(setting.title) is unchanged; nothing was saved.", isError: false, key: key)
			} else {
				apply(setting, value)
			}
		case .failure(let error):
			mode = .retryingExternalEdit(key: key, text: text, error: "\(setting.title): \(error.message)")
		}
	}

	/// `e` opens `$EDITOR` again on the kept text; `d` (or Esc, or `q`) drops it and keeps what is
	/// stored. Other keys leave the question open.
	func handleRetry(_ command: Command?, key: String, text: String) -> EditorAction {
		switch command {
		case .editAgain:
			mode = .browsing
			// From here the value as it is now is the one this edit replaces (the person saw the
			// question), and the kept text saved as it is counts as a change to it.
			let current = store.storedValue(forKey: key)
			pendingExternalEdit = (key, current?.jsonString() ?? "", current)
			return .editExternally(key: key, text: text)
		case .discard:
			mode = .browsing
			let title = settingsByKey[key]?.title ?? key
			message = Message(text: "Your edit was discarded; \(title) is unchanged.", isError: false, key: nil)
		default:
			break
		}
		return .none
	}
}
