@testable import Defaults
@testable import DefaultsSchema
import Testing

/// A new member of a map starts as the schema of its name says: a compose file's `services`
/// allow only names its pattern matches (`additionalProperties: false`), each an object.
@Suite("A new member by its name")
struct NewMemberTests {
	static let schema: Defaults.JSONValue = [
		"type": "object",
		"properties": [
			"services": [
				"type": "object",
				"patternProperties": ["^[a-zA-Z0-9._-]+$": ["$ref": "#/definitions/service"]],
				"additionalProperties": false,
			],
		],
		"definitions": ["service": ["type": "object", "properties": ["image": ["type": "string"]]]],
	]

	@Test func aMembersSchemaIsFoundByItsNameAmongThePatterns() throws {
		let schema = SettingsSchema.importing(jsonSchema: Self.schema, title: "compose").schema
		let values: [String: Defaults.JSONValue] = ["services": ["web": ["image": "nginx"]]]
		let services = try #require(schema.setting(at: ["services"], in: values))
		let page = try #require(schema.page(for: services, value: values["services"]))
		#expect(page.newMember(named: "cache") == [:], "an object, as the service schema says")
		let added = try page.adding(member: page.newMember(named: "cache"), named: "cache", to: values["services"]).get()
		#expect(added == ["web": ["image": "nginx"], "cache": [:]])
		#expect(page.nameProblem("no spaces") != nil, "a name no pattern matches is refused")
	}
}
