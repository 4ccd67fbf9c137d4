import Defaults
import Foundation

extension EditorModel {
	/// The part of the keymap that applies now.
	var keyContext: KeyContext {
		switch mode {
		case .browsing: .browsing
		case .editing(let session): session.keyContext
		case .filtering: .filtering
		case .reading: .reading
		case .confirmingResetAll: .confirmingReset
		case .retryingExternalEdit: .retryingEdit
		case .confirmingQuit: .confirmingQuit
		case .naming: .naming
		}
	}

	/// Handles a key press and says what the terminal should do next.
	@discardableResult
	public func handle(_ key: EditorKey) -> EditorAction {
		switch key {
		case .resize(let newWidth, let newHeight):
			width = max(newWidth, 1)
			height = max(newHeight, 1)
			return .none
		default:
			break
		}
		// The window is too small to show the settings: keys would change what cannot be seen
		// (a hidden change). Only quitting works until it grows.
		if Self.isTooSmall(width: width, height: height) {
			return KeyMap.command(for: key, in: .browsing) == .quit ? .quit : .none
		}
		switch key {
		case .mouse(let event):
			handleMouse(event)
			return .none
		case .paste(let text):
			handlePaste(text)
			return .none
		default:
			break
		}
		let command = KeyMap.command(for: key, in: keyContext)
		switch mode {
		case .browsing:
			guard let command else {
				// Tab moves between fields in many forms; here it would do nothing without a word.
				if key == .tab {
					message = Message(text: "Tab does nothing in the list: \(KeyMap.keyName(for: .moveUp, in: .browsing))/\(KeyMap.keyName(for: .moveDown, in: .browsing)) move, \(KeyMap.keyName(for: .edit, in: .browsing)) edits.", isError: false, key: nil)
				}
				return .none
			}
			return perform(command)
		case .editing(var session):
			handleEditing(command, key: key, session: &session)
		case .filtering(var buffer):
			handleFiltering(command, key: key, buffer: &buffer)
		case .reading(let page):
			handleReading(command, page: page)
		case .confirmingResetAll:
			if command == .confirm { resetAll() }
			if command == .decline { message = Message(text: "Nothing was reset.", isError: false, key: nil) }
			if command == .confirm || command == .decline { mode = .browsing }
		case .retryingExternalEdit(let kept):
			return handleRetry(command, kept: kept)
		case .confirmingQuit:
			return handleQuitting(command)
		case .naming(var prompt):
			handleNaming(command, key: key, prompt: &prompt)
		}
		return .none
	}

	/// Carries out a command of the list: the editor's own, or the selected setting's widget's.
	private func perform(_ command: Command) -> EditorAction {
		message = nil
		switch command {
		case .moveUp: move(by: -1)
		case .moveDown: move(by: 1)
		case .pageUp: move(by: -pageSize)
		case .pageDown: move(by: pageSize)
		case .first: move(toIndex: 0)
		case .last: move(toIndex: visibleSettings.count - 1)
		case .reset:
			if let setting = selectedSetting { apply(setting, nil, verb: "reset to") }
		case .resetAll:
			if modifiedKeys.isEmpty, values.isEmpty {
				message = Message(text: "Every setting already has its default.", isError: false, key: nil)
			} else {
				mode = .confirmingResetAll
			}
		case .undo: undo()
		case .redo: redo()
		case .modifiedOnly:
			showsModifiedOnly.toggle()
			message = Message(text: showsModifiedOnly ? "Showing modified settings only (\(KeyMap.keyName(for: .modifiedOnly, in: .browsing)) or \(KeyMap.keyName(for: .showAll, in: .browsing)) shows all)." : "Showing all settings.", isError: false, key: nil)
			keepSelectionVisible()
		case .search: mode = .filtering(TextBuffer(filterText))
		case .nextMatch, .previousMatch:
			guard !filterText.isEmpty else {
				message = Message(text: "No filter: / starts one.", isError: false, key: nil)
				break
			}
			move(by: command == .nextMatch ? 1 : -1, wrapping: true)
		case .showAll:
			if filterText.isEmpty, !showsModifiedOnly {
				if leavePage() { break }
				if canGoBack { return .back }
			}
			filterText = ""
			showsModifiedOnly = false
			keepSelectionVisible()
		case .settingHelp:
			if let key = selectedSetting?.key { mode = .reading(HelpPage(content: .setting(key))) } else { mode = .reading(HelpPage(content: .keys)) }
		case .keysHelp: mode = .reading(HelpPage(content: .keys))
		case .redraw: return .redraw
		case .quit: return .quit
		default:
			if let action = performOnPage(command) { return action }
			return performOnWidget(command)
		}
		return .none
	}

