import Defaults

/// Lists, dictionaries and `Codable` values: compact JSON in the row, edited as pretty JSON in `$EDITOR`.
struct JSONValueWidget: SettingWidget {
	let setting: Setting

	func valueText(_ value: SettingValue, width: Int) -> String {
		setting.displayText(for: value.effective)
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		switch command {
		case .edit, .editExternally: .editExternally((value.effective ?? .null).jsonString(pretty: true))
		default: commonResponse(command, on: value)
		}
	}

	func hint(for command: Command) -> String? {
		command == .editExternally ? "edit in $EDITOR" : commonHint(for: command)
	}

	func question(_ value: SettingValue) -> PromptQuestion {
		PromptQuestion(expects: "JSON on one line, or e to edit it in $EDITOR")
	}

	/// JSON on one line, checked as an edit in `$EDITOR` is; `e` opens `$EDITOR`.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		if text.trimmingCharacters(in: .whitespaces) == "e" {
			return .editExternally((value.effective ?? .null).jsonString(pretty: true))
		}
		return parsedAnswer(text)
	}

	var detailLines: [String] {
		["Values: JSON (\(setting.typeName)); e opens it in $VISUAL or $EDITOR, and it is applied only if it parses and fits."]
	}
}
