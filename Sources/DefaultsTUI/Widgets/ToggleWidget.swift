import Defaults

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
}
