@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A settings file of a workflow, its schema made from its values (the pages a schema gives list the same items).
struct PageEditorFixture {
	let base = InMemoryStore()
	let model: EditorModel

	init(_ values: [String: Defaults.JSONValue], schema: SettingsSchema? = nil, width: Int = 100, height: Int = 30) {
		for (key, value) in values { base.setStoredValue(value, forKey: key) }
		model = EditorModel(schema: schema ?? SettingsSchema.inferred(from: values, title: "ci.json"), store: base)
		model.handle(.resize(width: width, height: height))
	}

	static let workflow: [String: Defaults.JSONValue] = [
		"jobs": ["build": ["runs-on": "ubuntu-latest", "steps": [
			["uses": "actions/checkout@v4"],
			["uses": "actions/setup-node@v4"],
			["run": "npm test"],
		]]],
	]

	func press(_ keys: EditorKey...) {
		for key in keys { model.handle(key) }
	}

	func type(_ text: String) {
		for character in text { model.handle(.character(character)) }
	}

	/// Selects the row titled `title` on the page shown and opens it.
	func open(_ title: String) {
		select(title)
		press(.enter)
	}

	func select(_ title: String) {
		// An item by its number alone too (its title is `2 · actions/setup-node@v4`).
		if let key = model.schema.settings.first(where: { $0.title == title || $0.title.hasPrefix(title + " · ") || $0.key == title })?.key {
			model.selectedKey = key
		}
	}

	var screen: [String] { model.render().text }
	var title: String { screen[0] }
	var message: String { screen[screen.count - 2] }
	var steps: Defaults.JSONValue? { base.storedValue(forKey: "jobs")?[path: ["build", "steps"]] }

	func row(_ title: String) -> String? {
		screen.dropFirst().first { $0.hasPrefix("  ") || $0.hasPrefix(" ●") ? $0.contains(" \(title) ") : false }
	}
}

@Suite("The editor: pages of lists, maps and objects")
struct PageEditorTests {
	@Test func aContainerShowsASummaryAndOpensAsAPageWithABreadcrumb() throws {
		let fixture = PageEditorFixture(PageEditorFixture.workflow)
		fixture.open("jobs")
		#expect(fixture.title.contains("ci.json › jobs"), "\(fixture.title)")
		#expect(fixture.screen.contains { $0.contains("build") && $0.contains("2 members: runs-on, steps") })
		fixture.open("build")
		fixture.open("steps")
		#expect(fixture.title.contains("jobs › build › steps"), "\(fixture.title)")
		#expect(fixture.screen.contains { $0.contains(" 2 ") && $0.contains("1 member: uses") })
		fixture.open("2")
		#expect(fixture.title.contains("jobs › build › steps › 2"))
		#expect(fixture.screen.contains { $0.contains("uses") && $0.contains("actions/setup-node@v4") })
		// Editing a member deep down writes it in place.
		fixture.select("uses")
		fixture.press(.enter, .control("u"))
		fixture.type("actions/setup-node@v5")
		fixture.press(.enter)
		#expect(fixture.steps?[path: [1, "uses"]] == "actions/setup-node@v5")
		#expect(fixture.steps?.arrayValue?.count == 3)
		// Esc goes back with the selection where it was; ← too.
		fixture.press(.escape)
		#expect(fixture.title.contains("jobs › build › steps") && !fixture.title.contains("steps › 2"))
		#expect(fixture.model.selectedKey == "jobs.build.steps[1]")
		fixture.press(.left)
		#expect(fixture.model.selectedKey == "jobs.build.steps")
		fixture.press(.escape, .escape)
		#expect(fixture.model.selectedKey == "jobs")
		#expect(fixture.model.pages.isEmpty)
		// Undo, back in the list, undoes the change made on the page.
		fixture.press(.character("u"))
		#expect(fixture.steps?[path: [1, "uses"]] == "actions/setup-node@v4")
	}

