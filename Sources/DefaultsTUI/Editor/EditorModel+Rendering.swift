import Defaults
import Foundation

extension EditorModel {
	static let minimumWidth = 40
	static let minimumHeight = 8

	/// The commands a widget gives meaning to; the hint bar asks the selected widget about them.
	private static let widgetCommands: Set<Command> = [.decrease, .increase, .decreaseMore, .increaseMore, .minimum, .maximum, .activate, .edit, .editExternally, .unset]

	/// Whether a window of this size is too small for the editor (and the list of programs): it
	/// says so instead, and takes no keys but quitting until it grows.
	static func isTooSmall(width: Int, height: Int) -> Bool {
		width < minimumWidth || height < minimumHeight
	}

	var titleWidth: Int { min(34, max(12, width * 2 / 5)) }
	/// Where the value column starts.
	var valueColumn: Int { 3 + titleWidth }
	var listHeight: Int { height - 4 }

	/// The screen for the current state. Only the visible rows are built.
	public func render() -> Screen {
		let screen = layOut()
		return drawsASCIISymbols ? screen.inASCII() : screen
	}

	/// The screen, with its symbols as they are.
	private func layOut() -> Screen {
		var screen = Screen(width: width, height: height, lines: [], cursor: nil)
		settingsOnScreen = [:]
		listBoxOnScreen = nil
		guard !Self.isTooSmall(width: width, height: height) else {
			screen.lines = Screen.tooSmallLines(width: width, height: height)
			return screen
		}
		if case .reading(let page) = mode {
			screen.lines = helpPageLines(page)
			return screen
		}
		screen.lines.append(titleBar())
		let shown = shown
		selection.scrollToSelection(height: listHeight, modified: modifiedKeys)
		let scrollTop = selection.scrollTop
		// Read once for the rows drawn, rather than from the selection for each.
		let selectedKey = selectedKey

		var listLines: [[Span]] = []
		for (offset, row) in shown.rows.dropFirst(scrollTop).prefix(listHeight).enumerated() {
			switch row {
			case .header(let title):
				listLines.append([Span(" \(title)".fitted(to: width, pad: true), .sectionHeader)])
			case .setting(let setting):
				let (line, cursorColumn) = settingLine(setting, isSelected: setting.key == selectedKey)
				if let cursorColumn { screen.cursor = (offset + 1, cursorColumn) }
				settingsOnScreen[offset + 1] = setting.key
				listLines.append(line)
			}
		}
		if shown.rows.isEmpty {
			let showAll = KeyMap.keyName(for: .showAll, in: .browsing)
			let reason = showsModifiedOnly && filterText.isEmpty ? "No setting is modified (\(showAll) shows all)." : "No setting matches “\(filterText)” (\(showAll) shows all)."
			listLines.append([Span("  \(reason)".fitted(to: width, pad: true), .dim)])
		}
		while listLines.count < listHeight { listLines.append([Span(String(repeating: " ", count: width))]) }
		if case .editing(let session) = mode, let selected = settingsOnScreen.first(where: { $0.value == selectedKey })?.key {
			drawOverlay(session.editor, selectedScreenRow: selected, into: &listLines)
		}
		screen.lines += listLines
		screen.lines.append(statusLine(hidden: hiddenSettings(shown)))
		let (messageLine, messageCursor) = self.messageLine()
		if let messageCursor { screen.cursor = (height - 2, messageCursor) }
		screen.lines.append(messageLine)
		screen.lines.append([Span(hintBar().fitted(to: width, pad: true), .hint)])
		return screen
	}

	private func titleBar() -> [Span] {
		var right = "\(modifiedKeys.count) modified"
		conditionShown = saveCondition
		if let condition = conditionShown { right += " · \(condition)" }
		if showsModifiedOnly { right += " · modified only" }
		if !filterText.isEmpty { right += " · filter “\(filterText.escapingControlCharacters)”" }
		// The count stays; the title and the store's path give way in a narrow window.
		let left = " \(titleText)".escapingControlCharacters
			.fitted(to: max(1, width - right.cellWidth - 2))
		let space = max(1, width - left.cellWidth - right.cellWidth - 1)
		return [Span((left + String(repeating: " ", count: space) + right + " ").fitted(to: width, pad: true), .titleBar)]
	}

