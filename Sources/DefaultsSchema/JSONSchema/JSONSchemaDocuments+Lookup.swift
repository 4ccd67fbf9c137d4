import Defaults

extension JSONSchemaDocuments {
	/// The schema at an absolute URI, with the scope around it: a resource, a JSON pointer from one
	/// (`#/$defs/a`), or an anchor (`#name`); `nil` when it is not here.
	func located(at uri: String) -> JSONSchemaLocated? {
		let (document, fragment) = JSONSchemaURI.split(uri)
		if fragment.isEmpty { return resources[document] }
		if fragment.hasPrefix("/") { return resources[document].flatMap { pointed(fragment, from: $0) } }
		return anchors[document + "#" + fragment]
	}

	/// What a JSON pointer (`/$defs/a`, with `~0`, `~1` and `%XX` escapes) points at from a
	/// resource, with the scope around it: the `$id`s and `$schema`s passed on the way apply.
	private func pointed(_ pointer: String, from resource: JSONSchemaLocated) -> JSONSchemaLocated? {
		var current = resource.schema
		var outer = resource.outer
		for token in JSONSchemaResolver.pointerTokens(Substring(pointer)) {
			switch current {
			case .object(let members):
				guard let next = members[token] else { return nil }
				outer = outer.entering(members, documents: self)
				current = next
			case .array(let items):
				guard let index = Int(token), items.indices.contains(index) else { return nil }
				current = items[index]
			default:
				return nil
			}
		}
		return JSONSchemaLocated(schema: current, outer: outer)
	}

	/**
	`located`'s schema with its references (`$ref`, `$dynamicRef`, `$recursiveRef`) and
	identifiers (`$id`, `id`) made absolute, so that it reads the same wherever it is put: a schema
	from another document, brought into the one being imported.
	*/
	static func rebased(_ located: JSONSchemaLocated, documents: JSONSchemaDocuments) -> Defaults.JSONValue {
		rebased(located.schema, outer: located.outer, documents: documents, depth: 0)
	}

	private static func rebased(_ schema: Defaults.JSONValue, outer: JSONSchemaScope, documents: JSONSchemaDocuments, depth: Int) -> Defaults.JSONValue {
		guard case .object(var keywords) = schema, depth < 256 else { return schema }
		let inner = outer.entering(keywords, documents: documents)
		for keyword in ["$ref", "$dynamicRef", "$recursiveRef"] {
			if let reference = keywords[keyword]?.stringValue {
				keywords[keyword] = .string(JSONSchemaURI.resolve(reference, against: inner.base))
			}
		}
		if inner.base != outer.base, let base = inner.base {
			keywords[inner.draft.identifierKeyword] = .string(base)
		}
		for keyword in JSONSchemaDraft.schemaKeywords {
			if let subschema = keywords[keyword], case .object = subschema {
				keywords[keyword] = rebased(subschema, outer: inner, documents: documents, depth: depth + 1)
			}
		}
		for keyword in JSONSchemaDraft.schemaListKeywords {
			if case .array(let subschemas)? = keywords[keyword] {
				keywords[keyword] = .array(subschemas.map { rebased($0, outer: inner, documents: documents, depth: depth + 1) })
			}
		}
		for keyword in JSONSchemaDraft.schemaMapKeywords {
			if case .object(let subschemas)? = keywords[keyword] {
				keywords[keyword] = .object(subschemas.mapValues { rebased($0, outer: inner, documents: documents, depth: depth + 1) })
			}
		}
		return .object(keywords)
	}
}
