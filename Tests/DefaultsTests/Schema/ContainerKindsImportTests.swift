@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// Lists, maps, forms and variants adopted from a JSON Schema, and a variant's forms.
@Suite("Containers and forms read from a JSON Schema")
struct ContainerKindsImportTests {
	static func imported(_ properties: String) throws -> JSONSchemaImport {
		SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: #"{"properties": "# + properties + "}"), title: "test.json")
	}

	@Test func arraysAreListsObjectsMapsOrFormsAndTheRestVariants() throws {
		let result = try Self.imported(#"""
		{"steps": {"type": "array", "items": {"type": "object", "properties": {"run": {"type": "string"}}}},
		 "tags": {"type": "array", "items": {"enum": ["a", "b"]}, "uniqueItems": true},
		 "env": {"type": "object", "additionalProperties": {"type": "string"}},
		 "rules": {"type": "object", "patternProperties": {"^[a-z]": {"type": "integer"}}},
		 "extra": {"type": "object"},
		 "implied": {"items": {"type": "string"}},
		 "runsOn": {"type": ["string", "array"], "items": {"type": "string"}},
		 "sources": {"type": "array", "items": {"oneOf": [{"type": "string", "title": "Path"}, {"type": "object", "properties": {"url": {"type": "string"}}}]}},
		 "optional": {"oneOf": [{"type": "integer"}, {"type": "null"}]},
		 "nothing": {"type": "null"}}
		"""#)
		let kinds = Dictionary(uniqueKeysWithValues: result.schema.settings.map { ($0.key, $0.kind) })
		#expect(kinds == [
			"steps": .list, "tags": .choice, "env": .map, "rules": .map, "extra": .map, "implied": .list,
			"runsOn": .variant, "sources": .list, "optional": .integer, "nothing": .json,
		])
		#expect(result.fallbacks == [.init(key: "nothing", reason: "only null")])
		let runsOn = try #require(result.schema.setting(forKey: "runsOn"))
		#expect(runsOn.forms.map(\.title) == ["text", "list"])
		#expect(runsOn.forms.map(\.setting.kind) == [.string, .list])
		#expect(runsOn.forms.allSatisfy { $0.setting.key == "runsOn" })
		let source = try #require(result.schema.setting(at: ["sources", 0], in: [:]))
		#expect(source.forms.map(\.title) == ["Path", "object with url"])
		#expect(source.forms.map(\.setting.kind) == [.string, .form])
		#expect(source.formIndex(of: "a/b") == 0 && source.formIndex(of: ["url": "x"]) == 1)
	}

	@Test func objectShapesOfAOneOfAreFormsTitledByAMember() throws {
		let result = try Self.imported(#"""
		{"items": {"type": "array", "items": {"type": "object", "oneOf": [
		  {"properties": {"uses": {"type": "string"}}, "required": ["uses"]},
		  {"properties": {"run": {"type": "string"}}, "required": ["run"]}]}}}
		"""#)
		let item = try #require(result.schema.setting(at: ["items", 0], in: [:]))
		#expect(item.kind == .variant)
		#expect(item.forms.map(\.title) == ["object with uses", "object with run"])
	}

	@Test func anyValueIsAVariantOfEveryForm() throws {
		let result = try Self.imported(#"{"anything": {"description": "Whatever you like."}}"#)
		let anything = try #require(result.schema.setting(forKey: "anything"))
		#expect(anything.kind == .variant)
		#expect(anything.forms.map(\.title) == ["text", "number", "on-off", "list", "object"])
		#expect(anything.forms.map(\.setting.kind) == [.string, .number, .bool, .list, .map])
		#expect(anything.help == "Whatever you like.")
	}

	@Test func aRecursiveOrDeepGroupIsAForm() throws {
		// Ten objects one in another, each naming the next: deeper than the sections go.
		var deep: Defaults.JSONValue = ["type": "string"]
		for name in ["j", "i", "h", "g", "f", "e", "d", "c", "b"] { deep = ["properties": .object([name: deep])] }
		var document = try Defaults.JSONValue(parsing: #"""
		{"definitions": {"node": {"type": "object", "properties": {"child": {"$ref": "#/definitions/node"}, "label": {"type": "string"}}}},
		 "properties": {"tree": {"$ref": "#/definitions/node"}}}
		"""#)
		document = try #require(Defaults.JSONValue.replacing(in: document, at: ["properties", "a"][...], with: deep))
		let result = SettingsSchema.importing(jsonSchema: document, title: "test.json")
		#expect(result.schema.setting(forKey: "tree.child")?.kind == .form, "the group that repeats opens as a page")
		#expect(result.schema.setting(forKey: "tree.label")?.kind == .string, "the group itself is still flattened into sections")
		#expect(result.schema.setting(forKey: "a.b.c.d.e.f.g.h.i")?.kind == .form, "deeper than the sections go: a form")
		#expect(result.fallbacks.isEmpty)
	}

	@Test func aVariantsValueIsConvertedWhereItCanBe() throws {
		let result = try Self.imported(#"""
		{"size": {"oneOf": [{"type": "number"}, {"type": "string", "default": "auto"}, {"type": "array", "items": {"type": "number"}}, {"type": "boolean"}]},
		 "plugins": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"name": {"type": "string"}, "on": {"type": "boolean"}}, "required": ["name"], "additionalProperties": false},
		   {"type": "object", "additionalProperties": {"type": "string"}}]}}}
		"""#)
		let size = try #require(result.schema.setting(forKey: "size"))
		#expect(size.forms.map(\.title) == ["number", "text", "list", "on-off"])
		#expect(size.converting(3, toForm: 1) == "3", "a number becomes text")
		#expect(size.converting("12.5", toForm: 0) == 12.5, "text that reads as a number becomes one")
		#expect(size.converting("big", toForm: 0) == 0, "else the form's empty value")
		#expect(size.converting(3, toForm: 2) == [3], "one value becomes a list of it")
		#expect(size.converting([4], toForm: 0) == 4, "a list of one becomes its item")
		#expect(size.converting(nil, toForm: 1) == "auto", "the form's default")
		#expect(size.converting("true", toForm: 3) == true)
		// (At the top, an object among the forms is a group of settings instead, as the importer always made it.)
		let plugin = try #require(result.schema.setting(at: ["plugins", 0], in: [:]))
		#expect(plugin.forms.map(\.title) == ["text", "object with name", "object"])
		#expect(plugin.converting(["name": "x", "on": true], toForm: 2) == [:], "members the map refuses: its empty value")
		#expect(plugin.converting(["name": "x", "colour": "red"], toForm: 1) == ["name": "x"], "an object keeps the members the new form names")
		#expect(plugin.converting("eslint", toForm: 1) == ["name": ""], "else the form's empty value, its required members filled")
	}
}