	/// One setting's row (`isSelected`: the selected one's), and the cursor column if it is being edited in place.
	private func settingLine(_ setting: Setting, isSelected: Bool) -> ([Span], Int?) {
		let isFlashing = flashes[setting.key] != nil
		let baseStyle: TextStyle = isSelected ? .selected : (isFlashing ? .flash : .normal)
		let value = settingValue(setting)
		let isInvalid = value.stored != nil && value.problem != nil
		let isLocked = lockingFile(of: setting.key) != nil
		let marker = isLocked ? "🔒" : isInvalid ? "! " : (isModified(setting) ? "● " : "  ")
		let isRequired = isRequired(setting)
		let markerStyle: TextStyle = isSelected || isFlashing ? baseStyle : (isInvalid ? .error : (isModified(setting) ? .modified : baseStyle))
		var spans = [Span(" ", baseStyle), Span(marker, markerStyle)]
		spans += titleSpans((isRequired ? "* " : "") + setting.title.escapingControlCharacters, width: titleWidth - 1, style: baseStyle)
		spans.append(Span(" ", baseStyle))
		let valueWidth = width - valueColumn
		if case .editing(let session) = mode, session.key == setting.key, let row = session.editor.row(width: valueWidth) {
			return (spans + row.spans, valueColumn + row.cursor)
		}
		let problemText = Self.problemText(value)
		let textWidth = valueTextWidth(value)
		let isUnset = value.effective == nil
		let text = (isRequired && isUnset ? "required" : widgets[setting.key]?.valueText(value, width: textWidth) ?? "").fitted(to: textWidth)
		let valueStyle: TextStyle = isUnset && !isSelected ? .dim : baseStyle
		spans.append(Span(text, valueStyle))
		let rest = max(0, valueWidth - text.cellWidth)
		spans.append(Span(problemText.escapingControlCharacters.fitted(to: rest, pad: true), isSelected ? baseStyle : .error))
		return (spans, nil)
	}

	/// What a row shows after the value when the stored value does not fit.
	private static func problemText(_ value: SettingValue) -> String {
		value.problemDescription.map { "  ✗ " + $0 } ?? ""
	}

	/// The cells of a row's value text: the value column, less the room a problem beside it takes.
	/// The mouse measures a click on the value (a slider's bar) with the same width.
	func valueTextWidth(_ value: SettingValue) -> Int {
		let valueWidth = width - valueColumn
		let problemText = Self.problemText(value)
		return problemText.isEmpty ? valueWidth : max(valueWidth / 2, valueWidth - problemText.cellWidth)
	}

	/// A title in `width` cells with the filter's matches in their own style.
	private func titleSpans(_ title: String, width: Int, style: TextStyle) -> [Span] {
		let fitted = title.fitted(to: width, pad: true)
		guard !filterText.isEmpty, let range = fitted.range(of: filterText, options: .caseInsensitive) else { return [Span(fitted, style)] }
		return [
			Span(String(fitted[..<range.lowerBound]), style),
			Span(String(fitted[range]), style == .selected ? .selected : .match),
			Span(String(fitted[range.upperBound...]), style),
		]
	}

