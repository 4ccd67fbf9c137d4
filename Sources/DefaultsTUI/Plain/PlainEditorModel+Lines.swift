import Defaults
import Foundation

/// What the line-prompt editor prints and asks next.
public struct PlainOutput: Equatable, Sendable {
	/// Lines to print, each at most the terminal's width.
	public var lines: [String]
	/// The prompt to print after them, without a line break.
	public var prompt: String
	/// Whether the answer to the prompt is read without echo (a secret).
	public var hidesInput: Bool
	/// What the terminal layer does next.
	public var action: PlainAction
}

/// What the terminal layer does after a line of the line-prompt editor.
public enum PlainAction: Equatable, Sendable {
	/// Print the lines and the prompt, and read the next line.
	case none
	/// End: the person typed `q`.
	case quit
	/// Go back to the list of programs the editor was opened from (`b`).
	case back
	/// Open `text` in `$EDITOR`, then pass the result to ``PlainEditorModel/finishExternalEdit(key:text:)``.
	case editExternally(key: String, text: String)
}

extension PlainEditorModel {
	/// Lines and the prompt for `next`, which becomes the state.
	func output(_ lines: [String], ask next: State, action: PlainAction = .none) -> PlainOutput {
		state = next
		var lines = lines
		var hides = false
		var prompt: String
		switch next {
		case .choosing:
			func name(_ command: Command) -> String { KeyMap.promptName(for: command, in: .setting) }
			let back = model.canGoBack ? ", \(name(.back)) back to the programs" : ""
			prompt = "Setting (number or key; \(name(.listAgain)) list, \(name(.search)) filter, \(name(.undo)) undo, \(name(.keysHelp)) help\(back), \(name(.quit)) quit): "
			// Shorter in a narrow terminal (? lists what can be typed).
			for shorter in ["Setting (number, key, or \(name(.keysHelp)) for help): ", "Setting: "] where prompt.cellWidth > lineWidth {
				prompt = shorter
			}
		case .answering(let key):
			let setting = model.settingsByKey[key]
			let value = setting.map(model.settingValue)
			let question = setting.flatMap { setting in value.flatMap { model.widgets[setting.key]?.question($0) } }
			hides = question?.hidesInput ?? false
			let asked = "\(setting?.title ?? key) [\(value.map(shownValue) ?? "")]"
			prompt = "\(asked) (\(question?.expects ?? "a value")): "
			// A narrow terminal: what the answer may be goes on a line of its own.
			if prompt.cellWidth > lineWidth {
				if action == .none { lines += wrap("Answer with \(question?.expects ?? "a value").") }
				prompt = asked.fitted(to: max(10, lineWidth - 3)) + ": "
			}
		case .onPage:
			prompt = levelPrompt()
		case .answeringMember:
			let child = answering
			let value = child.map { SettingValue(setting: $0, stored: $0.path.flatMap(value(at:))) }
			let question = child.flatMap { child in value.map { Widgets.widget(for: child).question($0) } }
			hides = question?.hidesInput ?? false
			let asked = "\(child?.title ?? "") [\(value.map(shownValue) ?? "")]"
			prompt = "\(asked) (\(question?.expects ?? "a value")): "
			if prompt.cellWidth > lineWidth { prompt = asked.fitted(to: max(10, lineWidth - 3)) + ": " }
		case .retrying:
			prompt = "Edit again or discard (\(KeyMap.promptWord(for: .editAgain, in: .retry))/\(KeyMap.promptWord(for: .discard, in: .retry))): "
		}
		return PlainOutput(lines: lines, prompt: prompt.plainText, hidesInput: hides, action: action)
	}

	/// `text` wrapped to the width without escape sequences, after `first` on its first line and `indent` on the others.
	func wrap(_ text: String, first: String = "", indent: String = "") -> [String] {
		text.plainLines(width: lineWidth, first: first, indent: indent)
	}

