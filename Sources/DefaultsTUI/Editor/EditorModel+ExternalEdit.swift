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
		pendingExternalEdit = nil
		mode = .browsing
		let verdict = pending?.judge(text, for: setting, storedNow: store.storedValue(forKey: key)) ?? ExternalEdit.parse(text, for: setting)
		switch verdict {
		case .unchanged:
			message = Message(text: "\(setting.title) is unchanged; nothing was saved.", isError: false, key: key)
		case .changedElsewhere(let question):
			// Another program changed the value while the person edited it: ask, as in-place fields
			// do, rather than write over that change.
			mode = .retryingExternalEdit(ExternalEdit.Kept(key: key, text: text, error: question))
		case .value(let value):
			if wouldLeaveUnchanged(setting, value) {
				message = Message(text: "\(setting.title) is unchanged; nothing was saved.", isError: false, key: key)
			} else {
				apply(setting, value)
			}
		case .doesNotFit(let error):
			mode = .retryingExternalEdit(ExternalEdit.Kept(key: key, text: text, error: error))
		}
	}

	/// `e` opens `$EDITOR` again on the kept text; `d` (or Esc, or `q`) drops it and keeps what is
	/// stored. Other keys leave the question open.
	func handleRetry(_ command: Command?, kept: ExternalEdit.Kept) -> EditorAction {
		switch command {
		case .editAgain:
			mode = .browsing
			pendingExternalEdit = .again(key: kept.key, storedNow: store.storedValue(forKey: kept.key))
			return .editExternally(key: kept.key, text: kept.text)
		case .discard:
			mode = .browsing
			let title = settingsByKey[kept.key]?.title ?? kept.key
			message = Message(text: "Your edit was discarded; \(title) is unchanged.", isError: false, key: nil)
		default:
			break
		}
		return .none
	}
}