	/// Draws a widget's list over the settings, under the selected row if it fits there, else above it.
	private func drawOverlay(_ editor: any WidgetEditor, selectedScreenRow: Int, into lines: inout [[Span]]) {
		let column = min(valueColumn, max(0, width - 24))
		guard let box = editor.overlay(width: width - column, height: listHeight), !box.isEmpty else { return }
		let selectedLine = selectedScreenRow - 1
		let below = selectedLine + 1
		let top = below + box.count <= listHeight ? below : max(0, min(selectedLine - box.count, listHeight - box.count))
		for (offset, boxLine) in box.enumerated() where lines.indices.contains(top + offset) {
			lines[top + offset] = Self.splice(lines[top + offset], boxLine, at: column, width: width)
		}
		let boxWidth = box.map { $0.reduce(0) { $0 + $1.text.cellWidth } }.max() ?? 0
		listBoxOnScreen = ListBoxPlacement(rows: (top + 1)..<(top + 1 + box.count), columns: column..<min(width, column + boxWidth))
	}

	/// `line` up to `column`, then `overlay`, then spaces to `width`.
	private static func splice(_ line: [Span], _ overlay: [Span], at column: Int, width: Int) -> [Span] {
		var result: [Span] = []
		var used = 0
		for span in line where used < column {
			let piece = span.text.prefix(cells: column - used)
			result.append(Span(piece, span.style))
			used += piece.cellWidth
		}
		if used < column { result.append(Span(String(repeating: " ", count: column - used))) }
		used = column
		for span in overlay where used < width {
			let piece = span.text.prefix(cells: width - used)
			result.append(Span(piece, span.style))
			used += piece.cellWidth
		}
		if used < width { result.append(Span(String(repeating: " ", count: width - used))) }
		return result
	}

	/**
	How many settings the list has scrolled out of view above and below, as the status line
	shows it ("↑ 3 more", "↓ 12 more", "↑ 3 ↓ 12 more", as menuconfig marks a list that goes
	on); `nil` when every setting is in view.
	*/
	private func hiddenSettings(_ shown: ShownList) -> String? {
		let scrollTop = selection.scrollTop
		let visibleRows = shown.rows.indices.clamped(to: scrollTop..<(scrollTop + listHeight))
		let visibleSettings = shown.rows[visibleRows].compactMap { row -> Int? in
			guard case .setting(let setting) = row else { return nil }
			return shown.indexByKey[setting.key]
		}
		let above = visibleSettings.first ?? 0
		let below = shown.settings.count - (visibleSettings.last.map { $0 + 1 } ?? 0)
		switch (above, below) {
		case (0, 0): return nil
		case (_, 0): return "↑ \(above) more"
		case (0, _): return "↓ \(below) more"
		default: return "↑ \(above) ↓ \(below) more"
		}
	}

	/// The selected setting's key, type, default, range and help, and at the right end how many
	/// settings are out of view (`hidden`).
	private func statusLine(hidden: String?) -> [Span] {
		let right = hidden.map { " \($0) " } ?? ""
		let leftWidth = width - right.cellWidth
		guard let setting = selectedSetting else { return [Span(String(repeating: " ", count: max(0, leftWidth)) + right, .hint)] }
		var parts = [setting.key, setting.typeName]
		parts.append("default: \(setting.defaultValue.map { setting.displayText(for: $0) } ?? "not set")")
		if let minimum = setting.minimum, let maximum = setting.maximum {
			parts.append("range \(Setting.formatNumber(minimum))…\(Setting.formatNumber(maximum))")
		}
		if isModified(setting) { parts.append("modified") }
		parts += originParts(setting)
		let help = setting.help.map { " — \($0)" } ?? ""
		let text = (" " + parts.joined(separator: " · ") + help).escapingControlCharacters
		return [Span((drawsASCIISymbols ? Symbols.spelled(text) : text).fitted(to: leftWidth, pad: true) + right, .hint)]
	}

