@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

@Suite("Values checked against a JSON Schema")
struct JSONSchemaValidatorTests {
	/// The first violation of `value` against `schema` (JSON text), as a person reads it; `nil` when it passes.
	private func problem(_ schema: String, _ value: Defaults.JSONValue, at path: String = "") throws -> String? {
		JSONSchemaValidator(schema: try Defaults.JSONValue(parsing: schema)).firstViolation(of: value, at: path)?.description
	}

	/// Whether `value` passes `schema`.
	private func passes(_ schema: String, _ value: Defaults.JSONValue) throws -> Bool {
		try problem(schema, value) == nil
	}

	// MARK: - Any value

	@Test func typeTakesANameOrAListAndIntegerTakesAWholeDouble() throws {
		#expect(try passes(#"{"type": "string"}"#, "a"))
		#expect(try problem(#"{"type": "array"}"#, 3, at: "paths.a") == "paths.a: must be an array, not 3 (type)")
		#expect(try passes(#"{"type": ["string", "null"]}"#, nil))
		#expect(try problem(#"{"type": ["string", "number", "null"]}"#, true) == "must be a string, a number or null, not true (type)")
		#expect(try passes(#"{"type": "integer"}"#, 1.0), "1.0 is a whole number")
		#expect(try problem(#"{"type": "integer"}"#, 1.5) == "must be an integer, not 1.5 (type)")
		#expect(try passes(#"{"type": "number"}"#, 7))
		#expect(try !passes(#"{"type": "object"}"#, []))
		#expect(try passes(#"{"type": "something new"}"#, 1), "an unknown type says nothing")
	}

	@Test func enumAndConstCompareValuesAsJSONDoes() throws {
		#expect(try passes(#"{"enum": ["es5", 1, null]}"#, 1.0))
		#expect(try problem(#"{"enum": ["es5", "es2015", "es2020"]}"#, "es3", at: "compilerOptions.target")
			== #"compilerOptions.target: must be one of "es5", "es2015", "es2020" (enum)"#)
		#expect(try problem(#"{"enum": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#, 11) == "must be one of 1, 2, 3, 4, 5, 6, 7, 8, … (enum)")
		#expect(try passes(#"{"const": {"a": [1]}}"#, ["a": [1]]))
		#expect(try problem(#"{"const": "on"}"#, "off") == #"must be "on" (const)"#)
	}

	@Test func booleanSchemasAllowEverythingOrNothing() throws {
		#expect(try passes("true", ["any": "thing"]))
		#expect(try problem("false", 1) == "is not allowed here (false)")
		#expect(try problem(#"{"properties": {"old": false}}"#, ["old": 1]) == "old: is not allowed here (false)")
		#expect(try passes(#"{"madeUpKeyword": 3}"#, 1), "unknown keywords say nothing")
	}

	// MARK: - Numbers

	@Test func boundsAreInclusiveOrExclusiveAsWritten() throws {
		#expect(try passes(#"{"minimum": 1, "maximum": 10}"#, 10))
		#expect(try problem(#"{"minimum": 1}"#, 0.5) == "must be at least 1 (minimum)")
		#expect(try problem(#"{"maximum": 10}"#, 10.5) == "must be at most 10 (maximum)")
		#expect(try passes(#"{"exclusiveMaximum": 10}"#, 9.999))
		#expect(try problem(#"{"exclusiveMaximum": 10}"#, 10) == "must be less than 10 (exclusiveMaximum)")
		#expect(try passes(#"{"exclusiveMinimum": 0}"#, 0.001))
		#expect(try problem(#"{"exclusiveMinimum": 0}"#, 0) == "must be more than 0 (exclusiveMinimum)")
		// Draft 4: a flag beside the bound.
		#expect(try problem(#"{"maximum": 5, "exclusiveMaximum": true}"#, 5) == "must be less than 5 (exclusiveMaximum)")
		#expect(try problem(#"{"minimum": 1, "exclusiveMinimum": true}"#, 1) == "must be more than 1 (exclusiveMinimum)")
		#expect(try passes(#"{"maximum": 5, "exclusiveMaximum": false}"#, 5))
		#expect(try passes(#"{"minimum": 1}"#, "text"), "bounds say nothing of other types")
	}

