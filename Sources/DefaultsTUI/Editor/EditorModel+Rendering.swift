import Defaults
import Foundation

extension EditorModel {
	static let minimumWidth = 40
	static let minimumHeight = 8

	/// The screen for the current state. Only the visible rows are built.
	public func render() -> Screen {
		var screen = Screen(width: width, height: height, lines: [], cursor: nil)
		guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
			let text = "Window too small: need \(Self.minimumWidth)×\(Self.minimumHeight), have \(width)×\(height)"
			screen.lines = (0..<height).map { $0 == height / 2 ? [Span(text.fitted(to: width, pad: true), .error)] : [Span(String(repeating: " ", count: width))] }
			return screen
		}
		if case .help = mode {
			screen.lines = helpLines()
			return screen
		}
		screen.lines.append(titleBar())
		let listHeight = height - 4
		let rows = rows
		let selectedRow = rows.firstIndex { if case .setting(let setting) = $0 { setting.key == selectedKey } else { false } } ?? 0
		// Keep the selection in view, showing its section header when there is room.
		if selectedRow < scrollTop { scrollTop = max(0, selectedRow - 1) }
		if selectedRow >= scrollTop + listHeight { scrollTop = selectedRow - listHeight + 1 }
		scrollTop = max(0, min(scrollTop, max(0, rows.count - listHeight)))

