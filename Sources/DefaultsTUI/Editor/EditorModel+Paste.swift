import Defaults

extension EditorModel {
	/**
	Text the terminal marked as pasted: typed into the field being edited (a setting's text or
	the filter), never run as keys, so that a pasted `r` resets nothing and a pasted line
	break ends nothing. A line break at the end of the paste (a copied line) is left out; one
	inside it, or another control character, cannot go into a one-line field, and the paste is
	refused with a message. Anywhere else the paste is ignored, with a message saying where
	pasted text goes.
	*/
	func handlePaste(_ pasted: String) {
		let fieldTaking: Bool
		switch mode {
		case .editing(let session): fieldTaking = session.keyContext == .editingText
		case .filtering: fieldTaking = true
		default: fieldTaking = false
		}
		guard fieldTaking else {
			let edit = KeyMap.keyName(for: .edit, in: .browsing)
			message = Message(text: "Pasted text goes into a field being typed in (\(edit) starts typing); nothing was pasted.", isError: true, key: nil)
			return
		}
		let text: String
		switch Self.typeable(pasted) {
		case .success(let typeable): text = typeable
		case .failure(let refusal):
			message = Message(text: refusal.reason, isError: true, key: nil)
			return
		}
		switch mode {
		case .editing(var session):
			handleEditing(nil, key: .paste(text), session: &session)
		case .filtering(var buffer):
			handleFiltering(nil, key: .paste(text), buffer: &buffer)
		default:
			break
		}
	}

	/// Why pasted text cannot be typed into a one-line field.
	struct PasteRefusal: Error {
		let reason: String
	}

	/// `pasted` as it can be typed into a one-line field: without one line break at its end.
	static func typeable(_ pasted: String) -> Result<String, PasteRefusal> {
		var text = Substring(pasted)
		if text.hasSuffix("\r\n") || text.hasSuffix("\n") || text.hasSuffix("\r") {
			text = text.dropLast()
		}
		if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
			return .failure(PasteRefusal(reason: "The pasted text has line breaks, which a one-line field cannot take; nothing was pasted."))
		}
		if text.unicodeScalars.contains(where: { $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }) {
			return .failure(PasteRefusal(reason: "The pasted text has control characters, which a field does not take; nothing was pasted."))
		}
		return .success(String(text))
	}
}
