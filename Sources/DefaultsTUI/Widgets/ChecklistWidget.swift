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

	/// The choices numbered, with their boxes.
	func question(_ value: SettingValue) -> PromptQuestion {
		let editor = ChecklistEditor(setting: setting, checked: value.effective?.arrayValue ?? [])
		let lines = (setting.choices ?? []).indices.map { "  \($0 + 1). " + editor.text(ofChoice: $0) }
		return PromptQuestion(lines: lines, expects: "the numbers of choices to check or uncheck, such as 1 3; or the names of all to check, separated by commas")
	}

	/// Numbers toggle those choices (as Space does in the list); names are the whole set.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		let words = text.split { $0 == " " || $0 == "," }
		let numbers = words.compactMap { Int($0) }
		guard !words.isEmpty, numbers.count == words.count else { return parsedAnswer(text) }
		var editor = ChecklistEditor(setting: setting, checked: value.effective?.arrayValue ?? [])
		let count = setting.choices?.count ?? 0
		for number in numbers {
			guard (1...max(1, count)).contains(number), number <= count else {
				return .refuse("there is no choice \(number): the choices are 1 to \(count)")
			}
			_ = editor.clicked(choice: number - 1)
		}
		guard case .commit(let checked)? = editor.act(on: .apply) else { return .refuse("nothing was chosen") }
		if let checked, let problem = setting.validate(checked) { return .refuse(problem.message) }
		return .set(checked)
	}
}

/// An open checklist: Space checks and unchecks, Enter stores the checked choices in the schema's order.
struct ChecklistEditor: ChoiceListEditor {
	let setting: Setting
	private(set) var checked: Set<Int>
	var list: ChoiceList

	init(setting: Setting, checked values: [Defaults.JSONValue]) {
		self.setting = setting
		let choices = setting.choices ?? []
		checked = Set(choices.indices.filter { values.contains(choices[$0].value) })
		list = ChoiceList(titles: choices.map { $0.title.escapingControlCharacters }, highlighted: 0)
	}

	var keyContext: KeyContext { .choosingMany }

	mutating func act(on command: Command) -> EditOutcome? {
		switch command {
		case .toggleItem:
			toggle(list.highlighted)
			return .editing
		case .apply:
			let choices = setting.choices ?? []
			return .commit(.array(choices.indices.filter(checked.contains).map { choices[$0].value }))
		default:
			return nil
		}
	}

	func text(ofChoice index: Int) -> String {
		(checked.contains(index) ? "[x] " : "[ ] ") + list.titles[index]
	}

	/// A click on a choice checks or unchecks it; Enter still applies.
	mutating func clicked(choice index: Int) -> EditOutcome {
		toggle(index)
		return .editing
	}

	private mutating func toggle(_ index: Int) {
		if checked.remove(index) == nil { checked.insert(index) }
	}

	mutating func restart(from value: Defaults.JSONValue?) {
		let choices = setting.choices ?? []
		let values = value?.arrayValue ?? []
		checked = Set(choices.indices.filter { values.contains(choices[$0].value) })
	}
}