	@Test func itemTitlesFollowTheirValuesAfterAMoveAndAnEditInside() throws {
		let fixture = PageEditorFixture(PageEditorFixture.workflow)
		fixture.open("jobs")
		fixture.open("build")
		fixture.open("steps")
		#expect(fixture.screen.contains { $0.contains("1 · actions/checkout@v4") }, "\(fixture.screen)")
		fixture.model.selectedKey = "jobs.build.steps[0]"
		fixture.press(.character("J"))
		#expect(fixture.screen.contains { $0.contains("1 · actions/setup-node@v4") }, "\(fixture.screen)")
		#expect(fixture.screen.contains { $0.contains("2 · actions/checkout@v4") }, "\(fixture.screen)")
		// An edit inside an item that names it: its title, back on the list, says the new name.
		fixture.model.selectedKey = "jobs.build.steps[2]"
		fixture.press(.enter)
		fixture.select("run")
		fixture.press(.enter, .control("u"))
		fixture.type("make check")
		fixture.press(.enter, .escape)
		#expect(fixture.steps?[path: [2, "run"]] == "make check")
		#expect(fixture.screen.contains { $0.contains("3 · make check") }, "\(fixture.screen)")
	}

	@Test func itemsAreAddedRemovedAndMovedAsOneUndoStepEach() throws {
		let fixture = PageEditorFixture(PageEditorFixture.workflow)
		fixture.open("jobs")
		fixture.open("build")
		fixture.open("steps")
		fixture.select("1")
		fixture.press(.character("a"))
		#expect(fixture.steps?.arrayValue?.count == 4)
		#expect(fixture.steps?[path: [1]] == "", "the new item comes after the selected one")
		#expect(fixture.model.selectedKey == "jobs.build.steps[1]")
		#expect(fixture.message.contains("Added item 2 to jobs › build › steps"), "\(fixture.message)")
		#expect(fixture.screen.contains { $0.contains(" 4 ") && $0.contains("1 member: run") })
		// Moved down: one step.
		fixture.press(.character("J"))
		#expect(fixture.steps?[path: [2]] == "")
		#expect(fixture.model.selectedKey == "jobs.build.steps[2]")
		fixture.press(.character("u"))
		#expect(fixture.steps?[path: [1]] == "")
		#expect(fixture.steps?[path: [2]] == ["uses": "actions/setup-node@v4"])
		// Removed, with its words in the message.
		fixture.select("3")
		fixture.press(.character("d"))
		#expect(fixture.message.contains("Removed item 3 (actions/setup-node@v4). u undoes it."), "\(fixture.message)")
		#expect(fixture.steps?.arrayValue?.count == 3)
		#expect(fixture.model.selectedKey == "jobs.build.steps[2]", "the item after it takes its place")
		#expect(fixture.screen.contains { $0.contains(" 3 ") && $0.contains("1 member: run") })
		fixture.press(.character("u"))
		#expect(fixture.steps?.arrayValue?.count == 4)
		#expect(fixture.screen.contains { $0.contains(" 4 ") && $0.contains("1 member: run") })
		fixture.press(.character("u"))
		#expect(fixture.steps == PageEditorFixture.workflow["jobs"]?[path: ["build", "steps"]], "every step undone")
		// K at the top says so and changes nothing.
		fixture.select("1")
		fixture.press(.character("K"))
		#expect(fixture.message.contains("first already"))
	}

	/// An operation on a list starts from the list as it is now, with what was changed on an
	/// item's page since the list's page opened.
	@Test func anOperationAfterAnEditInsideAnItemKeepsThatEdit() throws {
		let fixture = PageEditorFixture(PageEditorFixture.workflow)
		fixture.open("jobs")
		fixture.open("build")
		fixture.open("steps")
		fixture.open("3")
		fixture.select("run")
		fixture.press(.enter, .control("u"))
		fixture.type("npm ci")
		fixture.press(.enter, .escape)
		fixture.select("1")
		fixture.press(.character("d"))
		#expect(fixture.steps == [["uses": "actions/setup-node@v4"], ["run": "npm ci"]])
		fixture.press(.character("a"))
		#expect(fixture.steps?[path: [2]] == ["run": "npm ci"])
	}

