@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// References between JSON Schema documents (``JSONSchemaDocuments``), base URIs (`$id`), anchors,
/// dynamic references, and what differs between drafts.
@Suite("JSON Schema references and drafts")
struct JSONSchemaReferencesTests {
	private func json(_ text: String) throws -> Defaults.JSONValue {
		try Defaults.JSONValue(parsing: text)
	}

	// MARK: - Documents

	@Test func aReferenceIntoAnotherDocumentIsFollowed() throws {
		let root = try json(#"{"properties": {"port": {"$ref": "types.json#/$defs/port"}}}"#)
		var documents = JSONSchemaDocuments()
		documents.add(try json(##"{"$defs": {"port": {"$ref": "#/$defs/number"}, "number": {"type": "integer", "maximum": 65535}}}"##),
			at: "https://example.com/schemas/types.json")
		let validator = JSONSchemaValidator(schema: root, documents: documents, uri: "https://example.com/schemas/app.json")
		#expect(validator.firstViolation(of: ["port": 70000], at: "server")?.description == "server.port: must be at most 65535 (maximum)")
		#expect(validator.isValid(["port": 8080]))
		// Without the document, the reference allows anything, as before.
		#expect(JSONSchemaValidator(schema: root, documents: JSONSchemaDocuments(), uri: "https://example.com/schemas/app.json").isValid(["port": 70000]))
		#expect(documents.document(at: "https://example.com/schemas/types.json#/$defs") != nil, "found without its fragment")
	}

	@Test(.timeLimit(.minutes(1))) func aCycleOfReferencesBetweenTwoDocumentsEnds() throws {
		var documents = JSONSchemaDocuments()
		documents.add(try json(#"{"$ref": "b.json"}"#), at: "https://example.com/a.json")
		documents.add(try json(#"{"$ref": "a.json"}"#), at: "https://example.com/b.json")
		let loop = JSONSchemaValidator(schema: try json(#"{"$ref": "a.json"}"#), documents: documents, uri: "https://example.com/root.json")
		#expect(loop.isValid(1), "a loop that looks no further into the value allows anything")
		// Not only within the bound on depth: the second time round, the reference allows anything.
		let steps = loop.program.withCompiler { compiler in
			let evaluation = JSONSchemaEvaluation(compiler: compiler)
			_ = evaluation.check(1, against: compiler.root, at: JSONSchemaPath(), following: [], depth: 0, annotations: nil)
			return evaluation.steps
		}
		#expect(steps < 10, "\(steps) schemas looked at")
		// A cycle that goes down the value each time: followed as deep as the value goes.
		documents.add(try json(#"{"type": "object", "properties": {"child": {"$ref": "d.json"}}}"#), at: "https://example.com/c.json")
		documents.add(try json(#"{"type": "object", "properties": {"child": {"$ref": "c.json"}}}"#), at: "https://example.com/d.json")
		let tree = JSONSchemaValidator(schema: try json(#"{"$ref": "c.json"}"#), documents: documents, uri: "https://example.com/root.json")
		#expect(tree.isValid(["child": ["child": ["child": [:]]]]))
		#expect(tree.firstViolation(of: ["child": ["child": ["child": 3]]])?.description == "child.child.child: must be an object, not 3 (type)")
		// The import of a schema whose settings lead round the cycle ends too.
		let imported = SettingsSchema.importing(jsonSchema: try json(#"{"properties": {"tree": {"$ref": "c.json"}}}"#), title: "tree.json",
			documents: documents, uri: "https://example.com/root.json")
		#expect(imported.schema.settings.contains { $0.key.hasPrefix("tree") })
	}

	@Test func missingReferencesResolveAgainstTheNearestIdEachOnce() throws {
		let document = try json(##"""
		{"$id": "https://example.com/root.json",
		 "properties": {
		   "a": {"$ref": "types.json#/$defs/a"},
		   "b": {"$id": "nested/", "items": {"$ref": "item.json"}},
		   "c": {"$ref": "#/definitions/local"},
		   "d": {"$id": "https://other.org/embedded.json", "type": "string"},
		   "e": {"$ref": "https://other.org/embedded.json"},
		   "f": {"$ref": "types.json#/$defs/f"},
		   "g": {"$dynamicRef": "https://example.com/meta.json#node"}},
		 "definitions": {"local": {"$ref": "relative-without-base.json"}}}
		"""##)
		var documents = JSONSchemaDocuments()
		#expect(documents.missingReferences(of: document, at: "https://ignored.example/x.json")
			== ["https://example.com/types.json", "https://example.com/nested/item.json", "https://example.com/meta.json", "https://example.com/relative-without-base.json"])
		documents.add(try json("{}"), at: "https://example.com/types.json")
		#expect(documents.missingReferences(of: document) == ["https://example.com/nested/item.json", "https://example.com/meta.json",
			"https://example.com/relative-without-base.json"])
		// Without a base, a relative reference is not listed: there is nowhere to fetch it from.
		#expect(JSONSchemaDocuments().missingReferences(of: try json(#"{"$ref": "other.json"}"#), at: nil) == [])
		#expect(JSONSchemaDocuments().missingReferences(of: try json(#"{"$ref": "other.json"}"#), at: "https://example.com/dir/app.json")
			== ["https://example.com/dir/other.json"])
		// What a document here refers to is needed too: asking again after adding it fills the set.
		var chain = JSONSchemaDocuments()
		let root = try json(#"{"$ref": "a.json"}"#)
		#expect(chain.missingReferences(of: root, at: "https://example.com/root.json") == ["https://example.com/a.json"])
		chain.add(try json(##"{"properties": {"b": {"$ref": "b.json#/x"}, "self": {"$ref": "#"}, "root": {"$ref": "root.json"}}}"##), at: "https://example.com/a.json")
		#expect(chain.missingReferences(of: root, at: "https://example.com/root.json") == ["https://example.com/b.json"])
		chain.add(try json(#"{"x": {"$ref": "a.json"}}"#), at: "https://example.com/b.json")
		#expect(chain.missingReferences(of: root, at: "https://example.com/root.json") == [], "a cycle between documents here ends")
		// Draft 4 names its identifier `id`.
		let draft4 = try json(#"{"$schema": "http://json-schema.org/draft-04/schema#", "id": "https://example.com/v4/", "items": {"$ref": "item.json"}}"#)
		#expect(JSONSchemaDocuments().missingReferences(of: draft4) == ["https://example.com/v4/item.json"])
	}

	@Test func theImportFollowsAReferenceIntoASecondDocument() throws {
		let root = try json(#"{"type": "object", "properties": {"server": {"$ref": "defs.json#/$defs/server"}}}"#)
		var documents = JSONSchemaDocuments()
		documents.add(try json(##"""
		{"$defs": {
		  "server": {"type": "object", "properties": {"port": {"$ref": "#/$defs/port"}, "host": {"$ref": "#/$defs/address"}}},
		  "address": {"type": "string", "format": "ipv4"},
		  "port": {"type": "integer", "minimum": 1, "maximum": 65535}}}
		"""##), at: "https://example.com/defs.json")
		let imported = SettingsSchema.importing(jsonSchema: root, title: "app.json", documents: documents, uri: "https://example.com/app.json")
		let port = try #require(imported.schema.setting(forKey: "server.port"))
		#expect(port.kind == .integer)
		#expect(port.maximum == 65535)
		#expect(port.validate(70000) != nil)
		// The setting's whole schema, from the other document, is checked too: its references in that document are followed.
		let host = try #require(imported.schema.setting(forKey: "server.host"))
		#expect(host.validate("300.1.1.1")?.message == "server.host: must be a valid ipv4 (format)")
		#expect(imported.notes.isEmpty)
		// Without the document, the reference is noted and the setting takes any value (a variant of every form).
		let alone = SettingsSchema.importing(jsonSchema: root, title: "app.json")
		#expect(alone.notes == ["defs.json#/$defs/server is not followed (it is in another document)"])
		#expect(alone.schema.setting(forKey: "server")?.kind == .variant)
	}

	// MARK: - Base URIs and anchors

	@Test func relativeReferencesResolveAgainstTheNearestEnclosingId() throws {
		let schema = try json(##"""
		{"$id": "https://example.com/root.json",
		 "properties": {"inner": {"$id": "folder/", "items": {"$ref": "item.json"}}},
		 "$defs": {
		   "item": {"$id": "folder/item.json", "type": "integer"},
		   "other": {"$id": "item.json", "type": "string"}}}
		"""##)
		let validator = JSONSchemaValidator(schema: schema)
		#expect(validator.isValid(["inner": [1, 2]]))
		#expect(validator.firstViolation(of: ["inner": ["a"]])?.description == #"inner[0]: must be an integer, not "a" (type)"#)
	}

	@Test func anchorsOfEveryDraftAreFound() throws {
		let draft2020 = try json(##"{"$ref": "#positive", "$defs": {"p": {"$anchor": "positive", "minimum": 1}}}"##)
		#expect(JSONSchemaValidator(schema: draft2020).firstViolation(of: 0)?.description == "must be at least 1 (minimum)")
		let draft7 = try json(##"{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "#positive", "definitions": {"p": {"$id": "#positive", "minimum": 1}}}"##)
		#expect(!JSONSchemaValidator(schema: draft7).isValid(0))
	}

	// MARK: - Drafts

	@Test func keywordsBesideARefApplyFromDraft2019On() throws {
		let refAndLimit = ##""$ref": "#/$defs/list", "maxItems": 1, "$defs": {"list": {"type": "array"}}"##
		let draft7 = try json(##"{"$schema": "http://json-schema.org/draft-07/schema#", "## + refAndLimit + "}")
		#expect(JSONSchemaValidator(schema: draft7).isValid([1, 2]), "maxItems beside $ref is ignored in draft 7")
		#expect(!JSONSchemaValidator(schema: draft7).isValid(1), "the $ref applies")
		let draft2020 = try json("{" + refAndLimit + "}")
		#expect(JSONSchemaValidator(schema: draft2020).firstViolation(of: [1, 2])?.description == "must have at most 1 item (maxItems)")
	}

	@Test func itemsAsAListOrPrefixItemsByDraft() throws {
		let draft2019 = try json(#"{"$schema": "https://json-schema.org/draft/2019-09/schema", "prefixItems": [{"type": "string"}], "items": [{"type": "integer"}]}"#)
		#expect(JSONSchemaValidator(schema: draft2019).isValid([1]), "prefixItems is not a keyword of draft 2019-09")
		#expect(!JSONSchemaValidator(schema: draft2019).isValid(["a"]))
		let itemsAlone2019 = try json(#"{"$schema": "https://json-schema.org/draft/2019-09/schema", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}}"#)
		#expect(!JSONSchemaValidator(schema: itemsAlone2019).isValid(["a"]), "in draft 2019-09, items applies to every item")
		let draft2020 = try json(#"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}"#)
		#expect(JSONSchemaValidator(schema: draft2020).isValid(["a", 1]))
		#expect(JSONSchemaValidator(schema: draft2020).firstViolation(of: ["a", "b"])?.description == #"[1]: must be an integer, not "b" (type)"#)
	}

	@Test func unevaluatedPropertiesSeesWhatAllOfAndAPassingAnyOfBranchEvaluated() throws {
		let schema = try json(##"""
		{"allOf": [{"properties": {"name": {"type": "string"}}}],
		 "anyOf": [{"properties": {"port": {"type": "integer"}}, "required": ["port"]}, {"properties": {"path": {"type": "string"}}, "required": ["path"]}],
		 "unevaluatedProperties": false}
		"""##)
		let validator = JSONSchemaValidator(schema: schema)
		#expect(validator.isValid(["name": "a", "port": 1]))
		#expect(validator.isValid(["name": "a", "port": 1, "path": "/"]), "both anyOf branches pass: each one's members count")
		#expect(validator.firstViolation(of: ["name": "a", "path": "/", "extra": true])?.description
			== #"must not have the member "extra" (unevaluatedProperties)"#)
		#expect(!validator.isValid(["port": 1, "path": 3]), "a branch that fails evaluates nothing")
		let items = try json(#"{"prefixItems": [{"type": "string"}], "contains": {"type": "integer"}, "unevaluatedItems": false}"#)
		#expect(JSONSchemaValidator(schema: items).isValid(["a", 1, 2]))
		#expect(JSONSchemaValidator(schema: items).firstViolation(of: ["a", 1, true])?.description == "must not have the item [2] (unevaluatedItems)")
	}

	@Test func aDynamicRefFindsTheOutermostDynamicAnchor() throws {
		var documents = JSONSchemaDocuments()
		documents.add(try json(##"""
		{"$id": "https://example.com/list.json", "type": "array", "items": {"$dynamicRef": "#item"},
		 "$defs": {"item": {"$dynamicAnchor": "item"}}}
		"""##), at: "https://example.com/list.json")
		let strings = try json(##"""
		{"$id": "https://example.com/strings.json", "$ref": "list.json", "$defs": {"item": {"$dynamicAnchor": "item", "type": "string"}}}
		"""##)
		let validator = JSONSchemaValidator(schema: strings, documents: documents)
		#expect(validator.isValid(["a", "b"]))
		#expect(validator.firstViolation(of: ["a", 1])?.description == "[1]: must be a string, not 1 (type)")
		#expect(JSONSchemaValidator(schema: try json(#"{"$ref": "https://example.com/list.json"}"#), documents: documents).isValid(["a", 1]),
			"alone, the list takes any items")
	}

	@Test func aRecursiveRefFollowsTheRecursiveAnchor() throws {
		var documents = JSONSchemaDocuments()
		documents.add(try json(##"""
		{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/tree.json", "$recursiveAnchor": true,
		 "type": "object", "properties": {"children": {"type": "array", "items": {"$recursiveRef": "#"}}}}
		"""##), at: "https://example.com/tree.json")
		let strict = try json(##"""
		{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/strict.json", "$recursiveAnchor": true,
		 "$ref": "tree.json", "unevaluatedProperties": false}
		"""##)
		let validator = JSONSchemaValidator(schema: strict, documents: documents)
		#expect(validator.isValid(["children": [["children": []]]]))
		#expect(validator.firstViolation(of: ["children": [["child": []]]])?.description == #"children[0]: must not have the member "child" (unevaluatedProperties)"#)
	}

	@Test func aMetaschemaWithoutTheValidationVocabularyTurnsItsKeywordsOff() throws {
		var documents = JSONSchemaDocuments()
		documents.add(try json(##"""
		{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/no-validation.json",
		 "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/applicator": true, "https://json-schema.org/draft/2020-12/vocab/core": true}}
		"""##), at: "https://example.com/no-validation.json")
		let schema = try json(#"{"$schema": "https://example.com/no-validation.json", "properties": {"a": false}, "minimum": 10, "type": "string"}"#)
		let validator = JSONSchemaValidator(schema: schema, documents: documents)
		#expect(validator.isValid(1), "type and minimum are validation keywords")
		#expect(!validator.isValid(["a": 1]), "properties is an applicator")
	}
}

extension JSONSchemaReferencesTests {
	@Test func aLargeValueIsCheckedToItsEnd() throws {
		// Four schemas for each of 100,000 items: past the 200,000 schemas a check looks at for any
		// value, the bound grows with the value, so the last item is still checked.
		let schema = try Defaults.JSONValue(parsing: #"{"items": {"allOf": [{"minimum": 0}, {"maximum": 10}, {"type": "integer"}]}}"#)
		let items = Defaults.JSONValue.array(Array(repeating: 1, count: 99_999) + [-1])
		#expect(JSONSchemaValidator(schema: schema).firstViolation(of: items)?.description == "[99999]: must be at least 0 (minimum)")
	}
}
