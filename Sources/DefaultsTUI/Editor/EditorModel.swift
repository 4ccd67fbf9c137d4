import Defaults
import Foundation

/**
The settings editor as a pure model: key presses and store changes go in, a
``Screen`` comes out. It draws nothing itself, so every behaviour can be tested
without a terminal; ``TerminalEditor`` connects it to ncurses.

Keys become commands through the one `KeyMap`; commands that change a setting go
to the setting's widget (`Widgets/`), which says what they mean for its kind. The
model routes the rest to its parts, each with one job: `Selection` (the selected
setting, the filter, the modified-only view and the list they leave), `EditSession`
(a widget's edit in progress), `History` (undo and redo), `ExternalEdit` (a value out
in `$EDITOR`) and `QuitGuard` (quitting when the store could not keep the changes).

```swift
let model = EditorModel(schema: schema, store: LayeredStore.standard)
model.handle(.down)
model.handle(.character(" "))   // flips the selected toggle
let screen = model.render()
```
*/
public final class EditorModel {
	enum Mode {
		case browsing
		/// A widget edits a setting: text in place, or a list.
		case editing(EditSession)
		case filtering(TextBuffer)
		case reading(HelpPage)
		case confirmingResetAll
		/// `$EDITOR` returned text that does not fit: edit it again or discard it.
		case retryingExternalEdit(ExternalEdit.Kept)
		/// Quitting, the store could not keep the changes (``QuitGuard``): quit anyway, write them to a file, or stay.
		case confirmingQuit
		/// Typing a map member's name on the message line: a new member's, or a new name for one.
		case naming(NamePrompt)
	}

	/// A help page and how far it is scrolled.
	struct HelpPage: Equatable {
		enum Content: Equatable {
			case setting(String)
			case keys
		}

		var content: Content
		var scroll = 0
	}

	/// The screen rows and columns a list drawn over the settings covers; its first row is its top border.
	struct ListBoxPlacement: Equatable {
		var rows: Range<Int>
		var columns: Range<Int>
	}

	/// The message line: what just happened, or a problem; `key` is the setting it speaks of.
	struct Message: Equatable {
		var text: String
		var isError: Bool
		var key: String?
	}

	typealias Row = Selection.Row
	typealias ShownList = Selection.ShownList

	/// The settings shown, in their sections; made again while the editor is open when
	/// ``schemaFromStore`` is set.
	public private(set) var schema: SettingsSchema
	/// Where the settings' values are kept: the store the editor was given, seen through a
	/// `MemberPathStore` so that the items and members a page shows are read and written in place.
	public let store: any DefaultsStore
	/// ``store`` as the store of member paths the pages add their items' paths to.
	let pathStore: MemberPathStore
	/**
	Makes the schema again from the store's values, for settings that come and go with the
	store's keys: a schema inferred from a file's values, or one that shows the keys it does
	not name. When set, keys another program adds appear as the store reports them, a key
	whose value changes type is shown as its new kind, and a key removed stays, not set.

	```swift
	model.schemaFromStore = { SettingsSchema.inferred(from: store.storedValues(), title: "x.json") }
	```
	*/
	public var schemaFromStore: (() -> SettingsSchema)?
	/// Every setting by key, and every key the editor shows: looked up on each key press.
	private(set) var settingsByKey: [String: Setting]
	/// The keys of the settings shown, to observe in the store.
	public private(set) var keyNames: Set<String>
	/// Each setting's widget, by key.
	private(set) var widgets: [String: any SettingWidget]
	/// Where the store lives, for the title bar.
	public var storeDescription: String
	/// Why the settings file has its schema, shown after the schema's title (`catalogue`,
	/// `$schema`, `--schema`): `Starship (catalogue) — ~/.config/starship.toml`; `nil` for none.
	public var schemaNote: String?
	/// Where a schema fetched after the editor opened arrives (see ``SchemaArrival``); `nil` when none is awaited.
	public var schemaArrival: SchemaArrival?

