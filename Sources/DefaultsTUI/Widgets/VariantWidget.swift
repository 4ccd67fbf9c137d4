import Defaults

/**
A setting whose value may take one of several forms (``Setting/Kind/variant``): the row shows
the current form and its value (`text: ubuntu-latest`, `list: 2 items`), the list's commands
go to the current form's widget (a toggle flips, a text is typed in place, a list opens as its
page), and `f` opens the list of forms to switch to (the value converted where it can be).
*/
struct VariantWidget: SettingWidget {
	let setting: Setting

	/// The form `value` has, with its widget, or `nil` when it has none (no value, or none fits).
	private func currentForm(_ value: Defaults.JSONValue?) -> (index: Int, form: SettingForm, widget: any SettingWidget)? {
		guard let index = setting.formIndex(of: value), setting.forms.indices.contains(index) else { return nil }
		let form = setting.forms[index]
		return (index, form, Widgets.widget(for: form.setting))
	}

	/// The value as the form's widget sees it.
	private func formValue(_ value: SettingValue, _ form: SettingForm) -> SettingValue {
		SettingValue(setting: form.setting, stored: value.effective)
	}

	func valueText(_ value: SettingValue, width: Int) -> String {
		guard let (_, form, widget) = currentForm(value.effective) else {
			return value.effective == nil ? "not set" : setting.displayText(for: value.effective)
		}
		let head = "\(form.title): "
		return head + widget.valueText(formValue(value, form), width: max(1, width - head.cellWidth))
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		if command == .chooseForm {
			guard !setting.forms.isEmpty else { return .refuse("\(setting.title) has no forms to choose from.") }
			return .startEditing(FormListEditor(setting: setting, current: value.effective))
		}
		if command == .editExternally {
			return .editExternally((value.effective ?? .null).jsonString(pretty: true))
		}
		guard let (_, form, widget) = currentForm(value.effective) else {
			switch command {
			case .activate, .edit:
				// No form yet: choosing one is the way to start.
				guard !setting.forms.isEmpty else { return .editExternally((value.effective ?? .null).jsonString(pretty: true)) }
				return .startEditing(FormListEditor(setting: setting, current: value.effective))
			default:
				return commonResponse(command, on: value)
			}
		}
		// A list, a map or a form opens as its page; the form's own setting describes it.
		if form.setting.kind.opensPage, command == .activate || command == .edit || command == .increase {
			return .openPage(form: form.setting)
		}
		if command == .unset { return commonResponse(command, on: value) }
		return widget.perform(command, on: formValue(value, form))
	}

	func hint(for command: Command) -> String? {
		switch command {
		case .chooseForm: return setting.forms.count > 1 ? "form" : nil
		case .editExternally: return "edit in $EDITOR"
		case .unset: return commonHint(for: command)
		default: return ""
		}
	}

	var detailLines: [String] {
		let titles = setting.forms.map(\.title).joined(separator: ", ")
		return ["Forms: \(titles.isEmpty ? "none" : titles); \(KeyMap.keyName(for: .chooseForm, in: .browsing)) switches form (the value converted where it can be, else the new form's default), "
			+ "and the current form is edited with its own widget."]
	}

	func question(_ value: SettingValue) -> PromptQuestion {
		Self.jsonQuestion
	}

	/// JSON on one line; `e` opens `$EDITOR`.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		jsonAnswer(text, on: value)
	}
}

/// The list of a variant's forms, the current one marked: choosing one stores the value converted to it.
struct FormListEditor: ChoiceListEditor {
	let setting: Setting
	let current: Defaults.JSONValue?
	var list: ChoiceList
	private let currentIndex: Int?

	init(setting: Setting, current: Defaults.JSONValue?) {
		self.setting = setting
		self.current = current
		currentIndex = setting.formIndex(of: current)
		list = ChoiceList(titles: setting.forms.map { $0.title.escapingControlCharacters }, highlighted: currentIndex ?? 0)
	}

	var keyContext: KeyContext { .choosingOne }

	mutating func act(on command: Command) -> EditOutcome? {
		guard command == .choose else { return nil }
		return clicked(choice: list.highlighted)
	}

	func text(ofChoice index: Int) -> String {
		list.titles[index] + (index == currentIndex ? "  (current)" : "")
	}

	/// The value in the chosen form: the same value when it is the current one.
	mutating func clicked(choice index: Int) -> EditOutcome {
		guard setting.forms.indices.contains(index) else { return .cancel }
		return index == currentIndex ? .cancel : .commit(setting.converting(current, toForm: index))
	}

	mutating func restart(from value: Defaults.JSONValue?) {}
}
