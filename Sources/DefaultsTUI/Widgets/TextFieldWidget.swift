import Defaults

/// Text, a number without a range, a URL or a date: shown as it reads, edited in place with a cursor.
struct TextFieldWidget: SettingWidget {
	let setting: Setting

	func valueText(_ value: SettingValue, width: Int) -> String {
		setting.displayText(for: value.effective)
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		switch command {
		case .edit, .activate: .startEditing(TextFieldEditor(setting: setting, value: value.effective))
		default: commonResponse(command, on: value)
		}
	}

	func hint(for command: Command) -> String? {
		command == .edit ? "edit" : commonHint(for: command)
	}

	var detailLines: [String] {
		var lines = ["Values: \(setting.kind.rules.valuesDescription)."]
		if let minimum = setting.minimum { lines.append("At least \(Setting.formatNumber(minimum)).") }
		if let maximum = setting.maximum { lines.append("At most \(Setting.formatNumber(maximum)).") }
		if let maxLength = setting.maxLength { lines.append("At most \(maxLength) characters.") }
		if let pattern = setting.pattern { lines.append("Must match the pattern \(pattern).") }
		if setting.isSecret { lines.append("Secret: masked on screen; \(KeyMap.keyName(for: .reveal, in: .editingText)) shows it while typing.") }
		return lines
	}
}

/**
Typing a value in place: `[text▏]`, with the problem shown beside it when Enter finds
the text does not fit. A secret is masked while typing unless revealed (Ctrl-T): the same
dots whatever its length.
*/
struct TextFieldEditor: WidgetEditor {
	let setting: Setting
	private(set) var buffer: TextBuffer
	private(set) var error: String?
	private(set) var isRevealed = false

	var problem: String? { error }

	init(setting: Setting, value: Defaults.JSONValue?) {
		self.setting = setting
		buffer = TextBuffer(setting.editText(for: value))
	}

	var keyContext: KeyContext { .editingText }

	mutating func handle(_ command: Command?, key: EditorKey) -> EditOutcome {
		switch command {
		case .apply:
			switch setting.parse(buffer.text) {
			case .success(let value): return .commit(value)
			case .failure(let problem): error = problem.message
			}
		case .cancel:
			return .cancel
		case .reveal:
			if setting.isSecret { isRevealed.toggle() }
		default:
			if buffer.handle(command, key: key) { error = nil }
		}
		return .editing
	}

	func row(width: Int) -> (spans: [Span], cursor: Int)? {
		let fieldWidth = max(4, min(width - 2, error == nil ? width - 2 : width / 2))
		// A masked secret is the same dots however long it is: neither the stored value's length
		// nor what is typed shows; the cursor stays after them.
		let (text, cursor) = setting.isSecret && !isRevealed
			? Self.mask(buffer.text.isEmpty ? "" : Setting.secretMask, width: fieldWidth)
			: buffer.visible(width: fieldWidth) { String($0).escapingControlCharacters }
		var spans = [Span("[", .input), Span(text.fitted(to: fieldWidth, pad: true), .input), Span("]", .input)]
		var used = fieldWidth + 2
		if let error {
			let errorText = " ✗ " + error.escapingControlCharacters
			spans.append(Span(errorText.fitted(to: width - used), .error))
			used += min(errorText.cellWidth, width - used)
		}
		if used < width { spans.append(Span(String(repeating: " ", count: width - used))) }
		return (spans, 1 + cursor)
	}

	func hint(for command: Command) -> String? {
		switch command {
		case .reveal: setting.isSecret ? (isRevealed ? "hide" : "show") : nil
		case .takeOutsideValue: nil
		default: ""
		}
	}

	/// A secret's field while masked: its dots (none when empty), the cursor after them.
	private static func mask(_ dots: String, width: Int) -> (text: String, cursor: Int) {
		let shown = dots.fitted(to: width)
		return (shown, shown.cellWidth)
	}

	mutating func restart(from value: Defaults.JSONValue?) {
		buffer = TextBuffer(setting.editText(for: value))
		error = nil
	}
}
