@testable import Defaults
@testable import DefaultsSchema
@testable import DefaultsTUI
import Foundation
import Testing

/// Lists, maps and variants in the line-prompt editor, driven by typed lines: a container opens as
/// its items or members numbered, with words for each operation of its page.
@Suite("The editor as line prompts: lists, maps and forms")
struct PlainEditorPagesTests {
	/// A list of steps, a map of variables, a map holding a nested list, and a variant (text or a list).
	static var schema: SettingsSchema {
		var runsOn = Setting(key: "runsOn", title: "Runs On", kind: .variant, defaultValue: nil, isOptional: true)
		runsOn.formsBox = SettingFormsBox([
			SettingForm(title: "text", setting: Setting(key: "runsOn", title: "Runs On", kind: .string, defaultValue: "ubuntu-latest")),
			SettingForm(title: "list", setting: Setting(key: "runsOn", title: "Runs On", kind: .list, defaultValue: [])),
		])
		return SettingsSchema(title: "CI", sections: [SettingsSchema.Section(title: "Job", settings: [
			Setting(key: "steps", title: "Steps", kind: .list, defaultValue: nil, isOptional: true),
			Setting(key: "env", title: "Environment", kind: .map, defaultValue: nil, isOptional: true),
			Setting(key: "jobs", title: "Jobs", kind: .map, defaultValue: nil, isOptional: true),
			runsOn,
		])])
	}

	private func plain(_ stored: [String: Defaults.JSONValue]) -> (PlainEditorModel, InMemoryStore) {
		let store = InMemoryStore()
		for (key, value) in stored { store.setStoredValue(value, forKey: key) }
		let plain = PlainEditorModel(model: EditorModel(schema: Self.schema, store: store), width: 80)
		_ = plain.start()
		return (plain, store)
	}

	/// The page `key`'s setting opens as, for the value stored now.
	private func page(_ key: String, in plain: PlainEditorModel, _ store: InMemoryStore) -> SettingsPage? {
		plain.model.schema.settings.first { $0.key == key }.flatMap { Self.schema.page(for: $0, value: store.storedValue(forKey: key)) }
	}

	@Test func aListOpensAsItsItemsWithAddRemoveMoveAndEachItemAskedWithItsWidget() throws {
		let (plain, store) = plain(["steps": ["make", "make check"]])
		var output = plain.handle(line: "steps")
		#expect(output.lines.first == "steps")
		#expect(output.lines.contains("  1. 1: make") && output.lines.contains("  2. 2: make check"), "\(output.lines)")
		#expect(output.lines.last == "Type a number opens an item; add; remove N; move N M; back.")
		#expect(output.prompt == "steps (number, add, remove N, back): ")

		output = plain.handle(line: "2")
		#expect(output.prompt.hasPrefix("2 [make check] ("), "asked with the item's own widget: \(output.prompt)")
		output = plain.handle(line: "make test")
		#expect(output.lines == ["2 set to make test."])
		#expect(store.storedValue(forKey: "steps") == ["make", "make test"])

		_ = plain.handle(line: "add")
		#expect(store.storedValue(forKey: "steps")?.arrayValue?.count == 3)
		_ = plain.handle(line: "move 1 3")
		#expect(store.storedValue(forKey: "steps")?.arrayValue?.last == "make", "the first item moved last")
		_ = plain.handle(line: "remove 3")
		#expect(store.storedValue(forKey: "steps")?.arrayValue?.contains("make") == false)
		#expect(plain.handle(line: "?").lines.last == "Type a number opens an item; add; remove N; move N M; back.", "help on a page lists its words")
		output = plain.handle(line: "remove 9")
		#expect(output.lines == ["There is no item 9 (1 to 2)."])
		_ = plain.handle(line: "u")
		#expect(store.storedValue(forKey: "steps")?.arrayValue?.last == "make", "undo takes the removal back")

		output = plain.handle(line: "back")
		#expect(output.prompt.hasPrefix("Setting ("), "back to the settings")
		#expect(output.lines.contains("  1. Steps: [\"make test\",\"\",\"make\"]") || output.lines.contains { $0.hasPrefix("  1. Steps:") })
	}

