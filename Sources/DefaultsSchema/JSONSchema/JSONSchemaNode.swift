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

	/// Object and array keywords, one bit each.
	struct Present: OptionSet {
		let rawValue: UInt32
		static let required = Present(rawValue: 1 << 0)
		static let minProperties = Present(rawValue: 1 << 1)
		static let maxProperties = Present(rawValue: 1 << 2)
		static let dependencies = Present(rawValue: 1 << 3)
		static let propertyNames = Present(rawValue: 1 << 4)
		static let properties = Present(rawValue: 1 << 5)
		static let patternProperties = Present(rawValue: 1 << 6)
		static let additionalProperties = Present(rawValue: 1 << 7)
		static let minItems = Present(rawValue: 1 << 8)
		static let maxItems = Present(rawValue: 1 << 9)
		static let uniqueItems = Present(rawValue: 1 << 10)
		static let items = Present(rawValue: 1 << 11)
		static let contains = Present(rawValue: 1 << 12)

		init(rawValue: UInt32) {
			self.rawValue = rawValue
		}

		/// The bit of `keyword`, or none.
		init(keyword: String) {
			switch keyword {
			case "required": self = .required
			case "minProperties": self = .minProperties
			case "maxProperties": self = .maxProperties
			case "dependencies", "dependentRequired", "dependentSchemas": self = .dependencies
			case "propertyNames": self = .propertyNames
			case "properties": self = .properties
			case "patternProperties": self = .patternProperties
			case "additionalProperties": self = .additionalProperties
			case "minItems": self = .minItems
			case "maxItems": self = .maxItems
			case "uniqueItems": self = .uniqueItems
			case "items", "prefixItems", "additionalItems": self = .items
			case "contains": self = .contains
			default: self = []
			}
		}
	}

	/// The schema's keywords; none for `true` and `false`.
	let keywords: [String: Defaults.JSONValue]
	/// `false` for the schema `false`, which allows nothing; `true` for any other.
	let allowsSomething: Bool
	/// The base URI, draft and vocabulary within the schema (its `$id` and `$schema` applied).
	let scope: JSONSchemaScope
	/// The keyword families the schema has.
	let families: Families
	/// The object and array keywords the schema has, so that a check looks up only those.
	let present: Present
	/// The types `type` allows, in the order written; `nil` when it has none.
	let types: [String]?
	/// Whether the schema sets its own base URI (an `$id`): a check entering it enters a new resource of the dynamic scope.
	let setsBase: Bool
	/// Whether a `$ref` replaces the rest of the schema (drafts 4 to 7).
	let referenceOnly: Bool

	/// Subschemas made so far, by keyword (and name or index).
	private var single: [String: JSONSchemaNode] = [:]
	private var lists: [String: [JSONSchemaNode]] = [:]
	private var maps: [String: [String: JSONSchemaNode]] = [:]
	private var patterns: [(pattern: String, node: JSONSchemaNode)]?
	/// Whether a member's name matches each of `patternProperties`' patterns, by pattern (in order) and name.
	private var memberMatches: [[String: Bool]] = []
	/// Whether a string matches `pattern`, by string.
	private var valueMatches: [String: Bool] = [:]
	/// The targets of the schema's references, once looked up (`nil` inside: a reference that leads nowhere).
	var targets: [String: JSONSchemaNode?] = [:]
	/// Whether a text matches a pattern, by pattern and text: names and values repeat from object to object.
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
			var present: Present = []
			for keyword in keywords.keys {
				families.formUnion(Self.family(of: keyword, draft: scope.draft))
				present.formUnion(Present(keyword: keyword))
			}
			if !scope.validates { families.subtract([.type, .value, .number, .string]) }
			self.families = families
			self.present = present
			referenceOnly = scope.draft.refOverridesSiblings && keywords["$ref"] != nil
			switch keywords["type"] {
			case .string(let type)?: types = [type]
			case .array(let list)?: types = list.compactMap(\.stringValue)
			default: types = nil
			}
			setsBase = scope.base != outer.base
		case .bool(false):
			(keywords, allowsSomething, scope, families, present, types, referenceOnly, setsBase) = ([:], false, outer, [], [], nil, false, false)
		default:
			(keywords, allowsSomething, scope, families, present, types, referenceOnly, setsBase) = ([:], true, outer, [], [], nil, false, false)
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

	/// The subschemas of `patternProperties` by pattern, in the order of the patterns.
	func patternMembers() -> [(pattern: String, node: JSONSchemaNode)] {
		if let patterns { return patterns }
		let made = members("patternProperties").sorted { $0.key < $1.key }.map { (pattern: $0.key, node: $0.value) }
		patterns = made
		return made
	}

	/// Whether `name` matches the pattern at `index` of ``patternMembers()`` (`nil` when it does
	/// not compile), kept for the next object: names repeat from object to object.
	func name(_ name: String, matchesPatternAt index: Int, in evaluation: JSONSchemaEvaluation) -> Bool? {
		if memberMatches.isEmpty { memberMatches = Array(repeating: [:], count: patternMembers().count) }
		if let known = memberMatches[index][name] { return known }
		guard let result = evaluation.text(name, matches: patternMembers()[index].pattern) else { return nil }
		// Bounded: an object with ever new names (a map keyed by identifiers) does not grow it without end.
		if memberMatches[index].count < 4096 { memberMatches[index][name] = result }
		return result
	}

	/// Whether `text` matches the schema's `pattern` (`nil` when it does not compile), kept for the
	/// next time: values repeat from object to object too.
	func text(_ text: String, matches pattern: String, in evaluation: JSONSchemaEvaluation) -> Bool? {
		if let known = valueMatches[text] { return known }
		guard let result = evaluation.text(text, matches: pattern) else { return nil }
		if valueMatches.count < 4096 { valueMatches[text] = result }
		return result
	}
}