	/// The title bar's words: the schema's title, why it was chosen, and where the store lives;
	/// on a page, the page's breadcrumb (`jobs › build › steps`) after the schema's title.
	var titleText: String {
		let note = schemaNote.map { " (\($0))" } ?? ""
		let title = pages.last.map { "\(rootSchema.title) › \($0.page.title)" } ?? schema.title
		return "\(title)\(note)\(storeDescription.isEmpty ? "" : " — \(storeDescription)")"
	}
	/// The pages opened from lists, maps and forms, the innermost last; empty in the settings' own list.
	var pages: [PageFrame] = []
	/// How many times a page was made again after its container changed (a test's measure that a
	/// change inside one item of a long list does not make its page again).
	var pagesRemade = 0
	/// Every setting a change was written to, by key, for undo and redo on another page.
	var writtenSettings: [String: Setting] = [:]
	let now: () -> Date

	var width = 80
	var height = 24
	var mode = Mode.browsing
	/// Whether the screen is drawn with ASCII in place of symbols (`*` for ●), for a terminal whose
	/// locale cannot show them (see ``Symbols``); the terminal layer sets it.
	var drawsASCIISymbols = false
	/// Whether Esc, with no filter to leave, goes back to a list the editor was opened from
	/// (``EditorAction/back``); ``TerminalBrowser`` sets it for the programs it opens.
	public var canGoBack = false
	/// What Esc goes back to, as the hint bar names it when ``canGoBack`` is set: `programs`, or
	/// `search` for a program opened from a search's results.
	public var backHint = "programs"
	/// Why the editor ended with changes the store could not keep (the person chose to quit
	/// anyway, or to write them to a file), for the program to report; `nil` when all were kept.
	public var unsavedAtQuit: String? { quitting.unsavedAtQuit }
	/// Quitting when the store could not keep the changes: the question and its answer.
	var quitting = QuitGuard()
	/// Which settings are shown and which is selected.
	var selection: Selection
	var message: Message?
	/// Stored values this editor knows, by key; a missing key has no stored value.
	private(set) var values: [String: Defaults.JSONValue] = [:]
	/// Keys whose stored value differs from the default (what "modified" counts everywhere).
	private(set) var modifiedKeys: Set<String> = []
	/// Each setting's value as its widget sees it, checked once after it changes rather than on
	/// every render (checking a long value against a pattern or a length takes time).
	private var settingValues: [String: SettingValue] = [:]
	/// The settings locked when the editor last looked (see ``storeDidChange(keys:)``).
	var lockedKeys: Set<String> = []
	/// What can be undone and redone.
	var history = History()
	/// When each recently changed setting stops being highlighted.
	var flashes: [String: Date] = [:]
	/// The setting out in `$EDITOR`, if one is.
	var pendingExternalEdit: ExternalEdit?
	/// Which setting each screen row showed in the last render, for the mouse.
	var settingsOnScreen: [Int: String] = [:]
	/// Where the last render drew an open list (a picker's, a checklist's), for the mouse.
	var listBoxOnScreen: ListBoxPlacement?
	/// The store's condition (`not saved`, `offline`) as the title bar last showed it.
	var conditionShown: String?

	static let flashDuration: TimeInterval = 1.5

	/// An editor model for `schema`'s settings in `store`; `now` is the clock for highlights (tests give their own).
	public init(schema: SettingsSchema, store: any DefaultsStore, storeDescription: String = "", now: @escaping () -> Date = Date.init) {
		self.schema = schema
		// Over a store of member paths too (a schema's nested settings): its keys read through this one.
		let pathStore = MemberPathStore(base: store, paths: [:])
		self.store = pathStore
		self.pathStore = pathStore
		self.storeDescription = storeDescription
		self.now = now
		settingsByKey = Dictionary(schema.settings.map { ($0.key, $0) }) { first, _ in first }
		keyNames = Set(settingsByKey.keys)
		widgets = settingsByKey.mapValues(Widgets.widget(for:))
		selection = Selection(schema: schema)
		for setting in schema.settings {
			record(setting.key, store.storedValue(forKey: setting.key))
		}
		_ = refreshLockedKeys()
	}

	// MARK: State the rendering and the tests read

