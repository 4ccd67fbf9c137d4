import Defaults
import Foundation

/**
The settings editor as a pure model: key presses and store changes go in, a
``Screen`` comes out. It draws nothing itself, so every behaviour can be tested
without a terminal; ``TerminalEditor`` connects it to ncurses.

```swift
let model = EditorModel(schema: schema, store: FileStore.standard)
model.handle(.down)
model.handle(.character(" "))   // flips the selected toggle
let screen = model.render()
```
*/
public final class EditorModel {
	enum Mode: Equatable {
		case browsing
		case editing(key: String, buffer: TextBuffer, error: String?)
		case choosing(key: String, index: Int)
		case confirmingResetAll
		case filtering(TextBuffer)
		case help
	}

	enum Row: Equatable {
		case header(String)
		case setting(Setting)
	}

	public let schema: SettingsSchema
	public let store: any DefaultsStore
	/// Every setting by key, and every key the editor shows: looked up on each key press.
	let settingsByKey: [String: Setting]
	public let keyNames: Set<String>
	/// Where the store lives, for the title bar.
	public var storeDescription: String
	let now: () -> Date

	var width = 80
	var height = 24
	var mode = Mode.browsing
	var selectedKey: String?
	var scrollTop = 0
	var filterText = ""
	var showsModifiedOnly = false
	var message: (text: String, isError: Bool)?
	/// Values this editor knows, by key; a missing key has no stored value.
	var values: [String: Defaults.JSONValue] = [:]
	var undoStack: [(key: String, previous: Defaults.JSONValue?)] = []
	/// When each recently changed setting stops being highlighted.
	var flashes: [String: Date] = [:]
	/// A value that changed in the store while the person was editing that setting.
	var changedUnderneath: (key: String, value: Defaults.JSONValue?)?

	static let flashDuration: TimeInterval = 1.5

	public init(schema: SettingsSchema, store: any DefaultsStore, storeDescription: String = "", now: @escaping () -> Date = Date.init) {
		self.schema = schema
		self.store = store
		self.storeDescription = storeDescription
		self.now = now
		settingsByKey = Dictionary(schema.settings.map { ($0.key, $0) }) { first, _ in first }
		keyNames = Set(settingsByKey.keys)
		reloadAll()
		selectedKey = schema.settings.first?.key
	}

	// MARK: State the rendering and the tests read

	/// The selected setting, if the filter and the modified-only view show it.
	var selectedSetting: Setting? {
		guard let setting = selectedKey.flatMap({ settingsByKey[$0] }) else { return nil }
		return isShown(setting) ? setting : nil
	}

	func isShown(_ setting: Setting) -> Bool {
		matchesFilter(setting) && (!showsModifiedOnly || isModified(setting))
	}

	func isModified(_ setting: Setting) -> Bool {
		guard let value = values[setting.key] else { return false }
		return value != setting.defaultValue
	}

	/// The value shown for a setting: the stored one, or the default.
	func currentValue(_ setting: Setting) -> Defaults.JSONValue? {
		values[setting.key] ?? setting.defaultValue
	}

	func matchesFilter(_ setting: Setting) -> Bool {
		guard !filterText.isEmpty else { return true }
		let needle = filterText.lowercased()
		return setting.key.lowercased().contains(needle) || setting.title.lowercased().contains(needle)
			|| (setting.help?.lowercased().contains(needle) ?? false)
	}

	var rows: [Row] {
		var rows: [Row] = []
		for section in schema.sections {
			let shown = section.settings.filter(isShown)
			guard !shown.isEmpty else { continue }
			rows.append(.header(section.title))
			rows += shown.map(Row.setting)
		}
		return rows
	}

	var visibleSettings: [Setting] {
		rows.compactMap { row in
			if case .setting(let setting) = row { return setting }
			return nil
		}
	}

	// MARK: Store

	/// Re-reads every value from the store.
	func reloadAll() {
		values = [:]
		for setting in schema.settings {
			values[setting.key] = store.storedValue(forKey: setting.key)
		}
	}

	/**
	Tells the editor that keys changed in the store (`nil`: any key). Changed settings are
	highlighted for a moment; a change to the setting being edited does not touch the
	edit but is announced, and Ctrl-R takes the new value. Returns whether anything changed.
	*/
	@discardableResult
	public func storeDidChange(keys: Set<String>?) -> Bool {
		var changed = false
		for key in keys ?? keyNames where keyNames.contains(key) {
			let value = store.storedValue(forKey: key)
			guard value != values[key] else { continue }
			values[key] = value
			flashes[key] = now().addingTimeInterval(Self.flashDuration)
			changed = true
			if case .editing(let editedKey, _, _) = mode, editedKey == key {
				changedUnderneath = (key, value)
				let setting = settingsByKey[key]
				let shown = setting?.displayText(for: value ?? setting?.defaultValue) ?? "?"
				message = ("\(setting?.title ?? key) changed elsewhere to \(shown): ⏎ keeps your edit, Ctrl-R takes the new value, Esc cancels.", false)
			}
		}
		return changed
	}

	/// When the next highlight ends, so the event loop can redraw then.
	public var nextFlashExpiry: Date? {
		flashes.values.min()
	}

	/// Ends highlights whose time is up; returns whether any ended.
	@discardableResult
	public func expireFlashes() -> Bool {
		let moment = now()
		let expired = flashes.filter { $0.value <= moment }.map(\.key)
		expired.forEach { flashes.removeValue(forKey: $0) }
		return !expired.isEmpty
	}

	/// Writes a value (`nil` removes it), remembering the previous one for undo.
	func apply(_ setting: Setting, _ newValue: Defaults.JSONValue?, verb: String = "set to") {
		let previous = values[setting.key]
		if let newValue {
			guard newValue != previous else { return }
			store.setStoredValue(newValue, forKey: setting.key)
			values[setting.key] = newValue
		} else {
			guard previous != nil else { return }
			store.removeStoredValue(forKey: setting.key)
			values.removeValue(forKey: setting.key)
		}
		undoStack.append((setting.key, previous))
		message = ("\(setting.title) \(verb) \(setting.displayText(for: newValue ?? setting.defaultValue)).", false)
	}

	func undo() {
		guard let (key, previous) = undoStack.popLast(), let setting = settingsByKey[key] else {
			message = ("Nothing to undo.", false)
			return
		}
		if let previous {
			store.setStoredValue(previous, forKey: key)
			values[key] = previous
		} else {
			store.removeStoredValue(forKey: key)
			values.removeValue(forKey: key)
		}
		selectedKey = key
		message = ("Undid the change to \(setting.title).", false)
	}

	func resetAll() {
		var count = 0
		for setting in schema.settings where values[setting.key] != nil {
			undoStack.append((setting.key, values[setting.key]))
			store.removeStoredValue(forKey: setting.key)
			values.removeValue(forKey: setting.key)
			count += 1
		}
		message = ("Reset \(count) setting\(count == 1 ? "" : "s") to the defaults.", false)
	}
}