		var choiceLines: [[Span]] = []
		if case .choosing(let key, let index) = mode, let setting = settingsByKey[key] {
			choiceLines = choiceList(for: setting, highlighted: index)
		}
		var listLines: [[Span]] = []
		for (offset, row) in rows.dropFirst(scrollTop).prefix(listHeight).enumerated() {
			switch row {
			case .header(let title):
				listLines.append([Span(" \(title)".fitted(to: width, pad: true), .sectionHeader)])
			case .setting(let setting):
				let (line, cursorColumn) = settingLine(setting)
				if let cursorColumn { screen.cursor = (offset + 1, cursorColumn) }
				listLines.append(line)
				if setting.key == selectedKey, !choiceLines.isEmpty {
					listLines += choiceLines
				}
			}
		}
		if rows.isEmpty {
			let reason = showsModifiedOnly ? "No setting is modified (m shows all)." : "No setting matches “\(filterText)” (Esc clears the filter)."
			listLines.append([Span("  \(reason)".fitted(to: width, pad: true), .dim)])
		}
		while listLines.count < listHeight { listLines.append([Span(String(repeating: " ", count: width))]) }
		screen.lines += listLines.prefix(listHeight)
		screen.lines.append(statusLine())
		let (messageLine, messageCursor) = self.messageLine()
		if let messageCursor { screen.cursor = (height - 2, messageCursor) }
		screen.lines.append(messageLine)
		screen.lines.append([Span(hints().fitted(to: width, pad: true), .hint)])
		return screen
	}

	private func titleBar() -> [Span] {
		let modifiedCount = schema.settings.filter(isModified).count
		var right = "\(modifiedCount) modified"
		if showsModifiedOnly { right += " · modified only" }
		if !filterText.isEmpty { right += " · filter “\(filterText)”" }
		let left = " \(schema.title)\(storeDescription.isEmpty ? "" : " — \(storeDescription)")"
		let space = max(1, width - left.cellWidth - right.cellWidth - 1)
		return [Span((left + String(repeating: " ", count: space) + right + " ").fitted(to: width, pad: true), .titleBar)]
	}

	/// One setting's row, and the cursor column if it is being edited.
	private func settingLine(_ setting: Setting) -> ([Span], Int?) {
		let isSelected = setting.key == selectedKey
		let isFlashing = flashes[setting.key] != nil
		let baseStyle: TextStyle = isSelected ? .selected : (isFlashing ? .flash : .normal)
		let marker = isModified(setting) ? "● " : "  "
		let titleWidth = min(34, max(12, width * 2 / 5))
		let markerStyle: TextStyle = isSelected || isFlashing ? baseStyle : (isModified(setting) ? .modified : baseStyle)
		var spans = [Span(" ", baseStyle), Span(marker, markerStyle)]
		spans.append(Span(setting.title.fitted(to: titleWidth - 1, pad: true) + " ", baseStyle))
		let widgetWidth = width - 3 - titleWidth
		if case .editing(let key, let buffer, let error) = mode, key == setting.key {
			let fieldWidth = max(4, min(widgetWidth - 2, error == nil ? widgetWidth - 2 : widgetWidth / 2))
			let (text, cursor) = buffer.visible(width: fieldWidth)
			spans.append(Span("[", .input))
			spans.append(Span(text.fitted(to: fieldWidth, pad: true), .input))
			spans.append(Span("]", .input))
			var used = fieldWidth + 2
			if let error {
				let errorText = " ✗ " + error
				spans.append(Span(errorText.fitted(to: widgetWidth - used), .error))
				used += min(errorText.cellWidth, widgetWidth - used)
			}
			spans.append(Span(String(repeating: " ", count: max(0, widgetWidth - used)), baseStyle))
			return (spans, 3 + titleWidth + 1 + cursor)
		}
		let widget = widgetText(setting, width: widgetWidth)
		let isUnset = currentValue(setting) == nil || currentValue(setting)?.isNull == true
		spans.append(Span(widget.fitted(to: widgetWidth, pad: true), isUnset && !isSelected ? .dim : baseStyle))
		return (spans, nil)
	}

	/// The widget of a setting as text: a toggle, a slider, a picker or the value.
	func widgetText(_ setting: Setting, width: Int) -> String {
		let value = currentValue(setting)
		switch setting.kind {
		case .bool:
			guard let flag = value?.boolValue else { return "[ ] not set" }
			return flag ? "[x] on" : "[ ] off"
		case .choice:
			return "‹ \(setting.displayText(for: value)) ›"
		case .integer where setting.isSlider, .number where setting.isSlider:
			let shown = setting.displayText(for: value)
			let barWidth = max(5, min(24, width - shown.cellWidth - 3))
			guard let number = value?.doubleValue, let minimum = setting.minimum, let maximum = setting.maximum, maximum > minimum else {
				return shown
			}
			let fraction = min(max((number - minimum) / (maximum - minimum), 0), 1)
			let knob = Int((fraction * Double(barWidth - 1)).rounded())
			let bar = String(repeating: "━", count: knob) + "●" + String(repeating: "─", count: barWidth - 1 - knob)
			return "\(bar) \(shown)"
		default:
			return setting.displayText(for: value)
		}
	}

	private func choiceList(for setting: Setting, highlighted: Int) -> [[Span]] {
		let indent = min(34, max(12, width * 2 / 5)) + 3
		let choices = setting.choices ?? []
		return choices.enumerated().map { index, choice in
			let isCurrent = choice.value == currentValue(setting)
			let text = (index == highlighted ? "▸ " : "  ") + choice.title + (isCurrent ? "  (current)" : "")
			return [
				Span(String(repeating: " ", count: indent)),
				Span(text.fitted(to: width - indent, pad: true), index == highlighted ? .selected : .input),
			]
		}
	}

	private func statusLine() -> [Span] {
		guard let setting = selectedSetting else { return [Span(String(repeating: " ", count: width), .hint)] }
		var parts = [setting.key, setting.typeName]
		parts.append("default: \(setting.defaultValue.map { setting.displayText(for: $0) } ?? "not set")")
		if let minimum = setting.minimum, let maximum = setting.maximum {
			parts.append("range \(Setting.formatNumber(minimum))…\(Setting.formatNumber(maximum))")
		}
		if isModified(setting) { parts.append("modified") }
		let help = setting.help.map { " — \($0)" } ?? ""
		return [Span((" " + parts.joined(separator: " · ") + help).fitted(to: width, pad: true), .hint)]
	}

	private func messageLine() -> ([Span], Int?) {
		switch mode {
		case .filtering(let buffer):
			let prompt = " Filter: /"
			let (text, cursor) = buffer.visible(width: width - prompt.cellWidth - 1)
			return ([Span(prompt, .input), Span(text.fitted(to: width - prompt.cellWidth, pad: true), .input)], prompt.cellWidth + cursor)
		case .confirmingResetAll:
			let count = schema.settings.filter { values[$0.key] != nil }.count
			return ([Span(" Reset all \(count) changed settings to their defaults? (y/n)".fitted(to: width, pad: true), .error)], nil)
		case .editing(_, _, let error?):
			return ([Span(" ✗ \(error)".fitted(to: width, pad: true), .error)], nil)
		default:
			guard let message else { return ([Span(String(repeating: " ", count: width))], nil) }
			return ([Span((" " + message.text).fitted(to: width, pad: true), message.isError ? .error : .normal)], nil)
		}
	}

	func hints() -> String {
		switch mode {
		case .editing: return " ⏎ apply  Esc cancel  ←→ Home End move  ⌫ Del Ctrl-U erase  Ctrl-R take outside value"
		case .choosing: return " ↑↓ choose  ⏎ select  Esc cancel"
		case .filtering: return " type to filter by key, title or help  ⏎ keep  Esc clear"
		case .confirmingResetAll: return " y reset all  n keep"
		case .help: return ""
		case .browsing: break
		}
		let specific: String
		switch selectedSetting?.kind {
		case .bool: specific = "␣/⏎ toggle  y/n set"
		case .choice: specific = "←→ cycle  ⏎ list"
		case .integer where selectedSetting?.isSlider == true, .number where selectedSetting?.isSlider == true: specific = "←→ step  ⇧←→ PgUp/Dn ×10  Home/End ends  ⏎ type"
		case .json: specific = "e edit in $EDITOR"
		default: specific = "⏎ edit"
		}
		let clear = selectedSetting?.isOptional == true ? "  x unset" : ""
		return " \(specific)\(clear)  r reset  R all  m modified  / filter  u undo  ? help  q quit"
	}

	private func helpLines() -> [[Span]] {
		let text = [
			" \(schema.title): keys",
			"",
			"  ↑ ↓  j k       move           PgUp PgDn  g G   page, first, last",
			"  Space Enter    toggle         y n               set a toggle on or off",
			"  ← →  h l       step a slider, cycle a picker",
			"  ⇧← ⇧→ PgUp PgDn  step a slider by a tenth;  Home End  its ends",
			"  Enter          edit text or a number in place, open a picker's list",
			"  e              edit a list, dictionary or object in $EDITOR (as JSON)",
			"  x Delete       unset an optional setting",
			"  r              reset the setting to its default     R  reset all (asks first)",
			"  u              undo the last change made here",
			"  m              show only modified settings",
			"  /  n N  Esc    filter by key, title or help; next and previous match; clear",
			"                 (while a filter is active, n moves on rather than setting a toggle off)",
			"  q Ctrl-C       quit",
			"",
			" While editing text: ← → Home End move, Backspace Delete Ctrl-U erase,",
			" Enter applies (bad input is shown and changes nothing), Esc cancels.",
			"",
			" Changes made elsewhere (another process, the command line) appear at once",
			" and are highlighted. ● marks settings that differ from their default.",
			"",
			" Press any key to go back.",
		]
		var lines = text.prefix(height).enumerated().map { index, line in
			[Span(line.fitted(to: width, pad: true), index == 0 ? .titleBar : .normal)]
		}
		while lines.count < height { lines.append([Span(String(repeating: " ", count: width))]) }
		return lines
	}
}