	func performOnWidget(_ command: Command) -> EditorAction {
		guard let setting = selectedSetting, let widget = widgets[setting.key] else {
			// An empty page: ← goes back as Esc does.
			if command == .decrease { leavePage() }
			return .none
		}
		// On a list's or a map's page, unsetting an item removes it (checked as removing it is).
		if command == .unset, let shape = currentPage?.shape, shape != .form, values[setting.key] != nil {
			return performOnPage(.removeItem) ?? .none
		}
		let response = widget.perform(command, on: settingValue(setting))
		// On a page, e on an item that is no list or object edits the whole container in $EDITOR.
		if command == .editExternally, case .refuse? = response, let owner = pages.last?.owner {
			return carryOut(.editExternally((currentValue(owner) ?? .null).jsonString(pretty: true)), on: owner, command: command)
		}
		// ← on a page, on a row it does not change, goes back as Esc does.
		if command == .decrease, response == nil, leavePage() { return .none }
		if command == .chooseForm, response == nil {
			message = Message(text: "\(setting.title) has one form; \(KeyMap.keyName(for: .chooseForm, in: .browsing)) switches the form of a setting that may take several.", isError: false, key: nil)
			return .none
		}
		return carryOut(response, on: setting, command: command)
	}

	/// Does what a widget asked for after `command` (`nil`: a click).
	func carryOut(_ response: WidgetResponse?, on setting: Setting, command: Command?) -> EditorAction {
		switch response {
		case .set?, .startEditing?, .editExternally?:
			if let refusal = lockRefusal(setting) {
				message = Message(text: refusal, isError: true, key: nil)
				return .none
			}
		default:
			break
		}
		switch response {
		case .set(let value)?:
			apply(setting, value, verb: value == nil ? (command == .unset ? "cleared; it is now" : "reset to") : "set to")
		case .startEditing(let editor)?:
			mode = .editing(EditSession(key: setting.key, editor: editor))
		case .editExternally(let text)?:
			pendingExternalEdit = ExternalEdit(key: setting.key, text: text, base: store.storedValue(forKey: setting.key))
			return .editExternally(key: setting.key, text: text)
		case .refuse(let reason)?:
			message = Message(text: reason, isError: true, key: nil)
		case .note(let text)?:
			message = Message(text: text, isError: false, key: setting.key)
		case .openPage(let form)?:
			guard !openPage(for: setting, form: form) else { break }
			message = Message(text: "\(setting.title) has no items or members to list; \(KeyMap.keyName(for: .editExternally, in: .browsing)) edits it as JSON in $EDITOR.", isError: false, key: nil)
		case nil:
			break
		}
		return .none
	}

	func handleEditing(_ command: Command?, key: EditorKey, session: inout EditSession) {
		guard let setting = settingsByKey[session.key] else {
			mode = .browsing
			return
		}
		if command == .takeOutsideValue {
			if session.takeOutsideValue(of: setting) { message = nil }
			mode = .editing(session)
			return
		}
		// The mode lets go of the editor while the key changes it, so that a long text is changed
		// in place rather than copied on every key.
		mode = .browsing
		let outcome = session.editor.handle(command, key: key)
		settleEdit(outcome, of: setting, session: session)
	}

	/// After a key or a click in an edit: go on editing, store the value, or cancel.
	func settleEdit(_ outcome: EditOutcome, of setting: Setting, session: EditSession) {
		let editedKey = setting.key
		switch outcome {
		case .editing:
			mode = .editing(session)
		case .commit(let value):
			mode = .browsing
			if wouldLeaveUnchanged(setting, value) {
				message = Message(text: "\(setting.title) is unchanged.", isError: false, key: editedKey)
			} else {
				apply(setting, value)
			}
		case .cancel:
			mode = .browsing
			message = Message(text: "Edit cancelled; \(setting.title) is unchanged.", isError: false, key: editedKey)
		}
	}

	func handleFiltering(_ command: Command?, key: EditorKey, buffer: inout TextBuffer) {
		switch command {
		case .apply:
			mode = .browsing
			let count = visibleSettings.count
			let showAll = KeyMap.keyName(for: .showAll, in: .browsing)
			message = if filterText.isEmpty {
				nil
			} else if count == 0 {
				Message(text: "No setting matches “\(filterText)”; \(showAll) shows all.", isError: false, key: nil)
			} else {
				Message(text: "\(count) match\(count == 1 ? "" : "es") for “\(filterText)”; \(KeyMap.keyName(for: .nextMatch, in: .browsing))/\(KeyMap.keyName(for: .previousMatch, in: .browsing)) move between them, \(showAll) shows all.", isError: false, key: nil)
			}
		case .cancel:
			filterText = ""
			mode = .browsing
		default:
			guard buffer.handle(command, key: key) else { return }
			filterText = buffer.text
			mode = .filtering(buffer)
		}
		keepSelectionVisible()
	}

	// MARK: Moving

	var pageSize: Int { max(1, height - 5) }

	func move(by offset: Int, wrapping: Bool = false) {
		selection.move(by: offset, wrapping: wrapping, modified: modifiedKeys)
	}

	func move(toIndex index: Int) {
		selection.move(toIndex: index, modified: modifiedKeys)
	}

	/**
	Selects the setting of `key` (showing every setting, if the filter or the modified-only
	view hides it); `false`, changing nothing, when the editor has no such setting.

	```swift
	model.select(key: "fontSize")   // the program list's search opens the editor here
	```
	*/
	@discardableResult
	public func select(key: String) -> Bool {
		guard settingsByKey[key] != nil else { return false }
		selection.reveal(key, modified: modifiedKeys)
		return true
	}

	/// After the list changed (filter, modified only), keep the same setting selected if it is
	/// still shown, else the first one shown.
	func keepSelectionVisible() {
		selection.keepVisible(modified: modifiedKeys)
	}
}
