import Defaults

/**
The JSON Schema draft a schema follows, from its `$schema` (a schema without one follows the
draft of the schema it is in, and at the top draft 2020-12), and what differs between drafts:
the identifier keyword (`id` in draft 4, `$id` after), whether keywords beside a `$ref` apply
(from draft 2019-09 on), the array keywords (`items` as a list up to 2019-09, `prefixItems` in 2020-12).
*/
enum JSONSchemaDraft: Int, Comparable, Sendable {
	case draft4 = 4
	case draft6 = 6
	case draft7 = 7
	case draft2019 = 2019
	case draft2020 = 2020

	/// The draft a metaschema URI (`$schema`) names, or `nil` for one it does not (a custom metaschema).
	init?(metaschema uri: String) {
		if uri.contains("draft-04") {
			self = .draft4
		} else if uri.contains("draft-06") {
			self = .draft6
		} else if uri.contains("draft-07") {
			self = .draft7
		} else if uri.contains("draft/2019-09") {
			self = .draft2019
		} else if uri.contains("draft/2020-12") {
			self = .draft2020
		} else {
			return nil
		}
	}

	static func < (left: Self, right: Self) -> Bool {
		left.rawValue < right.rawValue
	}

	/// The keyword that gives a schema its URI: `id` in draft 4, `$id` after.
	var identifierKeyword: String { self == .draft4 ? "id" : "$id" }

	/// Whether a `$ref` replaces the schema it is in (drafts 4 to 7: keywords beside it, `$id` too, are ignored).
	var refOverridesSiblings: Bool { self <= .draft7 }

	/// The validation vocabulary's URI, whose absence from a metaschema's `$vocabulary` turns off
	/// the validation keywords (`type`, `minimum`, `required`, …).
	var validationVocabulary: String? {
		switch self {
		case .draft2019: "https://json-schema.org/draft/2019-09/vocab/validation"
		case .draft2020: "https://json-schema.org/draft/2020-12/vocab/validation"
		default: nil
		}
	}

	/// The base URI `schema` sets for itself and what it holds, resolved against `base`, or `nil`
	/// when it sets none (no `$id`, an `$id` that is only an anchor such as `#foo`, or one beside a
	/// `$ref` in drafts 4 to 7).
	func identifier(of keywords: [String: Defaults.JSONValue], base: String?) -> String? {
		guard let id = keywords[identifierKeyword]?.stringValue else { return nil }
		if refOverridesSiblings, keywords["$ref"] != nil { return nil }
		if id.hasPrefix("#") { return nil }
		return JSONSchemaURI.split(JSONSchemaURI.resolve(id, against: base)).document
	}

	/// The plain-name anchor `schema` declares: `$anchor` (2019-09 on), or an `$id` (`id`) that
	/// is a fragment alone (`#foo`, drafts 4 to 7; taken in any draft, draft 4's `id` too, as a
	/// document that names no draft may be written for an older one).
	func anchor(of keywords: [String: Defaults.JSONValue]) -> String? {
		if self >= .draft2019, let anchor = keywords["$anchor"]?.stringValue { return anchor }
		guard let id = (keywords[identifierKeyword] ?? keywords["id"])?.stringValue, id.hasPrefix("#"), id.count > 1 else { return nil }
		if refOverridesSiblings, keywords["$ref"] != nil { return nil }
		return String(id.dropFirst())
	}

	/// The draft a schema object follows: the one its `$schema` names, else this one. A custom
	/// metaschema among `documents` names its own draft.
	func draft(of keywords: [String: Defaults.JSONValue], documents: JSONSchemaDocuments?) -> JSONSchemaDraft {
		guard let uri = keywords["$schema"]?.stringValue else { return self }
		if let named = JSONSchemaDraft(metaschema: uri) { return named }
		if let metaschema = documents?.document(at: uri)?.objectValue, let inner = metaschema["$schema"]?.stringValue,
		   let named = JSONSchemaDraft(metaschema: inner) {
			return named
		}
		return self
	}

	// MARK: - Subschemas

	/// Keywords whose value is one schema.
	static let schemaKeywords = ["additionalItems", "additionalProperties", "contains", "not", "if", "then", "else",
		"propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items"]
	/// Keywords whose value is a list of schemas.
	static let schemaListKeywords = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
	/// Keywords whose value is an object of schemas.
	static let schemaMapKeywords = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies"]

	/// Calls `body` with each subschema directly in `keywords` (under the keywords that hold
	/// schemas, not under unknown ones, whose `$id` is no identifier), and the JSON pointer tokens that lead to it.
	static func forEachSubschema(of keywords: [String: Defaults.JSONValue], _ body: (Defaults.JSONValue, [String]) -> Void) {
		for keyword in schemaKeywords {
			if let schema = keywords[keyword], schema.isSchema { body(schema, [keyword]) }
		}
		for keyword in schemaListKeywords {
			guard case .array(let schemas)? = keywords[keyword] else { continue }
			for (index, schema) in schemas.enumerated() where schema.isSchema {
				body(schema, [keyword, String(index)])
			}
		}
		for keyword in schemaMapKeywords {
			guard case .object(let schemas)? = keywords[keyword] else { continue }
			// In the order of their names, so that what a walk meets comes in the same order every time.
			for name in schemas.keys.sorted() {
				guard let schema = schemas[name], schema.isSchema else { continue }
				body(schema, [keyword, name])
			}
		}
	}
}

extension Defaults.JSONValue {
	/// Whether the value can be a schema: an object, `true` or `false`.
	var isSchema: Bool {
		switch self {
		case .object, .bool: true
		default: false
		}
	}
}
