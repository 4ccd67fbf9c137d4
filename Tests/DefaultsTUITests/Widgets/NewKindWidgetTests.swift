@testable import Defaults
@testable import DefaultsTUI
import Testing

/// The rules of a throwaway kind: a colour as `#rrggbb` (its own file in the core, in a program).
private struct SwatchColourKind: SettingKindRules {
	let name = "swatch-colour"
	let valuesDescription = "a colour such as #ff8800"

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		Self.isColour(trimmed) ? .success(.string(trimmed.lowercased())) : .failure(SettingError("expected \(valuesDescription)"))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		value.stringValue.map(Self.isColour) == true ? nil : SettingError("expected \(valuesDescription)")
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": "string"]
	}

	static func isColour(_ text: String) -> Bool {
		text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
	}
}

/// Its widget: a swatch name beside the code; Space steps through three swatches.
private struct SwatchWidget: SettingWidget {
	static let swatches: [Defaults.JSONValue] = ["#ff0000", "#00ff00", "#0000ff"]
	let setting: Setting

	func valueText(_ value: SettingValue, width: Int) -> String {
		"■ \(value.effective?.stringValue ?? "none")"
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		guard command == .activate else { return commonResponse(command, on: value) }
		let index = Self.swatches.firstIndex { $0 == value.effective } ?? -1
		return .set(Self.swatches[(index + 1) % Self.swatches.count])
	}

	func hint(for command: Command) -> String? {
		command == .activate ? "next swatch" : commonHint(for: command)
	}

	var detailLines: [String] { ["Values: \(setting.kind.rules.valuesDescription)."] }
}

/// A new kind needs its rules (one core file), its widget (one editor file) and the widget's
/// registration: the editor model shows it and carries out its commands with no change.
@Suite("A kind of one's own in the editor")
struct NewKindWidgetTests {
	@Test func theEditorShowsAndEditsItThroughItsWidget() {
		let kind = Setting.Kind(SwatchColourKind())
		Widgets.add({ SwatchWidget(setting: $0) }, for: kind)
		let fixture = EditorFixture(schema: { _ in
			SettingsSchema(title: "T", sections: [.init(title: "S", settings: [Setting(key: "accent", title: "Accent", kind: kind, defaultValue: "#00ff00")])])
		})
		fixture.select("accent")
		#expect(fixture.row("Accent")?.contains("■ #00ff00") == true, "\(fixture.screen)")
		#expect(fixture.hintBar.contains("next swatch"))
		fixture.press(.character(" "))
		#expect(fixture.stored("accent") == "#0000ff")
		#expect(fixture.row("Accent")?.contains("■ #0000ff") == true)
		fixture.press(.character("r"))
		#expect(fixture.stored("accent") == nil, "reset, as for any setting")
	}
}
