import Defaults
import Foundation

extension EditorModel {
	/// Handles a key press and says what the terminal should do next.
	@discardableResult
	public func handle(_ key: EditorKey) -> EditorAction {
		if case .resize(let newWidth, let newHeight) = key {
			width = max(newWidth, 1)
			height = max(newHeight, 1)
			return .none
		}
		switch mode {
		case .browsing: return handleBrowsing(key)
		case .editing(let editedKey, var buffer, _): handleEditing(key, editedKey: editedKey, buffer: &buffer)
		case .choosing(let chosenKey, let index): handleChoosing(key, chosenKey: chosenKey, index: index)
		case .confirmingResetAll:
			if key == .character("y") || key == .character("Y") {
				resetAll()
			} else {
				message = ("Nothing was reset.", false)
			}
			mode = .browsing
		case .filtering(var buffer): handleFiltering(key, buffer: &buffer)
		case .help: mode = .browsing
		}
		return .none
	}

	/// Applies text edited in `$EDITOR` to the setting it came from; shows why when it does not fit.
	public func finishExternalEdit(key: String, text: String?) {
		guard let setting = settingsByKey[key] else { return }
		guard let text else {
			message = ("The editor did not finish; \(setting.title) is unchanged.", true)
			return
		}
		switch setting.parse(text) {
		case .success(let value): apply(setting, value)
		case .failure(let error): message = ("\(setting.title) is unchanged: \(error.message)", true)
		}
	}

	private func handleBrowsing(_ key: EditorKey) -> EditorAction {
		let setting = selectedSetting
		message = nil
		switch key {
		case .up, .character("k"): move(by: -1)
		case .down, .character("j"): move(by: 1)
		case .character("g"): move(toIndex: 0)
		case .character("G"): move(toIndex: visibleSettings.count - 1)
		case .pageUp where setting?.isSlider == true, .shiftLeft: setting.map { step($0, by: -$0.tenth) }
		case .pageDown where setting?.isSlider == true, .shiftRight: setting.map { step($0, by: $0.tenth) }
		case .pageUp: move(by: -pageSize)
		case .pageDown: move(by: pageSize)
		case .home where setting?.isSlider == true: setting.map { apply($0, $0.numberValue($0.minimum ?? 0)) }
		case .end where setting?.isSlider == true: setting.map { apply($0, $0.numberValue($0.maximum ?? 0)) }
		case .home: move(toIndex: 0)
		case .end: move(toIndex: visibleSettings.count - 1)
		case .left, .character("h"): setting.map { adjust($0, direction: -1) }
		case .right, .character("l"): setting.map { adjust($0, direction: 1) }
		case .character(" "): setting.map(activate)
		case .enter: if let setting { return enter(setting) }
		// While a filter is active, n and N move between its matches (Space still flips a toggle).
		case .character("n") where !filterText.isEmpty: move(by: 1, wrapping: true)
		case .character("N") where !filterText.isEmpty: move(by: -1, wrapping: true)
		case .character("y") where setting?.kind == .bool: setting.map { apply($0, true) }
		case .character("n") where setting?.kind == .bool: setting.map { apply($0, false) }
		case .character("e"): if let setting { return edit(setting, externally: true) }
		case .character("x"), .delete: setting.map(clear)
		case .character("r"):
			if let setting {
				apply(setting, nil, verb: "reset to")
			}
		case .character("R"):
			mode = .confirmingResetAll
		case .character("m"):
			showsModifiedOnly.toggle()
			message = (showsModifiedOnly ? "Showing modified settings only (m shows all)." : "Showing all settings.", false)
			keepSelectionVisible()
		case .character("/"): mode = .filtering(TextBuffer(filterText))
		case .escape where !filterText.isEmpty:
			filterText = ""
			keepSelectionVisible()
		case .character("u"): undo()
		case .character("?"): mode = .help
		case .character("q"), .control("c"): return .quit
		case .control("l"): return .redraw
		default: break
		}
		return .none
	}

	private func handleEditing(_ key: EditorKey, editedKey: String, buffer: inout TextBuffer) {
		guard let setting = settingsByKey[editedKey] else {
			mode = .browsing
			return
		}
		switch key {
		case .enter:
			switch setting.parse(buffer.text) {
			case .success(let value):
				changedUnderneath = nil
				mode = .browsing
				apply(setting, value)
			case .failure(let error):
				mode = .editing(key: editedKey, buffer: buffer, error: error.message)
			}
		case .escape:
			changedUnderneath = nil
			mode = .browsing
			message = ("Edit cancelled; \(setting.title) is unchanged.", false)
		case .control("r"):
			if let underneath = changedUnderneath, underneath.key == editedKey {
				changedUnderneath = nil
				message = nil
				mode = .editing(key: editedKey, buffer: TextBuffer(setting.editText(for: underneath.value ?? setting.defaultValue)), error: nil)
			}
		default:
			if buffer.handle(key) {
				mode = .editing(key: editedKey, buffer: buffer, error: nil)
			}
		}
	}

