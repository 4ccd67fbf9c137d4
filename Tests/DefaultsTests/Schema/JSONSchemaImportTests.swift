@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

@Suite("A JSON Schema read as settings")
struct JSONSchemaImportTests {
	private func imported(_ text: String) throws -> JSONSchemaImport {
		SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: text), title: "test.json")
	}

	@Test func eachKindOfPropertyGetsItsWidget() throws {
		let result = try imported(#"""
		{
		  "$schema": "http://json-schema.org/draft-07/schema#",
		  "title": "Tool",
		  "type": "object",
		  "properties": {
		    "strict": {"type": "boolean", "default": false, "description": "Checks more."},
		    "retries": {"type": "integer", "minimum": 0, "exclusiveMaximum": 10, "default": 3},
		    "legacy": {"type": "integer", "minimum": 1, "exclusiveMinimum": true, "maximum": 5, "exclusiveMaximum": true},
		    "ratio": {"type": "number", "minimum": 0, "maximum": 1, "multipleOf": 0.25},
		    "name": {"type": ["string", "null"], "maxLength": 8, "pattern": "^[a-z]+$"},
		    "since": {"type": "string", "format": "date-time"},
		    "home": {"type": "string", "format": "uri"},
		    "mode": {"enum": ["fast", "safe"], "default": "safe", "markdownDescription": "**How** to run."},
		    "level": {"oneOf": [{"const": 1, "title": "Low"}, {"const": 2, "title": "High"}, {"type": "null"}]},
		    "formats": {"type": "array", "items": {"enum": ["md", "pdf"]}, "uniqueItems": true},
		    "paths": {"type": "array", "items": {"type": "string"}},
		    "either": {"type": ["string", "boolean"]},
		    "anything": {},
		    "map": {"type": "object", "additionalProperties": {"type": "string"}},
		    "old": {"type": "boolean", "deprecated": true, "description": "Use strict."},
		    "wrong": {"type": "integer", "default": "three"}
		  }
		}
		"""#)
		let schema = result.schema
		#expect(schema.title == "Tool")
		let kinds = Dictionary(uniqueKeysWithValues: schema.settings.map { ($0.key, $0.kind) })
		#expect(kinds == [
			"strict": .bool, "retries": .integer, "legacy": .integer, "ratio": .number, "name": .string, "since": .date, "home": .url,
			"mode": .choice, "level": .choice, "formats": .choice, "paths": .list, "either": .variant, "anything": .variant, "map": .map, "old": .bool,
			"wrong": .integer,
		])
		let setting = { (key: String) in schema.setting(forKey: key) }
		#expect(setting("strict")?.help == "Checks more.")
		#expect(setting("strict")?.defaultValue == false)
		#expect(setting("retries")?.minimum == 0 && setting("retries")?.maximum == 9, "an exclusive bound of a whole number moves in by one")
		#expect(setting("legacy")?.minimum == 2 && setting("legacy")?.maximum == 4, "draft 4's boolean exclusive bounds")
		#expect(setting("ratio")?.step == 0.25)
		#expect(setting("name")?.maxLength == 8)
		#expect(setting("name")?.pattern == nil, "a JSON Schema's pattern is found anywhere in the text: the property's schema checks it")
		#expect(setting("name")?.validate("a1")?.message == "name: must match the pattern ^[a-z]+$ (pattern)")
		#expect(setting("mode")?.choices?.map(\.value) == ["fast", "safe"])
		#expect(setting("mode")?.help == "**How** to run.")
		#expect(setting("level")?.choices == [.init(value: 1, title: "Low"), .init(value: 2, title: "High")])
		#expect(setting("formats")?.allowsMultiple == true)
		#expect(setting("old")?.help == "Deprecated. Use strict.")
		#expect(setting("wrong")?.defaultValue == nil, "a default of another type than the property's is left out")
		// Lists, maps and choices of form are edited with widgets of their own: nothing is left as JSON.
		#expect(result.fallbacks.isEmpty)
		#expect(setting("either")?.forms.map(\.title) == ["text", "on-off"])
		#expect(setting("anything")?.forms.map(\.title) == ["text", "number", "on-off", "list", "object"])
		#expect(schema.settings.allSatisfy { $0.isOptional }, "any member of a settings file may be missing")
	}

	@Test func objectsWithPropertiesAreGroupsAddressedByPath() throws {
		let result = try imported(#"""
		{
		  "properties": {
		    "compilerOptions": {
		      "title": "Compiler",
		      "type": "object",
		      "properties": {
		        "strict": {"type": "boolean"},
		        "paths": {"type": "object", "properties": {"base": {"type": "string"}}}
		      }
		    },
		    "files": {"type": "array", "items": {"type": "string"}}
		  }
		}
		"""#)
		let schema = result.schema
		#expect(schema.sections.map(\.title) == ["test.json", "Compiler", "Compiler › Paths"])
		let strict = try #require(schema.setting(forKey: "compilerOptions.strict"))
		#expect(strict.path == ["compilerOptions", "strict"])
		#expect(schema.setting(forKey: "compilerOptions.paths.base")?.path == ["compilerOptions", "paths", "base"])
		#expect(schema.setting(forKey: "files")?.path == nil)
	}

	@Test func referencesAndAllOfAreFollowedAndRecursionStops() throws {
		let result = try imported(#"""
		{
		  "$defs": {"level": {"enum": ["low", "high"]}},
		  "definitions": {
		    "base": {"properties": {"verbose": {"type": "boolean"}}},
		    "node": {"type": "object", "properties": {"child": {"$ref": "#/definitions/node"}, "label": {"type": "string"}}}
		  },
		  "allOf": [{"$ref": "#/definitions/base"}, {"properties": {"level": {"$ref": "#/$defs/level"}}}],
		  "properties": {
		    "tree": {"$ref": "#/definitions/node"},
		    "remote": {"$ref": "https://example.org/other.json#/definitions/x"},
		    "nowhere": {"$ref": "#/definitions/missing"},
		    "a~b": {"$ref": "#/$defs/level"}
		  }
		}
		"""#)
		let keys = Set(result.schema.settings.map(\.key))
		#expect(keys.isSuperset(of: ["verbose", "level", "tree.label", "remote", "nowhere", "a~b"]))
		#expect(result.schema.setting(forKey: "level")?.kind == .choice)
		#expect(result.schema.settings.contains { $0.key.hasPrefix("tree.child") }, "the recursive reference is followed once")
		#expect(result.notes.count == 2)
		#expect(result.notes.contains { $0.contains("https://example.org/other.json") && $0.contains("another document") })
		// A reference not followed says nothing of the value: any value, in any of its forms.
		#expect(result.schema.setting(forKey: "remote")?.kind == .variant)
	}

	@Test func eachSettingIsCheckedAgainstItsPropertysWholeSchema() throws {
		let result = try imported(#"""
		{
		  "properties": {
		    "ratio": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
		    "retries": {"type": "integer", "exclusiveMaximum": 10},
		    "name": {"type": "string", "minLength": 1, "maxLength": 3},
		    "level": {"oneOf": [{"type": "integer", "minimum": 1}, {"enum": ["low", "high"]}]},
		    "email": {"type": "string", "format": "email"},
		    "compilerOptions": {"properties": {"paths": {"type": "object", "additionalProperties": {"type": "array"}}}}
		  }
		}
		"""#)
		let setting = { (key: String) in try #require(result.schema.setting(forKey: key)) }
		// A number's exclusive bounds: the slider's ends, which the value may not take.
		#expect(try setting("ratio").minimum == 0 && setting("ratio").maximum == 1)
		#expect(try setting("ratio").validate(0.5) == nil)
		#expect(try setting("ratio").validate(1)?.message == "ratio: must be less than 1 (exclusiveMaximum)")
		#expect(try setting("ratio").validate(0)?.message == "ratio: must be more than 0 (exclusiveMinimum)")
		#expect(try setting("retries").validate(10)?.message == "must be between -∞ and 9", "a whole number's bound moved in by one: the kind's own message first")
		// The setting's own checks come first, with their messages; the schema's after.
		#expect(try setting("name").validate("abcd")?.message == "is 4 characters long; at most 3 are allowed")
		#expect(try setting("name").validate("")?.message == "name: must be at least 1 character long (minLength)")
		#expect(try setting("name").validate(3)?.message == "expected text, not 3")
		#expect(try setting("name").validate(nil) == nil, "no value is not checked against the schema")
		// A choice of forms that are not all choices: a variant checked against each form.
		#expect(try setting("level").kind == .variant)
		#expect(try setting("level").validate(2) == nil && setting("level").validate("low") == nil)
		#expect(try setting("level").validate("medium")?.message
			== #"level: does not match any of the allowed forms (oneOf); closest: level: must be one of "low", "high" (enum)"#)
		#expect(try setting("level").parse("0").failureMessage == "level: does not match any of the allowed forms (oneOf); closest: level: must be at least 1 (minimum)")
		#expect(try setting("email").validate("ada")?.message == "email: must be a valid email (format)")
		#expect(try setting("compilerOptions.paths").validate(["a": 3])?.message == "compilerOptions.paths.a: must be an array, not 3 (type)")
		// A constraint is not a type: the value that breaks it is still the one a program reads.
		#expect(try setting("name").typeProblem("") == nil)
		#expect(try setting("name").effectiveValue(stored: "") == "")
	}

	@Test func theSchemaCheckIsNotPartOfTheFileFormat() throws {
		let result = try imported(#"{"properties": {"name": {"type": "string", "minLength": 1}}}"#)
		let original = try #require(result.schema.setting(forKey: "name"))
		let decoded = try JSONDecoder().decode(Setting.self, from: JSONEncoder().encode(original))
		#expect(decoded == original, "settings compare without their schema check")
		#expect(decoded.validate("") == nil && original.validate("") != nil, "the check is not written to a schema file")
	}

	@Test func aJSONSchemaIsToldApartFromTheProjectsFormat() throws {
		#expect(SettingsSchema.isJSONSchema(["$schema": "http://json-schema.org/draft-04/schema#"]))
		#expect(SettingsSchema.isJSONSchema(["properties": ["a": ["type": "boolean"]]]))
		#expect(!SettingsSchema.isJSONSchema(["title": "Mine", "sections": []]))
		let decoded = try SettingsSchema.decode(Data(#"{"type": "object", "properties": {"on": {"type": "boolean"}}}"#.utf8), path: "/x/tool.schema.json")
		#expect(decoded.title == "tool.schema.json")
		#expect(decoded.setting(forKey: "on")?.kind == .bool)
		#expect(throws: SettingsSchemaError.self) { try SettingsSchema.decode(Data(#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string"}"#.utf8)) }
	}
}

@Suite("Settings nested in objects")
struct MemberPathStoreTests {
	@Test func aMemberIsReadAndWrittenAloneAndObserversHearOfIt() async throws {
		let base = InMemoryStore()
		base.setStoredValue(["target": "es2022", "strict": false], forKey: "compilerOptions")
		base.setStoredValue(5, forKey: "odd")
		let store = MemberPathStore(base: base, paths: ["compilerOptions.strict": ["compilerOptions", "strict"], "odd.inner": ["odd", "inner"], "a.b.c": ["a", "b", "c"]])
		let heard = Locked<Set<String>>([])
		let observation = Defaults.observe(keysNamed: ["compilerOptions.strict"], in: store) { keys in heard.withLock { $0.formUnion(keys) } }
		#expect(store.storedValue(forKey: "compilerOptions.strict") == false)
		store.setStoredValue(true, forKey: "compilerOptions.strict")
		#expect(base.storedValue(forKey: "compilerOptions") == ["target": "es2022", "strict": true])
		#expect(heard.withLock { $0 } == ["compilerOptions.strict"])
		store.removeStoredValue(forKey: "compilerOptions.strict")
		#expect(base.storedValue(forKey: "compilerOptions") == ["target": "es2022"], "the object that held it stays")
		store.setStoredValue(1, forKey: "a.b.c")
		#expect(base.storedValue(forKey: "a") == ["b": ["c": 1]])
		store.removeStoredValue(forKey: "odd.inner")
		#expect(base.storedValue(forKey: "odd") == 5, "a removal from a value that is not an object changes nothing")
		store.setStoredValue(2, forKey: "odd.inner")
		#expect(base.storedValue(forKey: "odd") == 5, "a value of another shape is not replaced by an object holding the member")
		store.setStoredValue("plain", forKey: "other")
		#expect(base.storedValue(forKey: "other") == "plain")
		_ = observation
	}
}
