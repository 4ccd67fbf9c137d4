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
