import Defaults
import Foundation

/**
A setting's text out in `$EDITOR`: the text handed over, to tell an unchanged edit from a
real one, and the stored value it started from, to tell whether another program changed it
meanwhile. When the text comes back, ``judge(_:for:storedNow:)`` says what it means.

```swift
let edit = ExternalEdit(key: "spellingLanguages", text: "[\"en\"]\n", base: ["en"])
edit.judge("[\"en\", \"fr\"]", for: setting, storedNow: ["en"])   // .value(["en", "fr"])
```
*/
struct ExternalEdit: Equatable {
	/// What text back from `$EDITOR` means.
	enum Verdict: Equatable {
		/// The text is the one handed over (but for white space at its ends): nothing to save.
		case unchanged
		/// Another program changed the value meanwhile: ask before writing over it (`question`).
		case changedElsewhere(question: String)
		/// The value the text spells, checked against the setting.
		case value(Defaults.JSONValue)
		/// The text does not parse or fit (`error`, with the line and column of a JSON error).
		case doesNotFit(error: String)
	}

	/// Text back from `$EDITOR` that does not fit, or came after another program changed the
	/// value, kept while the person chooses: edit it again (``again(key:storedNow:)``) or discard it.
	struct Kept: Equatable {
		/// The key of the setting edited.
		let key: String
		/// The text as it came back.
		let text: String
		/// What is wrong with it, or the question about the change made elsewhere.
		let error: String
	}

	/// The key of the setting edited.
	let key: String
	/// The text handed to `$EDITOR`.
	let text: String
	/// The stored value when the edit began (`nil`: none).
	let base: Defaults.JSONValue?

	/// A second round on kept text: the value stored now (`storedNow`) is the one the edit
	/// replaces (the person saw the question), so the kept text saved as it is counts as a change.
	static func again(key: String, storedNow: Defaults.JSONValue?) -> ExternalEdit {
		ExternalEdit(key: key, text: storedNow?.jsonString() ?? "", base: storedNow)
	}

	/// What `edited` means for `setting`, whose stored value is `storedNow`.
	func judge(_ edited: String, for setting: Setting, storedNow: Defaults.JSONValue?) -> Verdict {
		if edited == text || edited.trimmingCharacters(in: .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines) {
			return .unchanged
		}
		if base != storedNow {
			return .changedElsewhere(question: "\(setting.title) changed elsewhere while you edited it; \(KeyMap.keyName(for: .editAgain, in: .retryingEdit)) edits your text again "
				+ "(and saves it over that change), \(KeyMap.keyName(for: .discard, in: .retryingEdit)) keeps the other value")
		}
		return Self.parse(edited, for: setting)
	}

	/// Text that no edit handed over (the editor's record of it is gone): only parsed.
	static func parse(_ edited: String, for setting: Setting) -> Verdict {
		switch setting.parse(edited) {
		case .success(let value): .value(value)
		case .failure(let error): .doesNotFit(error: "\(setting.title): \(error.message)")
		}
	}
}
