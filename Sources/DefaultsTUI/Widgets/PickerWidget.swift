import Defaults

/// One of several choices: `‹ dark ›` in the row, ← → cycle, Space or Enter open the list.
struct PickerWidget: SettingWidget {
	let setting: Setting
	private var choices: [Setting.Choice] { setting.choices ?? [] }

	func valueText(_ value: SettingValue, width: Int) -> String {
		"‹ \(setting.displayText(for: value.effective)) ›"
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		let index = choices.firstIndex { $0.value == value.effective } ?? 0
		switch command {
		case .decrease, .increase:
			guard !choices.isEmpty else { return nil }
			let next = (index + (command == .increase ? 1 : -1) + choices.count) % choices.count
			return .set(choices[next].value)
		case .activate, .edit:
			return .startEditing(PickerListEditor(setting: setting, current: value.effective, highlighted: index))
		default:
			return commonResponse(command, on: value)
		}
	}

	func hint(for command: Command) -> String? {
		switch command {
		case .decrease: "cycle"
		case .edit: "list"
		default: commonHint(for: command)
		}
	}

	var detailLines: [String] {
		["Choices: " + choices.map(\.title).joined(separator: ", ") + "."]
	}

	/// The choices numbered, the current one marked.
	func question(_ value: SettingValue) -> PromptQuestion {
		let lines = choices.enumerated().map { index, choice in
			"  \(index + 1). \(choice.title)" + (choice.value == value.effective ? " (current)" : "")
		}
		return PromptQuestion(lines: lines, expects: "a number from 1 to \(choices.count), or a choice's name")
	}

	/// A choice's number, or its name or value.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		if let number = Int(text.trimmingCharacters(in: .whitespaces)) {
			guard (1...max(1, choices.count)).contains(number), choices.indices.contains(number - 1) else {
				return .refuse("there is no choice \(number): the choices are 1 to \(choices.count)")
			}
			return .set(choices[number - 1].value)
		}
		return parsedAnswer(text)
	}
}

/// A picker's open list: the current choice is marked, Enter or Space takes the highlighted one.
struct PickerListEditor: ChoiceListEditor {
	let setting: Setting
	let current: Defaults.JSONValue?
	var list: ChoiceList

	init(setting: Setting, current: Defaults.JSONValue?, highlighted: Int) {
		self.setting = setting
		self.current = current
		list = ChoiceList(titles: (setting.choices ?? []).map { $0.title.escapingControlCharacters }, highlighted: highlighted)
	}

	var keyContext: KeyContext { .choosingOne }

	mutating func act(on command: Command) -> EditOutcome? {
		guard command == .choose else { return nil }
		return clicked(choice: list.highlighted)
	}

	func text(ofChoice index: Int) -> String {
		let choices = setting.choices ?? []
		return list.titles[index] + (choices[index].value == current ? "  (current)" : "")
	}

	/// A click on a choice chooses it.
	mutating func clicked(choice index: Int) -> EditOutcome {
		guard let choice = (setting.choices ?? []).dropFirst(index).first else { return .cancel }
		return .commit(choice.value)
	}

	mutating func restart(from value: Defaults.JSONValue?) {}
}
