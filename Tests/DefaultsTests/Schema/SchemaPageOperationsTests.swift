@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// A page's operations: each gives the container's new value, or the validator's reason to refuse it.
@Suite("Operations on pages, checked by the JSON Schema")
struct SchemaPageOperationsTests {
	static let schema = #"""
	{"properties": {
	  "few": {"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": true, "items": {"type": "string"}},
	  "checks": {"type": "array", "contains": {"const": "lint"}, "items": {"type": "string"}},
	  "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false},
	  "rules": {"type": "object", "propertyNames": {"pattern": "^[a-z/-]+$"}, "additionalProperties": {"enum": ["off", "warn", "error"]}},
	  "closed": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false},
	  "news": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "size": {"type": "integer", "minimum": 2},
	     "tags": {"type": "array", "items": {"type": "string"}}, "on": {"type": "boolean"}, "ratio": {"type": "number"}},
	    "required": ["name", "size", "tags", "on", "ratio"]}},
	  "defaults": {"type": "array", "items": {"type": "string", "default": "main"}},
	  "consts": {"type": "array", "items": {"enum": [3, 4]}},
	  "bools": {"type": "array", "items": {"type": "boolean"}},
	  "lists": {"type": "array", "items": {"type": "array", "minItems": 1, "items": {"type": "integer"}}}}}
	"""#

	static func page(_ key: String, _ value: Defaults.JSONValue? = nil) throws -> SettingsPage {
		let schema = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: Self.schema), title: "test.json").schema
		let setting = try #require(schema.setting(at: try SettingPath(parsing: key), in: [:]))
		return try #require(schema.page(for: setting, value: value))
	}

	static func refusal(_ result: Result<Defaults.JSONValue, SettingError>) -> String? {
		if case .failure(let error) = result { return error.message }
		return nil
	}

	@Test func aListsOperationsRespectItsItemCountsAndUniqueness() throws {
		let page = try Self.page("few", ["a"])
		#expect(try page.adding("b", at: 0, to: ["a"]).get() == ["b", "a"])
		#expect(Self.refusal(page.adding("c", at: nil, to: ["a", "b"])) == "few: must have at most 2 items (maxItems)")
		#expect(Self.refusal(page.removing(.index(0), from: ["a"])) == "few: must have at least 1 item (minItems)")
		#expect(Self.refusal(page.adding("a", at: nil, to: ["a"]))?.hasSuffix("(uniqueItems)") == true)
		#expect(try page.moving(from: 1, to: 0, in: ["a", "b"]).get() == ["b", "a"])
		let checks = try Self.page("checks", ["lint", "test"])
		#expect(Self.refusal(checks.removing(.index(0), from: ["lint", "test"]))?.hasPrefix(#"checks: must have an item that matches the schema under "contains" (contains)"#) == true)
		let pair = try Self.page("pair", ["a", 1])
		#expect(Self.refusal(pair.adding(2, at: 0, to: ["a", 1]))?.hasSuffix("(type)") == true, "prefixItems: the first item is text")
		#expect(Self.refusal(pair.adding("x", at: nil, to: ["a", 1])) == "pair: must have at most 2 items (items)")
	}

	@Test func aMapsNamesAreCheckedAgainstTheSchema() throws {
		let rules = try Self.page("rules", ["semi": "off"])
		#expect(try rules.adding(member: "warn", named: "react/prop-types", to: ["semi": "off"]).get() == ["semi": "off", "react/prop-types": "warn"])
		#expect(rules.nameProblem("Bad Name")?.message.hasSuffix("(pattern)") == true)
		#expect(rules.nameProblem("Bad Name")?.message.contains(#"member name "Bad Name""#) == true)
		#expect(Self.refusal(rules.adding(member: "off", named: "semi", to: ["semi": "off"])) == #"rules already has a member named "semi"; choose another name"#)
		#expect(Self.refusal(rules.renaming("semi", to: "Semi", in: ["semi": "off"]))?.hasSuffix("(pattern)") == true)
		#expect(try rules.renaming("semi", to: "quotes", in: ["semi": "off"]).get() == ["quotes": "off"])
		#expect(Self.refusal(rules.adding(member: "loud", named: "semi", to: [:]))?.hasSuffix("(enum)") == true)
		#expect(rules.newItem() == "off", "the member schema's first choice")
		let closed = try Self.page("closed", [:])
		#expect(closed.nameProblem("x-mine") == nil)
		#expect(closed.nameProblem("other")?.message == #"closed: must not have the member "other" (additionalProperties); use a name the schema allows"#)
		#expect(closed.nameProblem("")?.message == "closed: a member's name cannot be empty; type a name")
		#expect(closed.newItem() == "")
	}

	@Test func aNewItemIsItsSchemasDefaultOrChoiceOrAnEmptyValueOfItsType() throws {
		#expect(try Self.page("defaults", []).newItem() == "main")
		#expect(try Self.page("consts", []).newItem() == 3)
		#expect(try Self.page("bools", []).newItem() == false)
		#expect(try Self.page("lists", []).newItem() == [0], "minItems new items of its own")
		#expect(try Self.page("news", []).newItem() == ["name": "", "size": 2, "tags": [], "on": false, "ratio": 0])
		#expect(try Self.page("pair", ["a"]).newItem() == 0, "the next prefix item's type")
	}
}
