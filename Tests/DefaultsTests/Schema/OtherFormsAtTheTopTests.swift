@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// A top-level object that may also be written as text or a list (a GitHub workflow's
/// `on: push`, `on: [push, pull_request]` or `on: {push: …}`): a variant, never a group whose
/// members would replace the file's text or list.
@Suite("Other forms beside an object at the top")
struct OtherFormsAtTheTopTests {
	static let schema: Defaults.JSONValue = [
		"type": "object",
		"properties": [
			"on": ["oneOf": [
				["type": "string", "enum": ["push", "pull_request"]],
				["type": "array", "items": ["type": "string"]],
				["type": "object", "properties": ["push": ["type": "object", "properties": ["branches": ["type": "array", "items": ["type": "string"]]]]]],
			]],
			"compilerOptions": ["type": "object", "properties": ["strict": ["type": "boolean"]]],
		],
	]

	@Test func anObjectThatMayBeTextOrAListIsAVariantNotAGroup() throws {
		let schema = SettingsSchema.importing(jsonSchema: Self.schema, title: "ci").schema
		let on = try #require(schema.setting(forKey: "on"))
		#expect(on.kind == .variant)
		#expect(on.forms.map(\.title).contains("list"))
		#expect(schema.setting(forKey: "on.push.branches") == nil, "its object form's members are on its form's page, not a section")
		#expect(on.formIndex(of: ["push", "pull_request"]).map { on.forms[$0].title } == "list")
		#expect(schema.setting(forKey: "compilerOptions.strict")?.kind == .bool, "an object of one form is still a group")
	}

	@Test func aListOfNamesBecomesAnObjectOfThoseMembers() throws {
		let schema = SettingsSchema.importing(jsonSchema: Self.schema, title: "ci").schema
		let on = try #require(schema.setting(forKey: "on"))
		let object = try #require(on.forms.firstIndex { $0.title == "object with push" }, "\(on.forms.map(\.title))")
		// `push: null` does not fit this schema's push (an object): the next conversion does.
		#expect(on.converting(["push", "pull_request"], toForm: object) == ["push": [:], "pull_request": [:]])
		#expect(on.converting("push", toForm: object) == ["push": [:]])
		let list = try #require(on.forms.firstIndex { $0.title == "list" })
		#expect(on.converting("push", toForm: list) == ["push"])
	}

	@Test func aMemberOfAValueOfAnotherShapeIsRefusedNotReplaced() throws {
		let schema = SettingsSchema.importing(jsonSchema: Self.schema, title: "ci").schema
		let base = InMemoryStore()
		base.setStoredValue(["strict"], forKey: "compilerOptions")
		let store = MemberPathStore(base: base, schema: schema)
		let strict = try #require(schema.setting(forKey: "compilerOptions.strict"))
		let problem = try #require(schema.problem(writing: true, to: strict, in: store))
		#expect(problem.message.contains("compilerOptions holds a value of another shape"))
		store.setStoredValue(true, forKey: strict.key)
		#expect(base.storedValue(forKey: "compilerOptions") == ["strict"], "the list is kept")
	}
}
