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
