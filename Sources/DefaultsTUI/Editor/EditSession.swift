import Defaults

/**
An edit in progress: the setting being edited, the widget's editor doing it (text typed in
place, a list open), and a value that changed in the store meanwhile, which the edit does not
take unless the person asks (Ctrl-R).

```swift
var session = EditSession(key: "username", editor: editor)
session.changedUnderneath("someone")   // another program wrote it
session.takeOutsideValue(of: setting)   // Ctrl-R: the editor starts over from "someone"
```
*/
struct EditSession {
	/// The key of the setting being edited.
	let key: String
	/// The widget's editor, which takes the keys while the edit lasts.
	var editor: any WidgetEditor
	/// The value another program stored meanwhile (`.some(nil)`: it removed the value), until taken.
	private(set) var outsideValue: Defaults.JSONValue??

	/// An edit of the setting of `key` with `editor`, nothing changed elsewhere yet.
	init(key: String, editor: any WidgetEditor) {
		self.key = key
		self.editor = editor
	}

	/// Which part of the keymap applies: the editor's.
	var keyContext: KeyContext { editor.keyContext }

	/// Whether a value changed elsewhere waits to be taken (the hint bar offers Ctrl-R then).
	var offersOutsideValue: Bool { outsideValue != nil }

	/**
	Notes that the store's value of the edited setting became `value` while it is edited, and
	returns the message that says so and which keys keep the edit or take the new value.
	*/
	mutating func changedUnderneath(_ value: Defaults.JSONValue?, of setting: Setting) -> String {
		outsideValue = .some(value)
		let shown = setting.displayText(for: setting.effectiveValue(stored: value))
		return "\(setting.title) changed elsewhere to \(shown): \(KeyMap.keyName(for: .apply, in: .editingText)) keeps your edit, "
			+ "\(KeyMap.keyName(for: .takeOutsideValue, in: .editingText)) takes the new value, \(KeyMap.keyName(for: .cancel, in: .editingText)) cancels."
	}

	/// Starts the editor over from the value that changed elsewhere; `false`, changing nothing, when none did.
	mutating func takeOutsideValue(of setting: Setting) -> Bool {
		guard let value = outsideValue else { return false }
		outsideValue = nil
		editor.restart(from: setting.effectiveValue(stored: value))
		return true
	}
}
