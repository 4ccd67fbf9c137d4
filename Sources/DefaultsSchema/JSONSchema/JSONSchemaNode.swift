import Defaults
import Foundation

/**
One schema made ready to check values against, once for every value: its keywords, its scope
(base URI, draft, vocabulary), which families of keywords it has, and its subschemas and the
targets of its references, each made the first time a check needs it and kept.

Only used under its ``JSONSchemaProgram``'s lock: a node is changed when it keeps what it made.
*/
final class JSONSchemaNode {
	/// The keyword families a schema has, so that a check skips those it has not.
	struct Families: OptionSet {
		let rawValue: UInt16
		static let type = Families(rawValue: 1 << 0)
		static let value = Families(rawValue: 1 << 1)
		static let number = Families(rawValue: 1 << 2)
		static let string = Families(rawValue: 1 << 3)
		static let object = Families(rawValue: 1 << 4)
		static let array = Families(rawValue: 1 << 5)
		static let combination = Families(rawValue: 1 << 6)
		static let reference = Families(rawValue: 1 << 7)
		static let unevaluated = Families(rawValue: 1 << 8)
	}

	/// The schema's keywords; none for `true` and `false`.
	let keywords: [String: Defaults.JSONValue]
	/// `false` for the schema `false`, which allows nothing; `true` for any other.
	let allowsSomething: Bool
	/// The base URI, draft and vocabulary within the schema (its `$id` and `$schema` applied).
	let scope: JSONSchemaScope
	/// The keyword families the schema has.
	let families: Families
	/// Whether a `$ref` replaces the rest of the schema (drafts 4 to 7).
	let referenceOnly: Bool

	/// Subschemas made so far, by keyword (and name or index).
	private var single: [String: JSONSchemaNode] = [:]
	private var lists: [String: [JSONSchemaNode]] = [:]
	private var maps: [String: [String: JSONSchemaNode]] = [:]
	/// The targets of the schema's references, once looked up (`nil` inside: a reference that leads nowhere).
	var targets: [String: JSONSchemaNode?] = [:]
	/// Whether a name matches a pattern, by pattern and name: names repeat from object to object.
	private var matches: [String: [String: Bool]] = [:]
	/// The `documents` the scope of subschemas is found with (a `$schema` naming a custom metaschema).
	let documents: JSONSchemaDocuments

	/// A node for `schema` in the scope `outer` (the scope around it).
	init(_ schema: Defaults.JSONValue, outer: JSONSchemaScope, documents: JSONSchemaDocuments) {
		self.documents = documents
		switch schema {
		case .object(let keywords):
			self.keywords = keywords
			allowsSomething = true
			let scope = outer.entering(keywords, documents: documents)
			self.scope = scope
			var families: Families = []
			for keyword in keywords.keys {
				families.formUnion(Self.family(of: keyword, draft: scope.draft))
			}
			if !scope.validates { families.subtract([.type, .value, .number, .string]) }
			self.families = families
			referenceOnly = scope.draft.refOverridesSiblings && keywords["$ref"] != nil
		case .bool(false):
			(keywords, allowsSomething, scope, families, referenceOnly) = ([:], false, outer, [], false)
		default:
			(keywords, allowsSomething, scope, families, referenceOnly) = ([:], true, outer, [], false)
		}
	}

	/// The family a keyword belongs to in `draft`; none for one the draft does not have.
	private static func family(of keyword: String, draft: JSONSchemaDraft) -> Families {
		switch keyword {
		case "type": .type
		case "enum", "const": .value
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf": .number
		case "minLength", "maxLength", "pattern", "format": .string
		case "required", "properties", "patternProperties", "additionalProperties", "propertyNames", "minProperties",
			"maxProperties", "dependencies", "dependentRequired", "dependentSchemas":
			.object
		case "items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains": .array
		case "allOf", "anyOf", "oneOf", "not", "if": .combination
		case "$ref": .reference
		case "$dynamicRef": draft >= .draft2020 ? .reference : []
		case "$recursiveRef": draft == .draft2019 ? .reference : []
		case "unevaluatedProperties", "unevaluatedItems": draft >= .draft2019 ? .unevaluated : []
		default: []
		}
	}

	/// Whether the schema is one (`true`, `{}`) that allows anything without a look.
	var checksNothing: Bool { allowsSomething && families.isEmpty }

	/// The subschema under `keyword`, or `nil` when there is none.
	func child(_ keyword: String) -> JSONSchemaNode? {
		if let made = single[keyword] { return made }
		guard let schema = keywords[keyword], schema.isSchema || schema.objectValue != nil else { return nil }
		let made = JSONSchemaNode(schema, outer: scope, documents: documents)
		single[keyword] = made
		return made
	}

	/// The subschemas listed under `keyword` (`allOf`, `prefixItems`); empty when there are none.
	func children(_ keyword: String) -> [JSONSchemaNode] {
		if let made = lists[keyword] { return made }
		let made = (keywords[keyword]?.arrayValue ?? []).map { JSONSchemaNode($0, outer: scope, documents: documents) }
		lists[keyword] = made
		return made
	}

	/// The subschemas under `keyword` by name (`properties`, `dependentSchemas`); empty when there are none.
	func members(_ keyword: String) -> [String: JSONSchemaNode] {
		if let made = maps[keyword] { return made }
		var made: [String: JSONSchemaNode] = [:]
		for (name, schema) in keywords[keyword]?.objectValue ?? [:] {
			made[name] = JSONSchemaNode(schema, outer: scope, documents: documents)
		}
		maps[keyword] = made
		return made
	}

	/// Whether `name` matches `pattern` (`nil` when the pattern does not compile), kept for the next object.
	func name(_ name: String, matches pattern: String, in evaluation: JSONSchemaEvaluation) -> Bool? {
		if let known = matches[pattern]?[name] { return known }
		guard let result = evaluation.text(name, matches: pattern) else { return nil }
		// Bounded: an object with ever new names (a map keyed by identifiers) does not grow it without end.
		if matches[pattern, default: [:]].count < 4096 { matches[pattern, default: [:]][name] = result }
		return result
	}
}
