import Defaults
import DefaultsTUI
import Foundation

extension EditorBenchmarks {
	/**
	A key press in the editor on the settings of a JSON Schema of 1,000 properties: 20 groups
	(nested objects, so every setting is a member written through its path) of 50 properties
	each, a mix of booleans, bounded integers, enums and strings, over a settings file that
	holds half of them.
	*/
	static func editorOnJSONSchema() -> Row {
		var groups: [String: Defaults.JSONValue] = [:]
		var stored: [String: Defaults.JSONValue] = [:]
		for group in 0..<20 {
			var properties: [String: Defaults.JSONValue] = [:]
			var members: [String: Defaults.JSONValue] = [:]
			for index in 0..<50 {
				let name = "option\(index)"
				switch index % 4 {
				case 0: properties[name] = ["type": "boolean", "default": false]
				case 1: properties[name] = ["type": "integer", "minimum": 0, "maximum": 100, "default": 5]
				case 2: properties[name] = ["enum": ["low", "medium", "high"], "default": "low"]
				default: properties[name] = ["type": "string", "maxLength": 40, "description": .string("Text \(index) of group \(group).")]
				}
				if index.isMultiple(of: 2) { members[name] = index % 4 == 0 ? true : .integer(Int64(index)) }
			}
			groups["group\(group)"] = ["type": "object", "title": .string("Group \(group)"), "properties": .object(properties)]
			stored["group\(group)"] = .object(members)
		}
		let document: Defaults.JSONValue = ["$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": .object(groups)]
		let schema = SettingsSchema.importing(jsonSchema: document, title: "bench.json").schema
		let base = InMemoryStore()
		for (key, value) in stored { base.setStoredValue(value, forKey: key) }
		let store = MemberPathStore(base: base, schema: schema)
		let press = keyPressTime(EditorModel(schema: schema, store: store))
		var row = Row(name: "8. Editor key press + render, JSON Schema of \(grouped(schema.settings.count)) settings", unit: "ns", ours: press,
			userDefaults: nil, floor: nil, target: "< 5 ms")
		row.meetsTarget = press < 5_000_000 && schema.settings.count == 1000
		return row
	}
}