	private func handleChoosing(_ key: EditorKey, chosenKey: String, index: Int) {
		guard let setting = settingsByKey[chosenKey], let choices = setting.choices, !choices.isEmpty else {
			mode = .browsing
			return
		}
		switch key {
		case .up, .character("k"): mode = .choosing(key: chosenKey, index: (index - 1 + choices.count) % choices.count)
		case .down, .character("j"): mode = .choosing(key: chosenKey, index: (index + 1) % choices.count)
		case .enter, .character(" "):
			mode = .browsing
			apply(setting, choices[index].value)
		case .escape, .character("q"): mode = .browsing
		default: break
		}
	}

	private func handleFiltering(_ key: EditorKey, buffer: inout TextBuffer) {
		switch key {
		case .enter:
			mode = .browsing
			let count = visibleSettings.count
			message = filterText.isEmpty ? nil : ("\(count) match\(count == 1 ? "" : "es") for “\(filterText)”; n/N move between them, Esc clears.", false)
		case .escape:
			filterText = ""
			mode = .browsing
		default:
			guard buffer.handle(key) else { return }
			filterText = buffer.text
			mode = .filtering(buffer)
		}
		keepSelectionVisible()
	}

	// MARK: Actions on the selected setting

	private func activate(_ setting: Setting) {
		switch setting.kind {
		case .bool: toggle(setting)
		case .choice: adjust(setting, direction: 1)
		default: break
		}
	}

	private func enter(_ setting: Setting) -> EditorAction {
		switch setting.kind {
		case .bool:
			toggle(setting)
			return .none
		case .choice:
			let index = setting.choices?.firstIndex { $0.value == currentValue(setting) } ?? 0
			mode = .choosing(key: setting.key, index: index)
			return .none
		default:
			return edit(setting, externally: setting.kind == .json)
		}
	}

	private func edit(_ setting: Setting, externally: Bool) -> EditorAction {
		let value = currentValue(setting)
		if externally {
			return .editExternally(key: setting.key, text: (value ?? .null).jsonString(pretty: true))
		}
		if setting.kind == .bool || setting.kind == .choice { return .none }
		mode = .editing(key: setting.key, buffer: TextBuffer(setting.editText(for: value)), error: nil)
		return .none
	}

	private func toggle(_ setting: Setting) {
		apply(setting, .bool(!(currentValue(setting)?.boolValue ?? false)))
	}

	private func clear(_ setting: Setting) {
		guard setting.isOptional else {
			message = ("\(setting.title) cannot be unset; r resets it to its default.", true)
			return
		}
		apply(setting, nil, verb: "cleared; it is now")
	}

	private func adjust(_ setting: Setting, direction: Double) {
		if setting.isSlider {
			step(setting, by: direction * (setting.step ?? 1))
		} else if setting.kind == .choice, let choices = setting.choices, !choices.isEmpty {
			let index = choices.firstIndex { $0.value == currentValue(setting) } ?? 0
			let next = (index + Int(direction) + choices.count) % choices.count
			apply(setting, choices[next].value)
		}
	}

	private func step(_ setting: Setting, by amount: Double) {
		guard setting.isSlider, let minimum = setting.minimum, let maximum = setting.maximum else { return }
		let current = currentValue(setting)?.doubleValue ?? minimum
		let stepSize = setting.step ?? 1
		// Snap to the step grid so repeated steps do not drift (0.1 + 0.2 ...).
		let steps = ((current + amount - minimum) / stepSize).rounded()
		let next = min(max(minimum + steps * stepSize, minimum), maximum)
		apply(setting, setting.numberValue(next))
	}

	// MARK: Moving

	var pageSize: Int { max(1, height - 6) }

	func move(by offset: Int, wrapping: Bool = false) {
		let settings = visibleSettings
		guard !settings.isEmpty else { return }
		let index = settings.firstIndex { $0.key == selectedKey } ?? 0
		if wrapping {
			move(toIndex: ((index + offset) % settings.count + settings.count) % settings.count)
		} else {
			move(toIndex: min(max(index + offset, 0), settings.count - 1))
		}
	}

	func move(toIndex index: Int) {
		let settings = visibleSettings
		guard settings.indices.contains(index) else { return }
		selectedKey = settings[index].key
	}

	/// After the list changed (filter, modified only), keep a visible setting selected.
	func keepSelectionVisible() {
		let settings = visibleSettings
		if !settings.contains(where: { $0.key == selectedKey }) {
			selectedKey = settings.first?.key ?? selectedKey
		}
	}
}

extension Setting {
	/// A tenth of a slider's range.
	var tenth: Double {
		((maximum ?? 1) - (minimum ?? 0)) / 10
	}

	/// A number as this setting stores it: a whole number for integers; a double rid of float noise otherwise.
	func numberValue(_ number: Double) -> Defaults.JSONValue {
		if kind == .integer { return .integer(Int64(number.rounded())) }
		let decimals = step.map { max(0, Int((-log10($0)).rounded(.up))) } ?? 6
		let scale = pow(10, Double(min(decimals + 2, 12)))
		return .double((number * scale).rounded() / scale)
	}
}