	@Test func multipleOfAllowsForRoundingErrors() throws {
		#expect(try passes(#"{"multipleOf": 0.1}"#, 0.3), "0.3 / 0.1 is 2.9999999999999996")
		#expect(try passes(#"{"multipleOf": 0.01}"#, 19.99))
		#expect(try problem(#"{"multipleOf": 0.1}"#, 0.35) == "must be a multiple of 0.1 (multipleOf)")
		#expect(try passes(#"{"multipleOf": 5}"#, 9_223_372_036_854_775_805))
		#expect(try problem(#"{"multipleOf": 5}"#, 12) == "must be a multiple of 5 (multipleOf)")
	}

	// MARK: - Strings

	@Test func lengthsCountUnicodeCodePoints() throws {
		#expect(try problem(#"{"minLength": 1}"#, "", at: "name") == "name: must be at least 1 character long (minLength)")
		#expect(try passes(#"{"maxLength": 1}"#, "é"), "é written as one code point")
		#expect(try !passes(#"{"maxLength": 1}"#, "e\u{301}"), "e and a combining accent are two code points")
		#expect(try problem(#"{"maxLength": 1}"#, "👍🏽") == "must be at most 1 character long (maxLength)", "a thumb and a skin tone are two code points")
		#expect(try passes(#"{"minLength": 2, "maxLength": 2}"#, "👍🏽"))
		#expect(try problem(#"{"maxLength": 3}"#, "abcd") == "must be at most 3 characters long (maxLength)")
	}

	@Test func aPatternIsFoundAnywhereAndOneThatDoesNotCompileIsIgnored() throws {
		#expect(try passes(#"{"pattern": "[0-9]"}"#, "abc1def"), "not anchored")
		#expect(try problem(#"{"pattern": "^[a-z]+$"}"#, "a b") == "must match the pattern ^[a-z]+$ (pattern)")
		#expect(try passes(#"{"pattern": "([unclosed"}"#, "anything"))
	}

