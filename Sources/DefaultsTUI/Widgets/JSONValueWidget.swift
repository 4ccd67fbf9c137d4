import Defaults

/// Lists, dictionaries and `Codable` values: compact JSON in the row, edited as pretty JSON in
/// `$EDITOR`; a list or an object opens as a page of its items or members (Enter, Space, →),
/// as a setting of a list's or a map's kind does, and `e` still edits it all as JSON.
struct JSONValueWidget: SettingWidget {
	let setting: Setting

	func valueText(_ value: SettingValue, width: Int) -> String {
		setting.displayText(for: value.effective)
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		switch command {
		case .edit, .activate, .increase:
			switch value.effective {
			case .array?, .object?: .openPage(form: nil)
			default: command == .edit ? .editExternally((value.effective ?? .null).jsonString(pretty: true)) : nil
			}
		case .editExternally: .editExternally((value.effective ?? .null).jsonString(pretty: true))
		default: commonResponse(command, on: value)
		}
	}

	func hint(for command: Command) -> String? {
		command == .editExternally ? "edit in $EDITOR" : commonHint(for: command)
	}

	func question(_ value: SettingValue) -> PromptQuestion {
		Self.jsonQuestion
	}

	/// JSON on one line, checked as an edit in `$EDITOR` is; `e` opens `$EDITOR`.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		jsonAnswer(text, on: value)
	}

	var detailLines: [String] {
		["Values: JSON (\(setting.typeName)); e opens it in $VISUAL or $EDITOR, and it is applied only if it parses and fits."]
	}
}
