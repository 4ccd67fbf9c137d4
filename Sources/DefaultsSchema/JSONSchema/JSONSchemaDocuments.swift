import Defaults

/**
JSON Schema documents by their absolute URI (without fragment): the other documents a schema's
`$ref`s point into, for a ``JSONSchemaValidator`` (and the import of a settings file's schema) to follow.

A document is found by the URI it was retrieved from, and each schema inside it that sets its
own `$id` (an embedded resource) by that identifier too. ``missingReferences(of:at:)`` lists what
a schema refers to that is not here yet: fetch each, ``add(_:at:)`` it, and ask again until the
list is empty, so that the documents those refer to come in too.

```swift
var documents = JSONSchemaDocuments()
let root: Defaults.JSONValue = ["$ref": "types.json#/$defs/port"]
documents.missingReferences(of: root, at: "https://example.com/app.json")
//=> ["https://example.com/types.json"]
documents.add(["$defs": ["port": ["type": "integer", "maximum": 65535]]], at: "https://example.com/types.json")
documents.missingReferences(of: root, at: "https://example.com/app.json")  //=> []
JSONSchemaValidator(schema: root, documents: documents, uri: "https://example.com/app.json").isValid(70000)  //=> false
```
*/
public struct JSONSchemaDocuments: Sendable {
	/// The documents by the URI they were added at, without fragment.
	private var documents: [String: Defaults.JSONValue] = [:]
	/// Every schema resource: each document by the URI it was added at, and each schema inside
	/// one that sets its own `$id` by that URI.
	private(set) var resources: [String: JSONSchemaLocated] = [:]
	/// The schemas with a plain-name anchor (`$anchor`, `$dynamicAnchor`, draft 6 and 7's
	/// `$id: "#name"`), by the URI of their resource and the name: `https://example.com/a.json#name`.
	private(set) var anchors: [String: JSONSchemaLocated] = [:]
	/// Of those, the `$dynamicAnchor`s.
	private(set) var dynamicAnchors: Set<String> = []

	/// No documents.
	public init() {}

	/// The URIs of the documents added, in order.
	public var uris: [String] { documents.keys.sorted() }

	/// Adds `document`, retrieved from `uri` (a fragment is dropped), replacing one added at the same URI.
	public mutating func add(_ document: Defaults.JSONValue, at uri: String) {
		let key = JSONSchemaURI.split(uri).document
		let outer = JSONSchemaScope(base: key.isEmpty ? nil : key, draft: .draft2020, validates: true)
		documents[key] = document
		resources[key] = JSONSchemaLocated(schema: document, outer: outer)
		var found: [String: JSONSchemaLocated] = [:]
		var foundAnchors: [String: JSONSchemaLocated] = [:]
		var dynamic: Set<String> = []
		Self.walk(document, outer: outer, documents: self) { keywords, outer, inner in
			let located = JSONSchemaLocated(schema: .object(keywords), outer: outer)
			if let identifier = inner.base, identifier != outer.base, found[identifier] == nil {
				found[identifier] = located
			}
			let resource = inner.base ?? ""
			if let name = inner.draft.anchor(of: keywords) {
				foundAnchors[resource + "#" + name] = located
			}
			if inner.draft >= .draft2020, let name = keywords["$dynamicAnchor"]?.stringValue {
				foundAnchors[resource + "#" + name] = located
				dynamic.insert(resource + "#" + name)
			}
		}
		resources.merge(found) { existing, _ in existing }
		anchors.merge(foundAnchors) { _, newer in newer }
		dynamicAnchors.formUnion(dynamic)
	}

	/// The document retrieved from `uri` (a fragment is ignored), or a schema inside one whose `$id` is `uri`; `nil` when neither is here.
	public func document(at uri: String) -> Defaults.JSONValue? {
		resources[JSONSchemaURI.split(uri).document]?.schema
	}

