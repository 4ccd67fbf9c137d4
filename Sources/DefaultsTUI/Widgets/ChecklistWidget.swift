import Defaults

/// Any number of choices (a set of options): `light, dark` in the row; Space or Enter open a checklist.
struct ChecklistWidget: SettingWidget {
	let setting: Setting

	func valueText(_ value: SettingValue, width: Int) -> String {
		setting.displayText(for: value.effective)
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		switch command {
		case .activate, .edit: .startEditing(ChecklistEditor(setting: setting, checked: value.effective?.arrayValue ?? []))
		default: commonResponse(command, on: value)
		}
	}

	func hint(for command: Command) -> String? {
		command == .edit ? "choose" : commonHint(for: command)
	}

	var detailLines: [String] {
		["Any of: " + (setting.choices ?? []).map(\.title).joined(separator: ", ") + "."]
	}
}

/// An open checklist: Space checks and unchecks, Enter stores the checked choices in the schema's order.
struct ChecklistEditor: WidgetEditor {
	let setting: Setting
	private(set) var checked: Set<Int>
	private var list: ChoiceList

	init(setting: Setting, checked values: [Defaults.JSONValue]) {
		self.setting = setting
		let choices = setting.choices ?? []
		checked = Set(choices.indices.filter { values.contains(choices[$0].value) })
		list = ChoiceList(titles: choices.map { $0.title.escapingControlCharacters }, highlighted: 0)
	}

	var keyContext: KeyContext { .choosingMany }

	mutating func handle(_ command: Command?, key: EditorKey) -> EditOutcome {
		switch command {
		case .toggleItem:
			if checked.remove(list.highlighted) == nil { checked.insert(list.highlighted) }
		case .apply:
			let choices = setting.choices ?? []
			return .commit(.array(choices.indices.filter(checked.contains).map { choices[$0].value }))
		case .cancel:
			return .cancel
		default:
			_ = list.handle(command, key: key)
		}
		return .editing
	}

	func overlay(width: Int, height: Int) -> [[Span]]? {
		return list.box(width: width, height: height) { index in
			(checked.contains(index) ? "[x] " : "[ ] ") + list.titles[index]
		}
	}

	/// A click on a choice checks or unchecks it; Enter still applies.
	mutating func click(atLine line: Int, height: Int) -> EditOutcome? {
		guard let index = list.choice(atBoxLine: line, height: height) else { return nil }
		list.highlight(index)
		if checked.remove(index) == nil { checked.insert(index) }
		return .editing
	}

	func hint(for command: Command) -> String? { "" }

	mutating func restart(from value: Defaults.JSONValue?) {
		let choices = setting.choices ?? []
		let values = value?.arrayValue ?? []
		checked = Set(choices.indices.filter { values.contains(choices[$0].value) })
	}
}
