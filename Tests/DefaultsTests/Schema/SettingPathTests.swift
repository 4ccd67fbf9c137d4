@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

@Suite("Paths to any member or item")
struct SettingPathTests {
	@Test(arguments: [
		("jobs.build.steps[3].run", [SettingPath.Component.member("jobs"), "build", "steps", 3, "run"]),
		(#"rules["react/prop-types"]"#, ["rules", "react/prop-types"]),
		(#"scripts["pre.build"]"#, ["scripts", "pre.build"]),
		("servers[0][1]", ["servers", 0, 1]),
		(#"a["say \"hi\""]"#, ["a", "say \"hi\""]),
		(#"a["back\\slash"]"#, ["a", "back\\slash"]),
		(#"a["\u00e9t\u00e9"]"#, ["a", "été"]),
		("with.node-version", ["with", "node-version"]),
		("[2]", [2]),
		(#"["1st"]"#, ["1st"]),
		("$schema", ["$schema"]),
	])
	func textIsReadAsItsSteps(text: String, components: [SettingPath.Component]) throws {
		let path = try SettingPath(parsing: text)
		#expect(path.components == components)
		// What a path is written as reads back as the same path.
		#expect(try SettingPath(parsing: path.description) == path)
	}

	@Test func namesThatAreNotPlainWordsAreQuotedInBrackets() {
		#expect(SettingPath(["rules", "react/prop-types"]).description == #"rules["react/prop-types"]"#)
		#expect(SettingPath(["scripts", "pre.build"]).description == #"scripts["pre.build"]"#)
		#expect(SettingPath(["jobs", "build", "steps", 3, "with", "node-version"]).description == "jobs.build.steps[3].with.node-version")
		#expect(SettingPath(["a", "1st"]).description == #"a["1st"]"#, "a name starting with a digit is not taken for an index")
		#expect(SettingPath(["a", ""]).description == #"a[""]"#)
		#expect(SettingPath(["a", "two words"]).description == #"a["two words"]"#)
		#expect(SettingPath(["a", "tab\there"]).description == #"a["tab\there"]"#)
		#expect(SettingPath(["a", "x]y"]).description == #"a["x]y"]"#)
	}

	@Test(arguments: [
		("", 1, "a path is not empty"),
		("a..b", 3, "expected a member name after the dot"),
		("a.", 3, "expected a member name after the dot"),
		("a[", 3, "expected an index or a quoted name"),
		("a[x]", 3, "expected an index (0, 1, …) or a quoted name"),
		("a[1", 4, "expected \"]\""),
		(#"a["b"#, 3, "the quoted name has no closing quote"),
		("a[1]b", 5, "expected \".\" or \"[\" after \"]\""),
		(#"a["\q"]"#, 3, "the quoted name is not a JSON string"),
		("a[99999999999999999999]", 3, "is too large"),
	])
	func badTextIsRefusedAtItsColumn(text: String, column: Int, reason: String) {
		#expect {
			try SettingPath(parsing: text)
		} throws: { error in
			guard let error = error as? SettingPathError else { return false }
			return error.column == column && error.reason.contains(reason) && error.description.hasPrefix("path \"\(text)\", column \(column): ")
		}
	}

	@Test func valuesAreReadAndReplacedAtAPath() throws {
		let value: Defaults.JSONValue = ["jobs": ["build": ["steps": [["uses": "a"], ["run": "make"]]]]]
		let run = try SettingPath(parsing: "jobs.build.steps[1].run")
		#expect(value[path: run] == "make")
		#expect(value[path: try SettingPath(parsing: "jobs.build.steps[2]")] == nil, "past the end")
		#expect(value[path: try SettingPath(parsing: "jobs.build[0]")] == nil, "an index into an object")
		#expect(value[path: try SettingPath(parsing: "jobs.build.steps.x")] == nil, "a member of an array")

		let changed = Defaults.JSONValue.replacing(in: value, at: run.components[...], with: "make test")
		#expect(changed?[path: run] == "make test")
		#expect(changed?[path: try SettingPath(parsing: "jobs.build.steps[0].uses")] == "a", "the rest is kept")

		let appended = Defaults.JSONValue.replacing(in: value, at: try SettingPath(parsing: "jobs.build.steps[2]").components[...], with: ["run": "b"])
		#expect(appended?[path: try SettingPath(parsing: "jobs.build.steps")]?.arrayValue?.count == 3, "the index of the count appends")
		#expect(Defaults.JSONValue.replacing(in: value, at: try SettingPath(parsing: "jobs.build.steps[5]").components[...], with: 1) == nil, "past the end is refused")

		let removed = Defaults.JSONValue.replacing(in: value, at: try SettingPath(parsing: "jobs.build.steps[0]").components[...], with: nil)
		#expect(removed?[path: try SettingPath(parsing: "jobs.build.steps")] == [["run": "make"]], "a removed item shifts the rest")
		#expect(Defaults.JSONValue.replacing(in: value, at: try SettingPath(parsing: "jobs.test").components[...], with: nil) == nil, "nothing to remove")

		let made = Defaults.JSONValue.replacing(in: nil, at: try SettingPath(parsing: "a.b").components[...], with: 1)
		#expect(made == ["a": ["b": 1]], "objects on the way are made")
		let on: Defaults.JSONValue = ["on": ["push", "pull_request"]]
		#expect(Defaults.JSONValue.replacing(in: on, at: try SettingPath(parsing: "on.push").components[...], with: [:]) == nil,
			"a list is not replaced by an object holding the member")
		#expect(Defaults.JSONValue.replacing(in: ["on": "push"], at: try SettingPath(parsing: "on.push").components[...], with: [:]) == nil)
		#expect(Defaults.JSONValue.replacing(in: ["on": nil], at: try SettingPath(parsing: "on.push").components[...], with: [:]) == ["on": ["push": [:]]])
	}

	@Test func aStoreOfMembersReadsAndWritesItemsAtAnyDepth() throws {
		let base = InMemoryStore()
		base.setStoredValue(["build": ["steps": [["uses": "a"], ["run": "make"]]]], forKey: "jobs")
		let store = MemberPathStore(base: base, paths: [:])
		let path = try SettingPath(parsing: "jobs.build.steps[1].run")
		#expect(store.storedValue(forKey: path.description) == nil, "not a path until adopted")
		store.adopt(path: path, forKey: path.description)
		#expect(store.storedValue(forKey: path.description) == "make")
		store.setStoredValue("make test", forKey: path.description)
		#expect(base.storedValue(forKey: "jobs")?[path: try SettingPath(parsing: "build.steps[1].run")] == "make test")
		#expect(base.storedValue(forKey: "jobs")?[path: try SettingPath(parsing: "build.steps[0].uses")] == "a")
		store.removeStoredValue(forKey: path.description)
		#expect(base.storedValue(forKey: "jobs")?[path: try SettingPath(parsing: "build.steps[1]")] == [:], "the member goes, its object stays")
		#expect(store.topLevelKey(of: path.description) == "jobs")
		// Several at once, the others kept.
		store.adopt(adding: ["jobs.build.steps[0].uses": ["jobs", "build", "steps", 0, "uses"], "first": ["jobs", "build", "steps", 0]])
		#expect(store.paths.count == 3)
		#expect(store.storedValue(forKey: "jobs.build.steps[0].uses") == "a")
		#expect(store.storedValue(forKey: "first") == ["uses": "a"])
	}

	@Test func aPathIsWrittenInASchemaFileAsAList() throws {
		let setting = Setting(key: "jobs.build.steps[1].run", title: "Run", kind: .string, defaultValue: nil, path: ["jobs", "build", "steps", 1, "run"])
		let data = try JSONEncoder().encode(setting)
		let text = String(decoding: data, as: UTF8.self)
		#expect(text.contains(#""path":["jobs","build","steps",1,"run"]"#))
		#expect(try JSONDecoder().decode(Setting.self, from: data).path == setting.path)
	}
}
