@testable import Defaults
@testable import DefaultsSchema
@testable import DefaultsTUI
import Foundation
import Testing

@Suite("Variant widget: one of several forms")
struct VariantWidgetTests {
	/// `runs-on`: a text or a list of labels.
	static func runsOn() -> Setting {
		var setting = Setting(key: "runs-on", title: "Runs on", kind: .variant, typeName: "string or array", defaultValue: nil, isOptional: true)
		let text = Setting(key: "runs-on", title: "Runs on", kind: .string, typeName: "string", defaultValue: nil, isOptional: true)
		let list = Setting(key: "runs-on", title: "Runs on", kind: .list, typeName: "array", defaultValue: .array([]), isOptional: true)
		setting.formsBox = SettingFormsBox([SettingForm(title: "text", setting: text), SettingForm(title: "list", setting: list)])
		return setting
	}

	static func fixture(_ value: Defaults.JSONValue) -> PageEditorFixture {
		PageEditorFixture(["runs-on": value], schema: SettingsSchema(title: "ci.json", sections: [.init(title: "Job", settings: [runsOn()])]))
	}

	@Test func theRowShowsTheCurrentFormAndItsValue() {
		#expect(Self.fixture("ubuntu-latest").screen.contains { $0.contains("Runs on") && $0.contains("text: ubuntu-latest") })
		#expect(Self.fixture(["linux", "x64"]).screen.contains { $0.contains("Runs on") && $0.contains("list: 2 items") })
	}

	@Test func enterEditsWithTheCurrentFormsWidget() {
		let text = Self.fixture("ubuntu-latest")
		text.press(.enter, .control("u"))
		text.type("macos-latest")
		text.press(.enter)
		#expect(text.base.storedValue(forKey: "runs-on") == "macos-latest", "typed in place as a text")
		let list = Self.fixture(["linux", "x64"])
		list.press(.enter)
		#expect(list.title.contains("runs-on"), "a list form opens as its page: \(list.title)")
		#expect(list.model.schema.settings.count == 2)
	}

	@Test func fSwitchesTheFormConvertingTheValue() {
		let fixture = Self.fixture("ubuntu-latest")
		fixture.press(.character("f"))
		#expect(fixture.screen.contains { $0.contains("text  (current)") }, "the picker's list of forms: \(fixture.screen)")
		fixture.press(.down, .enter)
		let stored = fixture.base.storedValue(forKey: "runs-on")
		#expect(stored == Self.runsOn().converting("ubuntu-latest", toForm: 1))
		#expect(stored?.arrayValue != nil, "the value is now a list")
		fixture.press(.character("u"))
		#expect(fixture.base.storedValue(forKey: "runs-on") == "ubuntu-latest", "one undo step")
		// f on a setting of one form says so.
		let plain = PageEditorFixture(["name": "x"])
		plain.press(.character("f"))
		#expect(plain.message.contains("has one form"), "\(plain.message)")
	}
}
