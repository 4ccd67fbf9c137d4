import Defaults
import Foundation

/// The JSON Schema a ``SettingsSchema`` was read from, kept to describe any place of the values
/// (``SettingsSchema/setting(at:in:)``). A class: a schema is copied often.
final class JSONSchemaSource: Sendable {
	/// The documents, the schema's own first.
	let library: JSONSchemaLibrary
	/// The schema of the whole settings file.
	let root: Defaults.JSONValue

	init(library: JSONSchemaLibrary, root: Defaults.JSONValue) {
		self.library = library
		self.root = root
	}
}

/**
A walk through a JSON Schema along a path of the values: from a schema, step by step through
`properties`, `patternProperties`, `additionalProperties`, `prefixItems`, `items` (a schema, or a
list with `additionalItems` up to draft 2019-09), with `$ref` and `allOf` followed, the `oneOf`/
`anyOf` branch the current value matches, `if`/`then`/`else` by the current value, and the
`dependentSchemas` of the members present; and the setting the importer would make of the
schema it arrives at.
*/
struct JSONSchemaNavigator {
	/// Makes the settings, as the importer does for a property; holds the resolver.
	var importer: JSONSchemaImporter
	var library: JSONSchemaLibrary { importer.resolver.library }

	init(library: JSONSchemaLibrary) {
		importer = JSONSchemaImporter(resolver: JSONSchemaResolver(library: library))
	}

	/// The most times a schema's conditions are applied in a row (a branch holding a `oneOf` of its own).
	private static let maximumApplications = 4

	/**
	`schema`'s keywords as they apply to `value`: `$ref`/`allOf` merged, the first `oneOf`/`anyOf`
	branch `value` is valid against (without a value, or when none is, the first that describes
	`next`), `then` or `else` by whether `value` is valid against `if`, and the `dependentSchemas`
	(draft 4 to 7: the schemas of `dependencies`) of the members `value` has.
	*/
	mutating func applied(_ schema: Defaults.JSONValue, to value: Defaults.JSONValue?, toward next: SettingPath.Component?) -> [String: Defaults.JSONValue] {
		var keywords = importer.resolver.resolved(schema)
		for _ in 0..<Self.maximumApplications {
			var changed = false
			for keyword in ["oneOf", "anyOf"] {
				guard let branches = keywords.removeValue(forKey: keyword)?.arrayValue else { continue }
				changed = true
				let chosen = value.flatMap { value in branches.first { JSONSchemaValidator(schema: $0, library: library).isValid(value) } }
					?? branches.first { branch in next.map { Self.child(of: importer.resolver.resolved(branch), at: $0)?.described == true } ?? false }
				if let chosen { keywords = JSONSchemaResolver.merged(keywords, importer.resolver.resolved(chosen)) }
			}
			if let condition = keywords.removeValue(forKey: "if") {
				changed = true
				let then = keywords.removeValue(forKey: "then"), otherwise = keywords.removeValue(forKey: "else")
				if let value, let branch = JSONSchemaValidator(schema: condition, library: library).isValid(value) ? then : otherwise {
					keywords = JSONSchemaResolver.merged(keywords, importer.resolver.resolved(branch))
				}
			}
			for keyword in ["dependentSchemas", "dependencies"] {
				guard let dependents = keywords[keyword]?.objectValue, case .object(let members)? = value else { continue }
				for (name, dependent) in dependents.sorted(by: { $0.key < $1.key }) where members[name] != nil && dependent.arrayValue == nil {
					changed = true
					keywords = JSONSchemaResolver.merged(keywords, importer.resolver.resolved(dependent))
				}
				if keyword == "dependentSchemas" { keywords[keyword] = nil }
			}
			if !changed { break }
		}
		return keywords
	}

	/**
	The schema of the member or item `step` of a value `keywords` describe: `described` is
	`false` when the schema says nothing of it (no `additionalProperties`, no `items`), and the
	whole is `nil` when it allows nothing there (`false`).
	*/
	static func child(of keywords: [String: Defaults.JSONValue], at step: SettingPath.Component) -> (schema: Defaults.JSONValue, described: Bool)? {
		slotted(keywords, at: step).map { ($0.schema, $0.described) }
	}

	/// ``child(of:at:)`` with the place of the schema in `keywords` (`"items"`, `"prefixItems/2"`,
	/// `"properties/name"`, `"patternProperties/^x-"`): the places of the same slot share one schema.
	static func slotted(_ keywords: [String: Defaults.JSONValue], at step: SettingPath.Component) -> (schema: Defaults.JSONValue, described: Bool, slot: String)? {
		switch step {
		case .member(let name):
			if let property = keywords["properties"]?.objectValue?[name] { return (property, true, "properties/" + name) }
			if let patterns = keywords["patternProperties"]?.objectValue {
				for (pattern, schema) in patterns.sorted(by: { $0.key < $1.key }) where matches(pattern, name) {
					return (schema, true, "patternProperties/" + pattern)
				}
			}
			return rest(keywords["additionalProperties"], slot: "additionalProperties")
		case .index(let index):
			if let prefix = keywords["prefixItems"]?.arrayValue {
				return index < prefix.count ? (prefix[index], true, "prefixItems/\(index)") : rest(keywords["items"], slot: "items")
			}
			if let tuple = keywords["items"]?.arrayValue {
				return index < tuple.count ? (tuple[index], true, "items/\(index)") : rest(keywords["additionalItems"], slot: "additionalItems")
			}
			return rest(keywords["items"], slot: "items")
		}
	}

	/// What a keyword for the members or items not listed says: `false` allows none.
	private static func rest(_ schema: Defaults.JSONValue?, slot: String) -> (schema: Defaults.JSONValue, described: Bool, slot: String)? {
		switch schema {
		case nil: (.object([:]), false, slot)
		case .bool(false)?: nil
		case let schema?: (schema, true, slot)
		}
	}

	/// Whether the regular expression `pattern` is found in `name` (JSON Schema's patterns are not anchored).
	static func matches(_ pattern: String, _ name: String) -> Bool {
		guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
		return expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
	}

	/**
	The schema at `path` of `values` (the settings file's top-level members), starting from
	`root`; `nil` when a step goes where the schema allows nothing or says nothing.
	*/
	mutating func schema(at path: SettingPath, from root: Defaults.JSONValue, in values: [String: Defaults.JSONValue]) -> Defaults.JSONValue? {
		var schema = root
		var current: Defaults.JSONValue? = .object(values)
		for step in path.components {
			let keywords = applied(schema, to: current, toward: step)
			guard let child = Self.child(of: keywords, at: step), child.described else { return nil }
			schema = child.schema
			current = current.flatMap { $0.value(at: [step][...]) }
		}
		return schema
	}

	/**
	The setting for the place `path` whose schema is `schema` (not yet resolved): what the importer
	makes of a property of that schema, keyed by the path's text, with the schema as its check.
	A map's member is titled by its name as it is; a named member as the importer titles it.
	*/
	mutating func setting(at path: SettingPath, schema: Defaults.JSONValue, titledAsIs: Bool = false) -> Setting {
		let name: String
		switch path.last {
		case .member(let member)?: name = member
		case .index(let index)?: name = String(index + 1)
		case nil: name = path.description
		}
		var setting = importer.setting(key: path.description, path: path, name: name, schema: importer.resolver.resolved(schema))
		if case .index? = path.last { setting.title = name }
		if titledAsIs { setting.title = name }
		setting.schemaCheck = JSONSchemaCheck(schema: schema, library: library)
		return setting
	}
}