	/// The selected setting, if the filter and the modified-only view show it.
	var selectedSetting: Setting? {
		guard let key = selectedKey, shown.indexByKey[key] != nil else { return nil }
		return settingsByKey[key]
	}

	func isModified(_ setting: Setting) -> Bool {
		modifiedKeys.contains(setting.key)
	}

	/// The value of a setting as its widget sees it: stored, effective, and any problem.
	func settingValue(_ setting: Setting) -> SettingValue {
		if let known = settingValues[setting.key] { return known }
		let value = SettingValue(setting: setting, stored: values[setting.key])
		settingValues[setting.key] = value
		return value
	}

	/// Whether storing `value` would change nothing a program reads or the file holds: it is
	/// the value in effect, and it is stored already or nothing is (the default applies).
	func wouldLeaveUnchanged(_ setting: Setting, _ value: Defaults.JSONValue?) -> Bool {
		value == currentValue(setting) && (values[setting.key] == nil || values[setting.key] == value)
	}

	/// The value a program reads: the stored one when it fits, else the default.
	func currentValue(_ setting: Setting) -> Defaults.JSONValue? {
		setting.effectiveValue(stored: values[setting.key])
	}

	var rows: [Row] { shown.rows }

	var visibleSettings: [Setting] { shown.settings }

	/// The list the filter and the modified-only view leave.
	var shown: ShownList { selection.shown(modified: modifiedKeys) }

	var selectedKey: String? {
		get { selection.selectedKey }
		set { selection.selectedKey = newValue }
	}

	var filterText: String {
		get { selection.filterText }
		set { selection.filterText = newValue }
	}

	var showsModifiedOnly: Bool {
		get { selection.showsModifiedOnly }
		set { selection.showsModifiedOnly = newValue }
	}

	/// Shows `newSchema`'s settings from now on: their widgets made, the new ones' values read,
	/// the list and the filter's texts made again. The selection and an edit stay where they are.
	func adopt(_ newSchema: SettingsSchema) {
		// On a page, the settings' own list changes beneath it: shown when the person goes back.
		guard pages.isEmpty else {
			pages[0].belowSchema = newSchema
			pages[0].belowSelection.adopt(newSchema)
			return
		}
		schema = newSchema
		settingsByKey = Dictionary(newSchema.settings.map { ($0.key, $0) }) { first, _ in first }
		keyNames = Set(settingsByKey.keys)
		widgets = settingsByKey.mapValues(Widgets.widget(for:))
		selection.adopt(newSchema)
		for setting in newSchema.settings {
			record(setting.key, store.storedValue(forKey: setting.key))
		}
	}

	/// Shows `newSchema`'s settings (a page's, or the list beneath on the way back): their widgets
	/// made and values read; `containers` (the settings the pages open are the values of) are
	/// followed too, for their pages to be made again when they change.
	func setShown(_ newSchema: SettingsSchema, containers: [Setting]) {
		schema = newSchema
		var byKey = Dictionary(newSchema.settings.map { ($0.key, $0) }) { first, _ in first }
		for container in containers where byKey[container.key] == nil { byKey[container.key] = container }
		settingsByKey = byKey
		keyNames = Set(byKey.keys)
		widgets = byKey.mapValues(Widgets.widget(for:))
		// What the level left showed is counted no more (the title's count is of what is shown).
		for key in values.keys where byKey[key] == nil { values.removeValue(forKey: key) }
		modifiedKeys = modifiedKeys.filter { byKey[$0] != nil }
		settingValues = settingValues.filter { byKey[$0.key] != nil }
		for setting in byKey.values {
			record(setting.key, store.storedValue(forKey: setting.key))
		}
	}

	// MARK: Store

	/// Notes a stored value (`nil`: none) and whether it makes the setting modified.
	func record(_ key: String, _ value: Defaults.JSONValue?) {
		if let value { values[key] = value } else { values.removeValue(forKey: key) }
		settingValues.removeValue(forKey: key)
		let wasModified = modifiedKeys.contains(key)
		let isModified = settingsByKey[key].map { SettingValue.isModified($0, stored: value) } ?? false
		if isModified { modifiedKeys.insert(key) } else { modifiedKeys.remove(key) }
		if wasModified != isModified { selection.modifiedChanged(key, modified: modifiedKeys) }
	}