	@Test func eOnAnItemOfTextEditsTheWholeListInTheEditor() throws {
		let fixture = PageEditorFixture(["tags": ["alpha", "beta"]])
		fixture.open("tags")
		fixture.select("2")
		#expect(fixture.model.handle(.character("e")) == .editExternally(key: "tags", text: Defaults.JSONValue.array(["alpha", "beta"]).jsonString(pretty: true)))
		fixture.model.finishExternalEdit(key: "tags", text: #"["gamma"]"#)
		#expect(fixture.base.storedValue(forKey: "tags") == ["gamma"])
		#expect(fixture.model.schema.settings.map(\.key) == ["tags[0]"], "the page shows the list as edited")
	}

	@Test func requiredMembersAreMarkedAndAnUnsetOneSaysSo() throws {
		let container = Setting(key: "step", title: "Step", kind: .form, typeName: "object", defaultValue: nil, isOptional: true)
		let name = Setting(key: "step.name", title: "name", kind: .string, typeName: "string", defaultValue: nil, isOptional: true, path: ["step", "name"])
		let run = Setting(key: "step.run", title: "run", kind: .string, typeName: "string", defaultValue: nil, isOptional: true, path: ["step", "run"])
		let page = SettingsPage(container: container, path: ["step"], shape: .form, breadcrumb: ["step"],
			schema: SettingsSchema(title: "step", sections: [.init(title: "Step", settings: [name, run])]), requiredNames: ["run"])
		let fixture = PageEditorFixture(["step": ["name": "Test"]], schema: SettingsSchema(title: "s.json", sections: [.init(title: "Steps", settings: [container])]))
		fixture.model.pages.append(PageFrame(page: page, pageSetting: container, owner: container, value: ["name": "Test"], belowSchema: fixture.model.schema, belowSelection: fixture.model.selection))
		for setting in [name, run] { fixture.model.pathStore.adopt(path: setting.path ?? [], forKey: setting.key) }
		fixture.model.setShown(page.schema, containers: [container])
		fixture.model.selection = Selection(schema: page.schema)
		#expect(fixture.screen.contains { $0.contains("* run") && $0.contains("required") }, "\(fixture.screen)")
		#expect(fixture.screen.contains { $0.contains(" name ") && !$0.contains("* name") && $0.contains("Test") })
	}

	@Test func aRefusedOperationShowsTheValidatorsMessageAndChangesNothing() throws {
		let document = try Defaults.JSONValue(parsing: #"{"properties": {"tags": {"type": "array", "minItems": 1, "items": {"type": "string"}}}}"#)
		let schema = SettingsSchema.importing(jsonSchema: document, title: "tags.json").schema
		let fixture = PageEditorFixture(["tags": ["one"]], schema: schema)
		fixture.open("tags")
		fixture.press(.character("d"))
		#expect(fixture.message.contains("tags: ") && fixture.message.contains("(minItems)"), "\(fixture.message)")
		#expect(fixture.base.storedValue(forKey: "tags") == ["one"])
		// x, as d, goes through the same check.
		fixture.press(.character("x"))
		#expect(fixture.base.storedValue(forKey: "tags") == ["one"])
	}

	@Test func aPageThatTakesNoMoreSaysWhyOnAdd() throws {
		let container = Setting(key: "tags", title: "Tags", kind: .list, typeName: "array", defaultValue: nil, isOptional: true)
		let items = Setting(key: "tags[0]", title: "1", kind: .string, typeName: "string", defaultValue: nil, isOptional: true, path: SettingPath(["tags", 0]))
		let page = SettingsPage(container: container, path: SettingPath(["tags"]), shape: .list, breadcrumb: ["tags"],
			schema: SettingsSchema(title: "tags", sections: [.init(title: "Tags", settings: [items])]), canAdd: false)
		let fixture = PageEditorFixture(["tags": ["one"]], schema: SettingsSchema(title: "tags.json", sections: [.init(title: "Tags", settings: [container])]))
		fixture.model.pages.append(PageFrame(page: page, pageSetting: container, owner: container, value: ["one"], belowSchema: fixture.model.schema, belowSelection: fixture.model.selection))
		fixture.press(.character("a"))
		#expect(fixture.message.contains("takes no more items"), "\(fixture.message)")
		#expect(fixture.base.storedValue(forKey: "tags") == ["one"])
	}

	@Test func aMapsMembersAreAddedByNameAndRenamed() throws {
		let fixture = PageEditorFixture(["package": ["scripts": ["build": "tsc", "test": "jest"]]])
		fixture.open("package")
		#expect(fixture.screen.contains { $0.contains("scripts") && $0.contains("2 members: build, test") }, "\(fixture.screen)")
		fixture.open("scripts")
		fixture.press(.character("a"))
		#expect(fixture.message.contains("New member's name:"), "\(fixture.message)")
		// An empty name is refused by the page, and asked again.
		fixture.press(.enter)
		#expect(fixture.message.contains("a member's name cannot be empty; type a name"), "\(fixture.message)")
		fixture.type("lint")
		fixture.press(.enter)
		#expect(fixture.base.storedValue(forKey: "package")?[path: ["scripts"]] == ["build": "tsc", "test": "jest", "lint": ""])
		#expect(fixture.model.selectedKey == "package.scripts.lint")
		// Renamed: the value stays.
		fixture.select("build")
		fixture.press(.character("c"))
		#expect(fixture.message.contains("New name for build: build"))
		fixture.press(.control("u"))
		fixture.type("compile")
		fixture.press(.enter)
		#expect(fixture.base.storedValue(forKey: "package")?[path: ["scripts"]] == ["compile": "tsc", "test": "jest", "lint": ""])
		#expect(fixture.message.contains("Renamed build to compile."))
		fixture.press(.character("u"))
		#expect(fixture.base.storedValue(forKey: "package")?[path: ["scripts"]] == ["build": "tsc", "test": "jest", "lint": ""])
		// A name already there is refused.
		fixture.select("test")
		fixture.press(.character("c"), .control("u"))
		fixture.type("lint")
		fixture.press(.enter)
		#expect(fixture.message.contains("already has a member named \"lint\""), "\(fixture.message)")
		#expect(fixture.base.storedValue(forKey: "package")?[path: ["scripts"]] == ["build": "tsc", "test": "jest", "lint": ""])
		fixture.press(.escape)
		#expect(fixture.message.contains("Not renamed; test keeps its name."))
	}

	@Test func aChangeElsewhereRebuildsThePageAndAContainerThatWentLeavesIt() throws {
		let fixture = PageEditorFixture(PageEditorFixture.workflow)
		fixture.open("jobs")
		fixture.open("build")
		fixture.open("steps")
		var steps = try #require(fixture.steps?.arrayValue)
		steps.append(["run": "npm run lint"])
		fixture.base.setStoredValue(["build": ["runs-on": "ubuntu-latest", "steps": .array(steps)]], forKey: "jobs")
		#expect(fixture.model.storeDidChange(keys: ["jobs"]))
		#expect(fixture.screen.contains { $0.contains(" 4 ") && $0.contains("1 member: run") }, "\(fixture.screen)")
		// The list's container went: back up to where it still is, with a word.
		fixture.base.setStoredValue(["build": ["runs-on": "ubuntu-latest"]], forKey: "jobs")
		#expect(fixture.model.storeDidChange(keys: ["jobs"]))
		#expect(fixture.model.pages.count == 2)
		#expect(fixture.title.contains("jobs › build") && !fixture.title.contains("steps"))
		#expect(fixture.message.contains("jobs › build › steps was removed elsewhere; back to jobs › build."), "\(fixture.message)")
	}

	@Test func theFilterResetAndHelpWorkOnAPage() throws {
		let fixture = PageEditorFixture(["tags": ["alpha", "beta", "gamma"], "flags": [true, false]])
		fixture.open("tags")
		fixture.press(.character("/"))
		fixture.type("[2]")
		fixture.press(.enter)
		#expect(fixture.model.visibleSettings.map(\.key) == ["tags[2]"])
		fixture.press(.escape)
		#expect(fixture.model.visibleSettings.count == 3, "Esc leaves the filter first")
		#expect(!fixture.model.pages.isEmpty)
		fixture.press(.escape)
		fixture.open("flags")
		fixture.select("2")
		fixture.press(.character(" "))
		#expect(fixture.base.storedValue(forKey: "flags") == [true, true], "a toggle on a page flips its item")
		fixture.press(.character("?"))
		#expect(fixture.screen.joined().contains("flags[1]"), "the help page of the item")
		fixture.press(.escape)
		#expect(fixture.model.pages.count == 1)
	}
}
