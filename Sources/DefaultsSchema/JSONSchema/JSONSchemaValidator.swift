import Defaults

/**
Checks JSON values against a JSON Schema (drafts 4, 6, 7, 2019-09 and 2020-12, by the schema's
`$schema`; draft 2020-12 without one), and says in words where and how a value breaks it.

The keywords checked:

| Values | Keywords |
|---|---|
| any | `type` (a name or a list; `integer` takes `1.0`), `enum`, `const` |
| numbers | `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (numbers, or draft 4's flags), `multipleOf` |
| strings | `minLength`, `maxLength` (in Unicode code points), `pattern` (found anywhere in the text), `format` |
| objects | `required`, `properties`, `patternProperties`, `additionalProperties`, `propertyNames`, `minProperties`, `maxProperties`, `dependencies`, `dependentRequired`, `dependentSchemas`, `unevaluatedProperties` |
| arrays | `items` (a schema, or a list with `additionalItems` up to draft 2019-09), `prefixItems` (2020-12), `minItems`, `maxItems`, `uniqueItems`, `contains`, `minContains`, `maxContains`, `unevaluatedItems` |
| schemas | `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `true` and `false`, `$ref`, `$dynamicRef` (2020-12), `$recursiveRef` (2019-09) |

References are resolved against the base URI the nearest `$id` (draft 4: `id`) sets, and point
at a place in the document (a JSON pointer), a schema with its own `$id`, an anchor (`$anchor`,
`$dynamicAnchor`, drafts 6 and 7's `$id: "#name"`), or another document among the
``JSONSchemaDocuments`` given; `$dynamicRef` and `$recursiveRef` look through the dynamic scope.
In drafts 4 to 7 a `$ref` replaces the keywords beside it. A metaschema (among the documents)
whose `$vocabulary` leaves out the validation vocabulary turns the validation keywords off.

The formats checked, in every draft (drafts 2019-09 and 2020-12 make `format` an annotation: a
deliberate difference), are `date-time`, `date`, `time`, `email`, `hostname`, `ipv4`, `ipv6`,
`uri`, `uri-reference`, `uuid` and `regex`; other formats, other keywords and a `pattern` that is
not a valid regular expression say nothing. A reference to a document not given allows anything.
A recursive schema, within a document or across several, is followed as deep as the value goes,
within bounds, so no schema hangs the check. <doc:CheckingValuesAgainstAJSONSchema>
has the details and the figures on JSON Schema's published test suite.

```swift
let schema: Defaults.JSONValue = ["type": "object", "properties": ["target": ["enum": ["es5", "es2015"]]], "additionalProperties": false]
let validator = JSONSchemaValidator(schema: schema)
validator.firstViolation(of: ["target": "es3"], at: "compilerOptions")?.description
//=> compilerOptions.target: must be one of "es5", "es2015" (enum)
validator.firstViolation(of: ["strict": true], at: "compilerOptions")?.description
//=> compilerOptions: must not have the member "strict" (additionalProperties)
validator.isValid(["target": "es5"])  //=> true
```
*/
public struct JSONSchemaValidator: Sendable {
	/// The schema made ready, with the documents it refers to.
	let program: JSONSchemaProgram

	/// The whole schema document, which references (`#/definitions/…`) point into.
	public var document: Defaults.JSONValue { program.library.document }
	/// The schema values are checked against: the document, or a part of it.
	public var schema: Defaults.JSONValue { program.schema }
	/// The other documents references point into.
	public var documents: JSONSchemaDocuments { program.library.documents }
	/// The URI the document was retrieved from, which its relative references resolve against, or `nil`.
	public var uri: String? { program.library.uri }

	/// The most schemas one check looks at, nested; deeper, a schema allows anything.
	static let maximumDepth = 128
	/// The most schemas one check looks at in all, besides ``stepsPerValue``; past it, every schema
	/// allows anything, so a schema whose choices multiply at each level cannot keep a check going for long.
	static let maximumSteps = 200_000
	/// The schemas one check may look at in addition for each value in the value checked (its
	/// members and items, nested), so that a large file is checked to its end.
	static let stepsPerValue = 64

	/// A validator of the schema `document` as a whole.
	public init(schema document: Defaults.JSONValue) {
		self.init(schema: document, documents: JSONSchemaDocuments())
	}

	/// A validator of `schema`, a part of `document` (a property's schema), whose references point into `document`.
	public init(schema: Defaults.JSONValue, in document: Defaults.JSONValue) {
		self.init(schema: schema, in: document, documents: JSONSchemaDocuments())
	}

	/**
	A validator of the schema `document`, retrieved from `uri` (or `nil`), whose references to
	other documents are followed into `documents`; a reference to a document not there allows anything.

	```swift
	var documents = JSONSchemaDocuments()
	documents.add(["$defs": ["port": ["type": "integer", "maximum": 65535]]], at: "https://example.com/types.json")
	let validator = JSONSchemaValidator(schema: ["$ref": "types.json#/$defs/port"], documents: documents, uri: "https://example.com/app.json")
	validator.firstViolation(of: 70000, at: "port")?.description  //=> port: must be at most 65535 (maximum)
	```
	*/
	public init(schema document: Defaults.JSONValue, documents: JSONSchemaDocuments, uri: String? = nil) {
		program = JSONSchemaProgram(schema: document, isDocument: true, library: JSONSchemaLibrary(document: document, documents: documents, uri: uri))
	}

	/// A validator of `schema`, a part of `document` (retrieved from `uri`, or `nil`), whose references
	/// point into `document` and `documents`.
	public init(schema: Defaults.JSONValue, in document: Defaults.JSONValue, documents: JSONSchemaDocuments, uri: String? = nil) {
		program = JSONSchemaProgram(schema: schema, isDocument: false, library: JSONSchemaLibrary(document: document, documents: documents, uri: uri))
	}

	/// A validator of `schema`, a part of the document of `library`, which it shares with others.
	init(schema: Defaults.JSONValue, library: JSONSchemaLibrary) {
		program = JSONSchemaProgram(schema: schema, isDocument: false, library: library)
	}

	/**
	The first way `value` breaks the schema, or `nil` when it does not. `path` is where the value
	is (a setting's key), the start of the violation's path.

	```swift
	JSONSchemaValidator(schema: ["minLength": 1]).firstViolation(of: "", at: "name")?.description
	//=> name: must be at least 1 character long (minLength)
	```
	*/
	public func firstViolation(of value: Defaults.JSONValue, at path: String = "") -> JSONSchemaViolation? {
		program.withCompiler { compiler in
			let evaluation = JSONSchemaEvaluation(compiler: compiler)
			if case .array = value { evaluation.allowSteps(for: value) } else if case .object = value { evaluation.allowSteps(for: value) }
			return evaluation.check(value, against: compiler.root, at: JSONSchemaPath(path), following: [], depth: 0, annotations: nil)
		}
	}

	/// Whether `value` satisfies the schema.
	public func isValid(_ value: Defaults.JSONValue) -> Bool {
		firstViolation(of: value) == nil
	}
}
