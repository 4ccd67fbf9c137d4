import Defaults

extension SettingsSchema {
	/**
	A schema for a store that comes without one, inferred from the JSON values it
	holds, as dconf-editor does without a schema: `true`/`false` become toggles,
	numbers (whole or not) number fields, strings text, and arrays and objects JSON.

	```swift
	let schema = SettingsSchema.inferred(from: store.storedValues(), title: "settings.json")
	```
	*/
	public static func inferred(from values: [String: Defaults.JSONValue], title: String) -> SettingsSchema {
		let settings = values.keys.sorted().map { key -> Setting in
			let value = values[key] ?? .null
			let kind: Setting.Kind
			switch value {
			case .bool: kind = .bool
			// A JSON number is any number: a stored 1 says nothing against 2.5 later.
			case .integer, .unsignedInteger, .double: kind = .number
			case .string: kind = .string
			case .null, .array, .object: kind = .json
			}
			// Without a schema there is no default: removing a value unsets the key.
			return Setting(key: key, title: Setting.title(fromKey: key), kind: kind, typeName: value.typeName, defaultValue: nil, isOptional: true)
		}
		return SettingsSchema(title: title, sections: [Section(title: "Settings", settings: settings)])
	}
}

extension SettingsSchema {
	/// The title of the section ``withOtherKeys(of:)`` adds.
	public static let otherKeysSectionTitle = "Other keys"

	/**
	The schema with a last section for the keys of `values` that no setting names, each edited
	as JSON, when ``showsOtherKeys`` allows them; the schema as it is otherwise. A nested
	setting (`compilerOptions.strict`) names its top-level key (`compilerOptions`).

	```swift
	let schema = try SettingsSchema.load(from: prettierSchema)   // additionalProperties allowed
	let shown = schema.withOtherKeys(of: store.storedValues())   // + "Other keys": "myPlugin", …
	```
	*/
	public func withOtherKeys(of values: [String: Defaults.JSONValue]) -> SettingsSchema {
		guard showsOtherKeys else { return self }
		let named = Set(settings.map { $0.path?.topLevelKey ?? $0.key })
		let others = values.keys.filter { !named.contains($0) }.sorted()
		guard !others.isEmpty else { return self }
		var schema = self
		schema.sections.append(Section(title: Self.otherKeysSectionTitle, settings: others.map { key in
			var setting = Setting(
				key: key, title: key, help: "A key the schema does not describe; it is kept as it is, and edited as JSON.",
				kind: .json, typeName: "JSON", defaultValue: nil, isOptional: true
			)
			// A JSON Schema's patternProperties and additionalProperties check what it does not name.
			setting.schemaCheck = otherKeysRules.map { JSONSchemaCheck(member: key, of: $0) }
			return setting
		}))
		return schema
	}
}
