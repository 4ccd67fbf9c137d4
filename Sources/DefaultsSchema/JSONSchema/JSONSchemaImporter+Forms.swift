import Defaults

/**
The forms of a ``Setting/Kind/variant`` setting, as the importer makes them: one per branch of a
`oneOf`/`anyOf` (titled by the branch's `title`, else by its type or shape: "text", "list",
"object with name"), one per type of several `type`s, and for a schema that says nothing of its
value (any JSON) text, number, on-off, list and object. Each form is a setting made by the same
code as a property, checked against its own branch.
*/
extension JSONSchemaImporter {
	/// The deepest forms within forms made; deeper, a variant is JSON.
	static let maximumFormDepth = 3

	/// The schemas of any JSON value's forms, in the order offered.
	static let anyValueForms: [Defaults.JSONValue] = [["type": "string"], ["type": "number"], ["type": "boolean"], ["type": "array"], ["type": "object"]]

	/// The forms of a variant whose schema is `schema` (its `$ref` followed), `types` its types.
	mutating func forms(of schema: [String: Defaults.JSONValue], types: [String], key: String, path: SettingPath?, depth: Int) -> [SettingForm] {
		guard depth < Self.maximumFormDepth else { return [] }
		let branches: [Defaults.JSONValue]
		if let listed = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue, listed.count >= 2 {
			branches = listed
		} else if types.count >= 2 {
			// One form per type, each with the schema's other keywords (`items` for the array, …).
			var rest = schema
			rest["type"] = nil
			branches = types.map { type in
				var one = rest
				one["type"] = .string(type)
				return .object(one)
			}
		} else {
			branches = Self.anyValueForms
		}
		// Forms are part of their variant: their own fallbacks are not settings of their own.
		let fallbacksBefore = fallbacks.count
		defer { fallbacks.removeSubrange(fallbacksBefore...) }
		var forms: [SettingForm] = []
		for branch in branches {
			var resolved = resolver.resolved(branch)
			let branchTypes = Self.types(of: resolved)
			if branchTypes == ["null"] { continue }
			// A branch that leaves the type out has the variant's one type (`"type": "object"` beside a `oneOf` of shapes).
			if branchTypes.isEmpty, types.count == 1 { resolved["type"] = .string(types[0]) }
			var setting = setting(key: key, path: path, name: key, schema: resolved, depth: depth + 1)
			setting.schemaCheck = JSONSchemaCheck(schema: branch, library: resolver.library)
			forms.append(SettingForm(title: resolved["title"]?.stringValue ?? Self.formTitle(of: setting, schema: resolved), setting: setting))
		}
		return Self.distinctlyTitled(forms)
	}

	/// A form's title by its kind: "text", "number", "on-off", "list", "object with name".
	static func formTitle(of setting: Setting, schema: [String: Defaults.JSONValue]) -> String {
		setting.kind.rules.formTitle(for: setting, schema: schema)
	}

	/// Forms with the same title numbered from the second: "object", "object 2".
	private static func distinctlyTitled(_ forms: [SettingForm]) -> [SettingForm] {
		var seen: [String: Int] = [:]
		return forms.map { form in
			seen[form.title, default: 0] += 1
			let count = seen[form.title] ?? 1
			guard count > 1 else { return form }
			var setting = form.setting
			setting.title = "\(form.title) \(count)"
			return SettingForm(title: setting.title, setting: setting)
		}
	}

	/// `schema` with a `oneOf`/`anyOf` of one branch and `null` (an optional value of one form)
	/// read as that branch: `{"oneOf": [{"type": "string"}, {"type": "null"}]}` is text.
	static func withoutNullBranch(_ schema: [String: Defaults.JSONValue], resolver: inout JSONSchemaResolver) -> [String: Defaults.JSONValue] {
		for keyword in ["oneOf", "anyOf"] {
			guard let branches = schema[keyword]?.arrayValue, branches.count >= 2 else { continue }
			let resolved = branches.map { resolver.resolved($0) }
			let others = resolved.filter { types(of: $0) != ["null"] }
			guard others.count == 1, let only = others.first else { continue }
			var rest = schema
			rest[keyword] = nil
			// The branch's own title and description are the value's, unless the property has its own.
			return JSONSchemaResolver.merged(only, rest)
		}
		return schema
	}

	/// The type a schema without `type` implies by its keywords (`items` an array, `properties`
	/// an object, `pattern` text, `minimum` a number), or `nil` when it implies none or lists choices.
	static func impliedType(of schema: [String: Defaults.JSONValue]) -> String? {
		guard schema["enum"] == nil, schema["const"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil else { return nil }
		let implied: [(String, [String])] = [
			("object", ["properties", "patternProperties", "additionalProperties", "required", "propertyNames", "minProperties", "maxProperties"]),
			("array", ["items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains"]),
			("string", ["pattern", "minLength", "maxLength", "format"]),
			("number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]),
		]
		let found = implied.filter { _, keywords in keywords.contains { schema[$0] != nil } }.map(\.0)
		return found.count == 1 ? found[0] : nil
	}
}
