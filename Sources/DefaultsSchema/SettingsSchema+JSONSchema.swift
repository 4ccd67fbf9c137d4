import Defaults
import Foundation

extension SettingsSchema {
	/// The JSON Schema dialect ``jsonSchema()`` writes.
	public static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

	/**
	A JSON Schema (draft 2020-12) of the settings file these settings are kept in.

	It has one property per setting, with its type, default, range, choices, length and
	pattern, and its title and help as annotations. An editor that knows JSON Schema then
	completes and checks hand edits of `settings.json`.

	Keys the schema does not name are allowed (a store may hold other settings too). A value
	the schema refuses is one a program reads as its default.

	```swift
	let text = DemoSettings.schema(store: store).jsonSchema().jsonString()
	// {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{...}}
	```
	*/
	public func jsonSchema() -> Defaults.JSONValue {
		var properties: [String: Defaults.JSONValue] = [:]
		for setting in settings {
			properties[setting.key] = setting.jsonSchema()
		}
		return .object([
			"$schema": .string(Self.jsonSchemaDialect),
			"title": .string(title),
			"description": .string("The settings file of \(title): one member per setting, holding its stored value."),
			"type": "object",
			"properties": .object(properties),
		])
	}
}

extension Setting {
	/// This setting's value as a JSON Schema: its type and constraints, its title, help and default.
	func jsonSchema() -> Defaults.JSONValue {
		var schema = valueSchema()
		schema["title"] = .string(title)
		var description = help ?? ""
		if kind.rules.schemaNamesTheType || typeName != kind.rawValue {
			description += (description.isEmpty ? "" : " ") + "(\(typeName))"
		}
		if !description.isEmpty { schema["description"] = .string(description) }
		if let defaultValue { schema["default"] = defaultValue }
		if isSecret { schema["writeOnly"] = true }
		guard isOptional else { return .object(schema) }
		// Optional: `null` stands for no value too.
		var nullable: [String: Defaults.JSONValue] = ["anyOf": [.object(valueSchema()), ["type": "null"]]]
		for key in ["title", "description", "default", "writeOnly"] {
			nullable[key] = schema[key]
		}
		return .object(nullable)
	}

	/// The type and constraints alone.
	private func valueSchema() -> [String: Defaults.JSONValue] {
		kind.rules.valueSchema(for: self)
	}
}