	private func messageLine() -> ([Span], Int?) {
		switch mode {
		case .filtering(let buffer):
			let prompt = " Filter: /"
			let (text, cursor) = buffer.visible(width: width - prompt.cellWidth - 1)
			return ([Span(prompt, .input), Span(text.fitted(to: width - prompt.cellWidth, pad: true), .input)], prompt.cellWidth + cursor)
		case .naming(let prompt):
			if let problem = prompt.problem {
				return ([Span(" ✗ \(problem.escapingControlCharacters)".fitted(to: width, pad: true), .error)], nil)
			}
			let label = prompt.label
			let (text, cursor) = prompt.buffer.visible(width: width - label.cellWidth - 1)
			return ([Span(label, .input), Span(text.fitted(to: width - label.cellWidth, pad: true), .input)], label.cellWidth + cursor)
		case .confirmingResetAll:
			let count = modifiedKeys.count
			return ([Span(" Reset all \(count) modified setting\(count == 1 ? "" : "s") to their defaults? (\(KeyMap.keyName(for: .confirm, in: .confirmingReset))/\(KeyMap.keyName(for: .decline, in: .confirmingReset)))".fitted(to: width, pad: true), .error)], nil)
		case .confirmingQuit:
			// The choices are in the hint bar (never dropped).
			return ([Span(" Not saved: \((quitting.reason ?? "").escapingControlCharacters)".fitted(to: width, pad: true), .error)], nil)
		case .retryingExternalEdit(let kept):
			// The choices are in the hint bar (never dropped); the line keeps the error's place in the text.
			return ([Span(" ✗ \(kept.error.escapingControlCharacters)".fitted(to: width, pad: true), .error)], nil)
		case .editing(let session):
			if let problem = session.editor.problem {
				return ([Span(" ✗ \(problem.escapingControlCharacters)".fitted(to: width, pad: true), .error)], nil)
			}
			fallthrough
		default:
			guard let message else { return ([Span(String(repeating: " ", count: width))], nil) }
			return ([Span((" " + message.text.escapingControlCharacters).fitted(to: width, pad: true), message.isError ? .error : .normal)], nil)
		}
	}

	/// The hint bar's words for a page's operation, or `nil` where it does not apply.
	private func pageHint(for command: Command) -> String? {
		guard let page = currentPage, page.shape != .form else { return nil }
		switch command {
		case .addItem: return page.canAdd ? "" : nil
		case .removeItem: return selectedSetting == nil ? nil : ""
		case .moveItemUp: return page.shape == .list && schema.settings.count > 1 ? "" : nil
		case .renameMember: return page.shape == .map && selectedSetting != nil ? "" : nil
		default: return nil
		}
	}

	/// The hint bar of the current context, from the keymap, with the selected widget's words.
	func hintBar() -> String {
		// Looked up once for every hint rather than for each.
		let selectedSetting = selectedSetting
		return KeyMap.hintBar(in: keyContext, width: width, spellingSymbols: drawsASCIISymbols) { command in
			switch mode {
			case .browsing:
				if Self.widgetCommands.contains(command) {
					// Unsetting a value that is not set would do nothing: not offered.
					if command == .unset, let selected = selectedSetting, values[selected.key] == nil { return nil }
					// A locked setting offers no change.
					if let selected = selectedSetting, lockingFile(of: selected.key) != nil { return nil }
					return selectedSetting.flatMap { widgets[$0.key]?.hint(for: command) }
				}
				switch command {
				case .addItem, .removeItem, .moveItemUp, .moveItemDown, .renameMember:
					return pageHint(for: command)
				case .chooseForm:
					return selectedSetting.flatMap { widgets[$0.key]?.hint(for: command) }
				case .nextMatch: return filterText.isEmpty ? nil : ""
				// With nothing to leave, Esc goes back to the list of programs, when the editor came from it.
				case .showAll: return filterText.isEmpty && !showsModifiedOnly ? (!pages.isEmpty ? "back" : canGoBack ? backHint : nil) : ""
				case .redo: return history.undone.isEmpty ? nil : ""
				case .reset:
					guard let selected = selectedSetting, ownValue(of: selected.key) != nil, lockingFile(of: selected.key) == nil else { return nil }
					return ""
				default: return ""
				}
			case .editing(let session):
				if command == .takeOutsideValue { return session.offersOutsideValue ? "" : nil }
				return session.editor.hint(for: command)
			default:
				return ""
			}
		}
	}
}
