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
struct PickerListEditor: WidgetEditor {
	let setting: Setting
	let current: Defaults.JSONValue?
	private var list: ChoiceList

	init(setting: Setting, current: Defaults.JSONValue?, highlighted: Int) {
		self.setting = setting
		self.current = current
		list = ChoiceList(titles: (setting.choices ?? []).map { $0.title.escapingControlCharacters }, highlighted: highlighted)
	}

	var keyContext: KeyContext { .choosingOne }

	mutating func handle(_ command: Command?, key: EditorKey) -> EditOutcome {
		switch command {
		case .choose:
			guard let choice = (setting.choices ?? []).dropFirst(list.highlighted).first else { return .cancel }
			return .commit(choice.value)
		case .cancel:
			return .cancel
		default:
			_ = list.handle(command, key: key)
			return .editing
		}
	}

	func overlay(width: Int, height: Int) -> [[Span]]? {
		let choices = setting.choices ?? []
		return list.box(width: width, height: height) { index in
			list.titles[index] + (choices[index].value == current ? "  (current)" : "")
		}
	}

	/// A click on a choice chooses it.
	mutating func click(atLine line: Int, height: Int) -> EditOutcome? {
		guard let index = list.choice(atBoxLine: line, height: height), let choice = (setting.choices ?? []).dropFirst(index).first else { return nil }
		return .commit(choice.value)
	}

	func hint(for command: Command) -> String? { "" }

	mutating func restart(from value: Defaults.JSONValue?) {}
}