	/**
	Tells the editor that keys changed in the store (`nil`: any key), and returns whether
	anything changed.

	Changed settings are highlighted for a moment; a change to the setting being edited does not touch the
	edit but is announced, and Ctrl-R takes the new value.
	*/
	@discardableResult
	public func storeDidChange(keys reported: Set<String>?) -> Bool {
		// A page's items lie inside the top-level values that changed.
		let keys = reported.map(pageKeys(inside:))
		// Keys that came, went or changed type make the schema again (a schema made from the store's values).
		var changed = refreshSchema(after: keys)
		// A locks file that changed says "any key": a setting may be locked or unlocked without a new value.
		changed = keys == nil && refreshLockedKeys() || changed
		for key in keys ?? keyNames where keyNames.contains(key) {
			let value = store.storedValue(forKey: key)
			guard value != values[key], let setting = settingsByKey[key] else { continue }
			record(key, value)
			flashes[key] = now().addingTimeInterval(Self.flashDuration)
			changed = true
			if message?.key == key { message = nil }
			if case .editing(var session) = mode, session.key == key {
				message = Message(text: session.changedUnderneath(value, of: setting), isError: false, key: nil)
				mode = .editing(session)
			}
		}
		// A page whose container changed elsewhere is made again, or left when the container went.
		return refreshPages(after: keys) || changed
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

	/**
	Writes a value (`nil` removes it) and tells the setting's `onChange`; returns the
	change, or `nil` when the value was already stored.
	*/
	@discardableResult
	func write(_ setting: Setting, _ newValue: Defaults.JSONValue?) -> Change? {
		let previous = values[setting.key]
		let own = ownValue(of: setting.key)
		// A reset with no value of the user's to remove (the value is a system-wide one) changes nothing.
		guard newValue != previous, newValue != nil || own != nil, lockingFile(of: setting.key) == nil else { return nil }
		if let newValue {
			store.setStoredValue(newValue, forKey: setting.key)
		} else {
			store.removeStoredValue(forKey: setting.key)
		}
		// What the store reads now: after a reset, a system-wide value rather than the default.
		let current = store.storedValue(forKey: setting.key)
		record(setting.key, current)
		writtenSettings[setting.key] = setting
		setting.onChange?(setting.effectiveValue(stored: current))
		pageValueChanged()
		return Change(key: setting.key, before: own, after: newValue)
	}

	/// One person's change to one setting: written, undoable, and announced.
	func apply(_ setting: Setting, _ newValue: Defaults.JSONValue?, verb: String = "set to") {
		if let refusal = lockRefusal(setting) {
			message = Message(text: refusal, isError: true, key: nil)
			return
		}
		// A member of an object: the object as a whole must still fit its schema.
		if let newValue, let problem = rootSchema.problem(writing: newValue, to: setting, in: store) {
			message = Message(text: "\(setting.title) was not changed: \(problem.message)", isError: true, key: nil)
			return
		}
		guard let change = write(setting, newValue) else { return }
		history.record([change], title: "the change to \(setting.title)")
		let current = values[setting.key]
		let from = newValue == nil && current != nil ? ", the system-wide value" : ""
		message = Message(text: "\(setting.title) \(verb) \(setting.displayText(for: setting.effectiveValue(stored: current)))\(from).", isError: false, key: setting.key)
	}

	/// Removes every stored value of the schema's settings, as one undo step.
	func resetAll() {
		// A page's items are parts of the settings' own: the reset shows that list again.
		leaveAllPages()
		let changes = schema.settings.filter { values[$0.key] != nil }.compactMap { write($0, nil) }
		history.record(changes, title: "the reset of all settings")
		let count = changes.count
		let locked = schema.settings.filter { lockingFile(of: $0.key) != nil }.count
		let kept = locked == 0 ? "" : " (\(locked) locked by an administrator kept theirs)"
		message = Message(text: "Reset \(count) setting\(count == 1 ? "" : "s") to the defaults\(kept).", isError: false, key: nil)
	}
}