	/// The editor's message after a change, as lines.
	func messageLines() -> [String] {
		// A secret's dots would be spelled out by a screen reader: said in words instead.
		model.message.map { wrap($0.text.replacingOccurrences(of: #"•+"#, with: "a hidden value", options: .regularExpression)) } ?? []
	}

	/// A value in words: a secret's never shown, not even as dots, which a screen reader would
	/// spell out; otherwise as the setting's widget says it (a toggle's `on` or `off`).
	func shownValue(_ value: SettingValue) -> String {
		let setting = value.setting
		guard let effective = value.effective, !effective.isNull else { return "not set" }
		if setting.isSecret { return effective.stringValue == "" ? "empty" : "set, hidden" }
		return model.widgets[setting.key]?.spokenText(effective) ?? setting.displayText(for: effective)
	}

	/// The title, then the settings in their groups, numbered in the schema's order (the filter
	/// leaves numbers as they are), with what is modified, locked or invalid said in words.
	func listing() -> [String] {
		let modified = model.modifiedKeys.count
		var lines = wrap("\(model.titleText) (\(modified) modified)")
		let numbers = Dictionary(model.schema.settings.enumerated().map { ($1.key, $0 + 1) }) { first, _ in first }
		for row in model.shown.rows {
			switch row {
			case .header(let title):
				lines.append("")
				lines += wrap(title.isEmpty ? "Settings" : title)
			case .setting(let setting):
				let value = model.settingValue(setting)
				var notes: [String] = []
				if let file = model.lockingFile(of: setting.key) { notes.append("locked by \(file)") }
				if value.stored != nil, let problem = value.problemDescription { notes.append("invalid: \(problem)") }
				if model.isModified(setting) { notes.append("modified") }
				let number = "  \(numbers[setting.key] ?? 0). "
				let text = "\(setting.title): \(shownValue(value))" + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
				lines += wrap(text, first: number, indent: String(repeating: " ", count: number.count))
			}
		}
		let filter = KeyMap.promptWord(for: .search, in: .setting)
		if model.shown.rows.isEmpty {
			lines += wrap("No setting matches “\(model.filterText)”; \(filter) alone shows all.")
		} else if !model.filterText.isEmpty {
			lines += wrap("Filtered by “\(model.filterText)”; \(filter) alone shows all.")
		}
		return lines
	}

	/// The setting's key, a line of its help, and its widget's question (choices and boxes).
	func questionLines(_ setting: Setting) -> [String] {
		let value = model.settingValue(setting)
		var lines = wrap("\(setting.title) (\(setting.key))" + (setting.help.map { ": \($0)" } ?? ""))
		if value.stored != nil, let problem = value.problemDescription {
			lines += wrap("The stored value is invalid: \(problem); a program reads \(setting.displayText(for: value.effective)).")
		}
		let question = model.widgets[setting.key]?.question(value) ?? PromptQuestion(expects: "a value")
		lines += question.lines.flatMap { wrap($0.trimmingCharacters(in: .whitespaces), first: "  ", indent: "     ") }
		let reset = setting.defaultValue.map { "resets to \(shownValue(SettingValue(setting: setting, stored: $0)))" } ?? "unsets it"
		func name(_ command: Command) -> String { KeyMap.promptName(for: command, in: .value) }
		let literal = KeyMap.promptWord(for: .apply, in: .value) + KeyMap.promptWord(for: .reset, in: .value)
		lines += wrap("\(name(.cancel)) keeps it; \(name(.reset)) \(reset); \(name(.settingHelp)) shows its help; \(name(.apply)) takes TEXT as it is (\(literal) is the text \(name(.reset))).")
		return lines
	}

	/// The setting's help page, as the full-screen editor shows it, without its keys line.
	func settingHelp(_ setting: Setting) -> [String] {
		var lines = model.helpText(.setting(setting.key))
		while let last = lines.last, last.isEmpty || last.contains(KeyMap.keyName(for: .keysHelp, in: .reading)) { lines.removeLast() }
		return lines.map(\.plainText).flatMap { wrap($0) }
	}

	/// What can be typed at the prompts: the keymap's line-prompt table for the two prompts of the editor.
	func keysHelp() -> [String] {
		let excluded = excludedCommands
		func rows(_ context: PromptContext) -> [String] {
			KeyMap.promptBindings(in: context).filter { !excluded.contains($0.command) }.flatMap { binding in
				wrap(binding.description, first: "  " + binding.label.padding(toLength: 8, withPad: " ", startingAt: 0) + " ", indent: String(repeating: " ", count: 11))
			}
		}
		return [PromptContext.setting, .value].flatMap { wrap("\($0.title):") + rows($0) }
	}
}

extension String {
	/// The text as lines of at most `width` cells, without control characters: `first` before the
	/// first line, `indent` before the others (a numbered item's hanging indent).
	func plainLines(width: Int, first: String = "", indent: String = "") -> [String] {
		let room = max(10, width - max(first.cellWidth, indent.cellWidth))
		return plainText.wrapped(to: room).enumerated().map { ($0.offset == 0 ? first : indent) + $0.element }
	}

	/// The text with every control character (escape sequences among them) left out, so a
	/// line-prompt editor prints nothing for a terminal or a screen reader to interpret.
	var plainText: String {
		String(String.UnicodeScalarView(unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
	}
}
