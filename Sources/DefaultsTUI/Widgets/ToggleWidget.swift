import Defaults
import Foundation

/// A Boolean as `[x] on` / `[ ] off`: Space and Enter flip it, ← turns it off, → on.
struct ToggleWidget: SettingWidget {
	let setting: Setting

	func valueText(_ value: SettingValue, width: Int) -> String {
		guard let flag = value.effective?.boolValue else { return "[ ] not set" }
		return flag ? "[x] on" : "[ ] off"
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		let isOn = value.effective?.boolValue ?? false
		switch command {
		case .activate, .edit: return .set(.bool(!isOn))
		case .decrease: return .set(false)
		case .increase: return .set(true)
		default: return commonResponse(command, on: value)
		}
	}

	func hint(for command: Command) -> String? {
		switch command {
		case .activate: "flip"
		case .decrease: "off/on"
		default: commonHint(for: command)
		}
	}

	var detailLines: [String] { ["Values: on or off."] }

	/// `on` or `off`, as the row and the question say it.
	func spokenText(_ value: Defaults.JSONValue) -> String {
		value.boolValue.map { $0 ? "on" : "off" } ?? setting.displayText(for: value)
	}

	func question(_ value: SettingValue) -> PromptQuestion {
		PromptQuestion(expects: "on or off; also y/n, true/false")
	}

	/// `on`/`off`, `y`/`n`, `yes`/`no`, `true`/`false`, `1`/`0`.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		let word = text.trimmingCharacters(in: .whitespaces).lowercased()
		switch setting.parse(word == "y" ? "yes" : word == "n" ? "no" : text) {
		case .success(let parsed): return .set(parsed)
		case .failure: return .refuse("expected on or off (or y/n, true/false), not \"\(text)\"")
		}
	}
}