	@Test func aMapRenamesAddsByNameAndPrintsTheOperationsRefusal() throws {
		let (plain, store) = plain(["env": ["CI": "true", "HOME": "/root"]])
		var output = plain.handle(line: "env")
		#expect(output.lines.contains("  1. CI: true") && output.lines.contains("  2. HOME: /root"), "\(output.lines)")
		#expect(output.lines.last == "Type a number opens a member; add NAME; rename NAME NEW; remove N; back.")

		let refusal = try #require(page("env", in: plain, store)).renaming("CI", to: "HOME", in: store.storedValue(forKey: "env"))
		output = plain.handle(line: "rename CI HOME")
		#expect(output.lines == [refusal.failureMessage], "the page operation's own words")
		#expect(store.storedValue(forKey: "env") == ["CI": "true", "HOME": "/root"], "nothing changed")

		_ = plain.handle(line: "rename CI CONTINUOUS_INTEGRATION")
		#expect(store.storedValue(forKey: "env") == ["CONTINUOUS_INTEGRATION": "true", "HOME": "/root"])
		output = plain.handle(line: "add")
		#expect(output.lines == ["Type add and the new member's name: add NAME."])
		_ = plain.handle(line: "add LANG")
		#expect(store.storedValue(forKey: "env")?.objectValue?.keys.sorted() == ["CONTINUOUS_INTEGRATION", "HOME", "LANG"])
		_ = plain.handle(line: "HOME")
		_ = plain.handle(line: "/home/ci")
		#expect(store.storedValue(forKey: "env")?[path: ["HOME"]] == "/home/ci", "a member opened by its name")
		_ = plain.handle(line: "remove 1")
		#expect(store.storedValue(forKey: "env")?.objectValue?["CONTINUOUS_INTEGRATION"] == nil)
	}

	@Test func nestedContainersOpenAsTheirOwnPagesWithTheirPathInThePrompt() throws {
		let (plain, store) = plain(["jobs": ["build": ["steps": ["make"]]]])
		_ = plain.handle(line: "jobs")
		var output = plain.handle(line: "1")
		#expect(output.lines.contains("  1. steps: list of 1 item"), "\(output.lines)")
		#expect(output.prompt.hasPrefix("jobs › build ("))
		output = plain.handle(line: "steps")
		#expect(output.prompt.hasPrefix("jobs › build › steps ("))
		_ = plain.handle(line: "1")
		_ = plain.handle(line: "make all")
		#expect(store.storedValue(forKey: "jobs") == ["build": ["steps": ["make all"]]])
		_ = plain.handle(line: "back")
		output = plain.handle(line: "back")
		#expect(output.prompt.hasPrefix("jobs ("))
		_ = plain.handle(line: "back")
		#expect(plain.handle(line: "l").prompt.hasPrefix("Setting ("))
	}

	@Test func aNestedSettingOpensAtItsPathInsideItsObject() throws {
		let base = InMemoryStore()
		base.setStoredValue(["steps": ["make"], "other": 1], forKey: "tool")
		let schema = SettingsSchema(title: "Tool", sections: [SettingsSchema.Section(title: "Tool", settings: [
			Setting(key: "tool.steps", title: "Steps", kind: .list, defaultValue: nil, isOptional: true, path: ["tool", "steps"]),
		])])
		let store = MemberPathStore(base: base, schema: schema)
		let plain = PlainEditorModel(model: EditorModel(schema: schema, store: store), width: 80)
		_ = plain.start()
		let output = plain.handle(line: "1")
		#expect(output.prompt.hasPrefix("tool › steps ("), "\(output.prompt)")
		_ = plain.handle(line: "1")
		_ = plain.handle(line: "make all")
		#expect(base.storedValue(forKey: "tool") == ["steps": ["make all"], "other": 1], "the item written inside the object, its other members kept")
	}

	@Test func aVariantSaysItsFormAndSwitchesWithFormN() throws {
		let (plain, store) = plain(["runsOn": "ubuntu-latest"])
		var output = plain.handle(line: "runsOn")
		#expect(output.lines.contains("It has form 1, text: ubuntu-latest."), "\(output.lines)")
		#expect(output.lines.contains("  1. text") && output.lines.contains("  2. list"))
		_ = plain.handle(line: "macos-latest")
		#expect(store.storedValue(forKey: "runsOn") == "macos-latest", "a value answers with the current form's widget")
		let runsOn = try #require(Self.schema.settings.first { $0.key == "runsOn" })
		let expected = runsOn.converting("macos-latest", toForm: 1)
		output = plain.handle(line: "form 2")
		#expect(store.storedValue(forKey: "runsOn") == expected)
		#expect(output.lines.contains { $0.hasPrefix("It has form 2, list") }, "\(output.lines)")
		output = plain.handle(line: "form 3")
		#expect(output.lines == ["Type form and a number from 1 to 2."])
	}
}