	@Test func formatsAreChecked() throws {
		let cases: [(format: String, good: [String], bad: [String])] = [
			("date-time", ["2026-05-01T10:00:00Z", "2024-02-29T23:59:60.5+01:00", "2026-05-01t10:00:00z"], ["2026-05-01", "2026-13-01T10:00:00Z", "2025-02-29T10:00:00Z", "2026-05-01T10:00:00"]),
			("date", ["2024-02-29"], ["2024-2-29", "2023-02-29", "2024-04-31"]),
			("time", ["10:00:00Z", "23:59:59.123-05:30"], ["24:00:00Z", "10:00", "10:00:00"]),
			("email", ["ada@example.org", "a.b+c@[192.168.0.1]"], ["ada", "ada@", "a b@example.org", "ada@-example.org"]),
			("hostname", ["example.org", "localhost", "a-b.c"], ["-a.org", "a..org", String(repeating: "a", count: 64) + ".org", "a_b.org"]),
			("ipv4", ["192.168.0.1", "0.0.0.0"], ["256.1.1.1", "1.2.3", "01.2.3.4", "1.2.3.4.5"]),
			("ipv6", ["::1", "2001:db8::8a2e:370:7334", "::ffff:192.168.0.1", "1:2:3:4:5:6:7:8"], ["1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", ":1", "g::1"]),
			("uri", ["https://example.org/a?b=c#d", "urn:isbn:0451450523", "mailto:ada@example.org"], ["example.org/a", "//example.org", "https://exa mple.org", "https://example.org/%zz"]),
			("uri-reference", ["../a/b", "#frag", "https://example.org/"], ["a b", "%"]),
			("uuid", ["123e4567-e89b-12d3-a456-426614174000"], ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g"]),
			("regex", ["^[a-z]+$"], ["([unclosed"]),
		]
		for (format, good, bad) in cases {
			for text in good {
				#expect(try passes(#"{"format": "\#(format)"}"#, .string(text)), "\(format): \(text)")
			}
			for text in bad {
				#expect(try problem(#"{"format": "\#(format)"}"#, .string(text)) == "must be a valid \(format) (format)", "\(format): \(text)")
			}
		}
		#expect(try passes(#"{"format": "color-hex"}"#, "not a colour"), "an unknown format says nothing")
		#expect(try passes(#"{"format": "email"}"#, 3), "a format says nothing of other types")
	}

	// MARK: - Objects

	@Test func requiredMembersMustBeThere() throws {
		#expect(try passes(#"{"required": ["name"]}"#, ["name": "a"]))
		#expect(try problem(#"{"required": ["name", "version"]}"#, ["version": 1], at: "package") == #"package: missing required member "name" (required)"#)
		#expect(try passes(#"{"required": ["name"]}"#, "not an object"))
	}

	@Test func propertiesPatternPropertiesAndAdditionalProperties() throws {
		let schema = #"""
		{"properties": {"name": {"type": "string"}}, "patternProperties": {"^x-": {"type": "number"}}, "additionalProperties": false}
		"""#
		#expect(try passes(schema, ["name": "a", "x-size": 3]))
		#expect(try problem(schema, ["name": 1], at: "tool") == "tool.name: must be a string, not 1 (type)")
		#expect(try problem(schema, ["x-size": "big"], at: "tool") == #"tool.x-size: must be a number, not "big" (type)"#)
		#expect(try problem(schema, ["name": "a", "other": true], at: "tool") == #"tool: must not have the member "other" (additionalProperties)"#)
		let paths = #"{"additionalProperties": {"type": "array", "items": {"type": "string"}}}"#
		#expect(try passes(paths, ["a": ["b"]]))
		#expect(try problem(paths, ["a": 3], at: "compilerOptions.paths") == "compilerOptions.paths.a: must be an array, not 3 (type)")
		#expect(try problem(paths, ["a": ["b", 2]], at: "compilerOptions.paths") == "compilerOptions.paths.a[1]: must be a string, not 2 (type)")
	}

	@Test func propertyNamesAndTheNumberOfMembers() throws {
		#expect(try passes(#"{"propertyNames": {"pattern": "^[a-z]+$"}}"#, ["abc": 1]))
		#expect(try problem(#"{"propertyNames": {"pattern": "^[a-z]+$"}}"#, ["Abc": 1], at: "rules")
			== #"rules: member name "Abc" must match the pattern ^[a-z]+$ (pattern)"#)
		#expect(try problem(#"{"minProperties": 1}"#, [:]) == "must have at least 1 member (minProperties)")
		#expect(try problem(#"{"maxProperties": 2}"#, ["a": 1, "b": 2, "c": 3]) == "must have at most 2 members (maxProperties)")
		#expect(try passes(#"{"minProperties": 1, "maxProperties": 2}"#, ["a": 1]))
	}

	@Test func dependenciesOfEveryDraft() throws {
		#expect(try problem(#"{"dependentRequired": {"cert": ["key"]}}"#, ["cert": "a"]) == #"missing member "key", which "cert" requires (dependentRequired)"#)
		#expect(try passes(#"{"dependentRequired": {"cert": ["key"]}}"#, ["key": "a"]))
		#expect(try problem(#"{"dependencies": {"cert": ["key"]}}"#, ["cert": "a"]) == #"missing member "key", which "cert" requires (dependencies)"#)
		#expect(try problem(#"{"dependencies": {"cert": {"required": ["key"]}}}"#, ["cert": "a"]) == #"missing required member "key" (required)"#)
		#expect(try problem(#"{"dependentSchemas": {"cert": {"properties": {"key": {"type": "string"}}}}}"#, ["cert": "a", "key": 1]) == "key: must be a string, not 1 (type)")
		#expect(try passes(#"{"dependentSchemas": {"cert": {"required": ["key"]}}}"#, ["other": 1]))
	}

	// MARK: - Arrays

	@Test func itemsPrefixItemsAndAdditionalItems() throws {
		#expect(try passes(#"{"items": {"type": "string"}}"#, ["a", "b"]))
		#expect(try problem(#"{"items": {"type": "string"}}"#, ["a", 2], at: "files") == "files[1]: must be a string, not 2 (type)")
		// Drafts 4 to 7: a list of schemas, then additionalItems.
		let tuple = #"{"items": [{"type": "string"}, {"type": "number"}], "additionalItems": false}"#
		#expect(try passes(tuple, ["a", 1]))
		#expect(try problem(tuple, [1]) == "[0]: must be a string, not 1 (type)")
		#expect(try problem(tuple, ["a", 1, true]) == "must have at most 2 items (additionalItems)")
		#expect(try problem(#"{"items": [{"type": "string"}], "additionalItems": {"type": "boolean"}}"#, ["a", 1]) == "[1]: must be a boolean, not 1 (type)")
		// 2020-12: prefixItems, then items.
		#expect(try passes(#"{"prefixItems": [{"type": "string"}], "items": {"type": "number"}}"#, ["a", 1, 2]))
		#expect(try problem(#"{"prefixItems": [{"type": "string"}], "items": {"type": "number"}}"#, ["a", 1, "b"]) == #"[2]: must be a number, not "b" (type)"#)
		#expect(try problem(#"{"prefixItems": [{"type": "string"}], "items": false}"#, ["a", 1]) == "must have at most 1 item (items)")
	}

	@Test func theNumberOfItemsAndUniqueness() throws {
		#expect(try problem(#"{"minItems": 1}"#, []) == "must have at least 1 item (minItems)")
		#expect(try problem(#"{"maxItems": 1}"#, [1, 2]) == "must have at most 1 item (maxItems)")
		#expect(try passes(#"{"uniqueItems": true}"#, [1, "1", [1]]))
		#expect(try problem(#"{"uniqueItems": true}"#, [1, 2, 1]) == "must not repeat an item: [0] and [2] are both 1 (uniqueItems)")
		#expect(try !passes(#"{"uniqueItems": true}"#, [1, 1.0]), "1 and 1.0 are the same number")
		#expect(try passes(#"{"uniqueItems": false}"#, [1, 1]))
	}

	@Test func containsWithMinContainsAndMaxContains() throws {
		#expect(try passes(#"{"contains": {"type": "string"}}"#, [1, "a"]))
		#expect(try problem(#"{"contains": {"type": "string"}}"#, [1]) == #"must have an item that matches the schema under "contains" (contains); closest: [0]: must be a string, not 1 (type)"#)
		#expect(try problem(#"{"contains": {"type": "string"}, "minContains": 2}"#, ["a", 1]) == "must have at least 2 matching items (minContains); closest: [1]: must be a string, not 1 (type)")
		#expect(try problem(#"{"contains": {"type": "string"}, "maxContains": 1}"#, ["a", "b"]) == "must have at most 1 matching item (maxContains)")
		#expect(try passes(#"{"contains": {"type": "string"}, "minContains": 0}"#, [1]))
	}

	// MARK: - Schemas of schemas

	@Test func allOfAnyOfOneOfAndNot() throws {
		#expect(try problem(#"{"allOf": [{"type": "string"}, {"minLength": 2}]}"#, "a") == "must be at least 2 characters long (minLength)")
		let either = #"{"anyOf": [{"type": "string"}, {"type": "object", "properties": {"level": {"type": "integer"}}}]}"#
		#expect(try passes(either, "a"))
		#expect(try passes(either, ["level": 1]))
		#expect(try problem(either, ["level": "high"], at: "log")
			== #"log: does not match any of the allowed forms (anyOf); closest: log.level: must be an integer, not "high" (type)"#, "the form that got furthest")
		let one = #"{"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 1}]}"#
		#expect(try passes(one, 0))
		#expect(try passes(one, 1.5))
		#expect(try problem(one, 2) == "matches more than one of the allowed forms (the first and the second) (oneOf)")
		#expect(try problem(one, "a") == #"does not match any of the allowed forms (oneOf); closest: must be an integer, not "a" (type)"#)
		#expect(try problem(#"{"not": {"type": "null"}}"#, nil) == #"must not match the schema under "not" (not)"#)
		#expect(try passes(#"{"not": {"type": "null"}}"#, 0))
	}

	@Test func ifThenElse() throws {
		let schema = #"""
		{"if": {"properties": {"kind": {"const": "file"}}}, "then": {"required": ["path"]}, "else": {"required": ["url"]}}
		"""#
		#expect(try passes(schema, ["kind": "file", "path": "/a"]))
		#expect(try problem(schema, ["kind": "file"]) == #"missing required member "path" (required)"#)
		#expect(try passes(schema, ["kind": "web", "url": "https://example.org"]))
		#expect(try problem(schema, ["kind": "web"]) == #"missing required member "url" (required)"#)
		#expect(try passes(#"{"then": {"type": "string"}}"#, 1), "then without if says nothing")
	}

	// MARK: - References

	@Test func referencesWithinTheDocumentAreFollowed() throws {
		let schema = #"""
		{
		  "definitions": {"target": {"enum": ["es5", "es2015"]}, "a/b": {"type": "string"}},
		  "$defs": {"size": {"type": "integer", "minimum": 1}},
		  "properties": {
		    "target": {"$ref": "#/definitions/target"},
		    "size": {"$ref": "#/$defs/size"},
		    "slash": {"$ref": "#/definitions/a~1b"},
		    "remote": {"$ref": "https://example.org/other.json#/definitions/x"},
		    "nowhere": {"$ref": "#/definitions/missing"}
		  }
		}
		"""#
		#expect(try problem(schema, ["target": "es3"]) == #"target: must be one of "es5", "es2015" (enum)"#)
		#expect(try problem(schema, ["size": 0]) == "size: must be at least 1 (minimum)")
		#expect(try problem(schema, ["slash": 1]) == "slash: must be a string, not 1 (type)")
		#expect(try passes(schema, ["remote": 1, "nowhere": 2]), "a reference that is not followed allows anything")
		// A part of a document, whose references point into the whole.
		let document = try Defaults.JSONValue(parsing: schema)
		let target = try #require(document.objectValue?["properties"]?.objectValue?["target"])
		#expect(JSONSchemaValidator(schema: target, in: document).firstViolation(of: "es3", at: "compilerOptions.target")?.description
			== #"compilerOptions.target: must be one of "es5", "es2015" (enum)"#)
	}

	@Test func aReferenceThatComesBackWithoutLookingFurtherIsFollowedOnce() throws {
		// Not only within the bound on depth: the second time round, the reference allows anything.
		let document = try Defaults.JSONValue(parsing: ##"{"anyOf": [{"$ref": "#"}, {"$ref": "#"}], "type": "string"}"##)
		let evaluation = JSONSchemaEvaluation(document: document)
		#expect(evaluation.check("a", against: document, at: JSONSchemaPath(), following: [], depth: 0) == nil)
		#expect(evaluation.steps < 10, "\(evaluation.steps) schemas looked at")
	}

	@Test(.timeLimit(.minutes(1))) func aRecursiveSchemaTerminates() throws {
		// A tree of nodes, each with children that are nodes.
		let tree = #"""
		{"$defs": {"node": {"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
		 "$ref": "#/$defs/node"}
		"""#
		#expect(try passes(tree, ["name": "root", "children": [["name": "a", "children": [["name": "b"]]]]]))
		#expect(try problem(tree, ["children": [["children": [["name": 3]]]]]) == "children[0].children[0].name: must be a string, not 3 (type)")
		// Schemas that refer to themselves without looking further into the value.
		#expect(try passes(##"{"$ref": "#"}"##, 1))
		#expect(try passes(##"{"anyOf": [{"$ref": "#"}, {"$ref": "#"}]}"##, 1))
		#expect(try problem(##"{"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a", "type": "string"}}, "$ref": "#/definitions/a"}"##, 1)
			== "must be a string, not 1 (type)")
		// Each level doubles the ways to try: the check stops within its bounds, and does not crash.
		var deep: Defaults.JSONValue = 1
		for _ in 0..<300 { deep = ["a": deep] }
		// The first form looks at the member, then fails (`not: true`); the second looks at it again.
		let doubling = ##"{"anyOf": [{"properties": {"a": {"$ref": "#"}}, "not": true}, {"properties": {"a": {"$ref": "#"}}}]}"##
		let start = ContinuousClock.now
		#expect(try problem(doubling, deep) == nil, "past its bounds, a schema allows anything")
		#expect(ContinuousClock.now - start < .seconds(20))
	}
}
