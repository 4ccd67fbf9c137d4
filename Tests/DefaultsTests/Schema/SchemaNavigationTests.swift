@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// `SettingsSchema.setting(at:in:)`: any member or item described by the JSON Schema, step by step.
@Suite("Any place of the values described by its JSON Schema")
struct SchemaNavigationTests {
	static func schema(_ text: String) throws -> SettingsSchema {
		SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: text), title: "test.json").schema
	}

	static func at(_ text: String, in schema: SettingsSchema, _ values: [String: Defaults.JSONValue] = [:]) throws -> Setting? {
		schema.setting(at: try SettingPath(parsing: text), in: values)
	}

	@Test func propertiesAndItemsLeadToTheSettingTheImporterWouldMake() throws {
		let schema = try Self.schema(#"""
		{"properties": {"jobs": {"type": "array", "items": {"type": "object", "properties": {
		  "run": {"type": "string", "minLength": 2, "description": "A command.", "default": "make"},
		  "retries": {"type": "integer", "minimum": 0, "maximum": 5}}}}}}
		"""#)
		let run = try #require(try Self.at("jobs[0].run", in: schema))
		#expect(run.kind == .string)
		#expect(run.key == "jobs[0].run")
		#expect(run.path == ["jobs", 0, "run"])
		#expect(run.title == "Run")
		#expect(run.help == "A command.")
		#expect(run.defaultValue == "make")
		#expect(run.validate("a")?.message == "jobs[0].run: must be at least 2 characters long (minLength)")
		let retries = try #require(try Self.at("jobs[3].retries", in: schema))
		#expect(retries.kind == .integer && retries.minimum == 0 && retries.maximum == 5)
		#expect(try Self.at("jobs[0]", in: schema)?.kind == .form)
		#expect(try Self.at("jobs[0]", in: schema)?.title == "1")
		#expect(try Self.at("jobs[0].other", in: schema) == nil, "a place the schema does not describe, without a value")
		#expect(try Self.at("jobs[0].other", in: schema, ["jobs": [["other": true]]])?.kind == .bool, "inferred from its value")
	}

	@Test func patternPropertiesThenAdditionalPropertiesDescribeUnnamedMembers() throws {
		let schema = try Self.schema(#"""
		{"properties": {
		  "env": {"type": "object", "patternProperties": {"^X_": {"type": "integer"}}, "additionalProperties": {"type": "boolean"}},
		  "closed": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}}}
		"""#)
		let pattern = try #require(try Self.at("env.X_SIZE", in: schema))
		#expect(pattern.kind == .integer)
		#expect(pattern.title == "X_SIZE", "a map's member is titled by its name as it is")
		#expect(try Self.at(#"env["other-name"]"#, in: schema)?.kind == .bool)
		#expect(try Self.at("closed.b", in: schema) == nil, "additionalProperties: false allows no other member")
		#expect(try Self.at("closed.b", in: schema, ["closed": ["b": "x"]])?.kind == .string, "a value there is still shown")
	}

	@Test func prefixItemsInDraft2020AndAnItemsListBefore() throws {
		let current = try Self.schema(#"""
		{"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"pair": {"type": "array",
		  "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": {"type": "boolean"}}}}
		"""#)
		#expect(try Self.at("pair[0]", in: current)?.kind == .string)
		#expect(try Self.at("pair[1]", in: current)?.kind == .integer)
		#expect(try Self.at("pair[2]", in: current)?.kind == .bool)
		let draft7 = try Self.schema(#"""
		{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"pair": {"type": "array",
		  "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false}}}
		"""#)
		#expect(try Self.at("pair[1]", in: draft7)?.kind == .integer)
		#expect(try Self.at("pair[2]", in: draft7) == nil, "additionalItems: false allows no third item")
	}

	@Test func referencesAndAllOfAreFollowed() throws {
		let schema = try Self.schema(#"""
		{"$defs": {"port": {"type": "integer", "minimum": 1, "maximum": 65535},
		           "server": {"allOf": [{"properties": {"port": {"$ref": "#/$defs/port"}}}, {"properties": {"host": {"type": "string"}}}]}},
		 "properties": {"servers": {"type": "array", "items": {"$ref": "#/$defs/server"}}}}
		"""#)
		let port = try #require(try Self.at("servers[2].port", in: schema))
		#expect(port.kind == .integer && port.maximum == 65535)
		#expect(port.validate(0)?.message == "must be between 1 and 65535")
		#expect(try Self.at("servers[0].host", in: schema)?.kind == .string)
	}

	static let branches = #"""
	{"properties": {"sources": {"type": "array", "items": {"oneOf": [
	  {"type": "object", "properties": {"kind": {"const": "text"}, "value": {"type": "string"}}, "required": ["kind"]},
	  {"type": "object", "properties": {"kind": {"const": "count"}, "value": {"type": "integer"}}, "required": ["kind"]}]}}}}
	"""#

	@Test func oneOfTakesTheBranchTheValueMatches() throws {
		let schema = try Self.schema(Self.branches)
		#expect(try Self.at("sources[0].value", in: schema, ["sources": [["kind": "count"]]])?.kind == .integer)
		#expect(try Self.at("sources[0].value", in: schema, ["sources": [["kind": "text"]]])?.kind == .string)
		#expect(try Self.at("sources[0].value", in: schema)?.kind == .string, "without a value: the first branch that describes the member")
	}

	@Test func ifThenElseByTheValueOfTheObject() throws {
		let schema = try Self.schema(#"""
		{"properties": {"links": {"type": "array", "items": {"type": "object", "properties": {"mode": {"enum": ["file", "net"]}},
		  "if": {"properties": {"mode": {"const": "net"}}},
		  "then": {"properties": {"port": {"type": "integer"}}},
		  "else": {"properties": {"path": {"type": "string"}}}}}}}
		"""#)
		let net: [String: Defaults.JSONValue] = ["links": [["mode": "net"]]]
		let file: [String: Defaults.JSONValue] = ["links": [["mode": "file"]]]
		#expect(try Self.at("links[0].port", in: schema, net)?.kind == .integer)
		#expect(try Self.at("links[0].path", in: schema, net) == nil)
		#expect(try Self.at("links[0].path", in: schema, file)?.kind == .string)
		#expect(try Self.at("links[0].port", in: schema, file) == nil)
	}

	@Test func dependentSchemasApplyWhenTheirMemberIsThere() throws {
		let schema = try Self.schema(#"""
		{"properties": {"peers": {"type": "array", "items": {"type": "object", "properties": {"tls": {"type": "boolean"}},
		  "dependentSchemas": {"tls": {"properties": {"cert": {"type": "string", "minLength": 1}}}}}}}}
		"""#)
		#expect(try Self.at("peers[0].cert", in: schema, ["peers": [["tls": true]]])?.kind == .string)
		#expect(try Self.at("peers[0].cert", in: schema, ["peers": [[:]]]) == nil)
	}

	@Test func aNamedSettingIsTheOneTheSchemaLists() throws {
		let schema = try Self.schema(#"{"properties": {"compilerOptions": {"properties": {"strict": {"type": "boolean"}}}}}"#)
		#expect(try Self.at("compilerOptions.strict", in: schema) == schema.setting(forKey: "compilerOptions.strict"))
		#expect(try Self.at("compilerOptions", in: schema)?.kind == .form, "a group is a form when reached by its path")
	}
}