	/**
	The absolute URIs (without fragment, each once, in the order met) of the documents that
	`document`, retrieved from `uri` (or `nil` when it has none), refers to with `$ref`,
	`$dynamicRef` or `$recursiveRef` and that are not here: neither added nor a schema inside
	`document` that sets its own `$id`. References are resolved against the base URI that the
	`$id`s (draft 4: `id`) around them set; one that stays relative (no base to resolve it
	against) is not listed. The documents here that `document` refers to are looked through too
	(and those they refer to), so that adding what is listed and asking again fills in every
	document a check can reach.

	```swift
	JSONSchemaDocuments().missingReferences(of: ["$id": "https://example.com/a/", "items": ["$ref": "b.json"]], at: nil)
	//=> ["https://example.com/a/b.json"]
	```
	*/
	public func missingReferences(of document: Defaults.JSONValue, at uri: String? = nil) -> [String] {
		let own = uri.map { JSONSchemaURI.split($0).document }
		var pending = [JSONSchemaLocated(schema: document, outer: JSONSchemaScope(base: own, draft: .draft2020, validates: true))]
		var visited: Set<String> = own.map { [$0] } ?? []
		var identified: Set<String> = visited
		var missing: [String] = []
		var next = 0
		while next < pending.count {
			let located = pending[next]
			next += 1
			var referenced: [String] = []
			Self.walk(located.schema, outer: located.outer, documents: self) { keywords, _, inner in
				if let base = inner.base { identified.insert(base) }
				for keyword in ["$ref", "$dynamicRef", "$recursiveRef"] {
					guard let reference = keywords[keyword]?.stringValue else { continue }
					let target = JSONSchemaURI.split(JSONSchemaURI.resolve(reference, against: inner.base)).document
					if !target.isEmpty, JSONSchemaURI.isAbsolute(target) { referenced.append(target) }
				}
			}
			for target in referenced where !identified.contains(target) {
				if let found = resources[target] {
					// A document here: what it refers to is needed too.
					if visited.insert(target).inserted { pending.append(found) }
				} else if !missing.contains(target) {
					missing.append(target)
				}
			}
		}
		return missing.filter { !identified.contains($0) }
	}

	/// Whether the metaschema at `uri`, when it is here and lists its vocabularies (`$vocabulary`),
	/// has the validation vocabulary; `true` otherwise.
	func validates(metaschema uri: String, draft: JSONSchemaDraft) -> Bool {
		guard let vocabularies = document(at: uri)?.objectValue?["$vocabulary"]?.objectValue,
		      let validation = draft.validationVocabulary
		else { return true }
		return vocabularies[validation] != nil
	}

	/// Calls `visit` with every schema object in `schema` (itself first, then its subschemas, depth
	/// first), the scope around it and its own (its `$schema` and `$id` applied).
	static func walk(
		_ schema: Defaults.JSONValue, outer: JSONSchemaScope, documents: JSONSchemaDocuments,
		_ visit: ([String: Defaults.JSONValue], JSONSchemaScope, JSONSchemaScope) -> Void
	) {
		// A stack rather than recursion: a document nested deep cannot overflow the thread's stack.
		var pending: [(Defaults.JSONValue, JSONSchemaScope)] = [(schema, outer)]
		while let (next, outer) = pending.popLast() {
			guard case .object(let keywords) = next else { continue }
			let inner = outer.entering(keywords, documents: documents)
			visit(keywords, outer, inner)
			var subschemas: [(Defaults.JSONValue, JSONSchemaScope)] = []
			JSONSchemaDraft.forEachSubschema(of: keywords) { subschema, _ in subschemas.append((subschema, inner)) }
			pending += subschemas.reversed()
		}
	}
}

/// What a schema's keywords mean where it is: its base URI, its draft, and whether the
/// validation keywords apply (a metaschema's `$vocabulary` can turn them off).
struct JSONSchemaScope: Sendable {
	var base: String?
	var draft: JSONSchemaDraft
	var validates: Bool

	/// The scope of a schema with `keywords` in this one: its `$schema` and `$id` applied.
	func entering(_ keywords: [String: Defaults.JSONValue], documents: JSONSchemaDocuments) -> JSONSchemaScope {
		var inner = self
		if let metaschema = keywords["$schema"]?.stringValue {
			inner.draft = draft.draft(of: keywords, documents: documents)
			inner.validates = documents.validates(metaschema: metaschema, draft: inner.draft)
		}
		if let identifier = inner.draft.identifier(of: keywords, base: base) {
			inner.base = identifier
		}
		return inner
	}
}

/// A schema found by URI, with the scope around it (its own `$id` and `$schema` not yet applied).
struct JSONSchemaLocated: Sendable {
	let schema: Defaults.JSONValue
	let outer: JSONSchemaScope
}
