import Defaults
import Foundation

/**
A JSON Schema of a settings file read as settings: what `--schema FILE` accepts besides this
project's own schema format, for the many programs whose JSON settings files have one.

Each property of the top-level object is a setting, by what its schema says:

| JSON Schema | Setting |
|---|---|
| `"type": "boolean"` | a toggle (``Setting/Kind/bool``) |
| `"type": "integer"` / `"number"`, with `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf` | a whole number or number (a slider when both bounds are there) |
| `"type": "string"`, with `maxLength`, `pattern`; `format` `date-time` or `uri` | text, a date or a URL |
| `enum`, `const`, or `oneOf`/`anyOf` whose every branch is an `enum` or a `const` | a picker |
| `"type": "array"` of such choices with `uniqueItems` | a checklist |
| `"type": "object"` with `properties` | a group: its properties are settings addressed by a dotted path (`compilerOptions.strict`) |
| other arrays (`items`, `prefixItems`; an untyped schema with `items`) | a list (``Setting/Kind/list``): a page of its items |
| an object without `properties` (`additionalProperties`, `patternProperties`, or nothing said of its members) | a map (``Setting/Kind/map``): a page of named members |
| an object with `properties` that is recursive, or deeper than the groups go | a form (``Setting/Kind/form``): a page of its members |
| several types (`["string", "array"]`), a `oneOf`/`anyOf` of different types or shapes, no type and no constraint (any JSON value, also a `$ref` not followed) | a variant (``Setting/Kind/variant``): one of its ``Setting/forms`` (each branch, each type; any JSON: text, number, on-off, list, object) |
| `"type": "null"` alone | a JSON value (the one fallback left) |

A `oneOf`/`anyOf` of one form and `null` is that form; a schema without `type` has the type its
keywords imply (`items` an array, `properties` an object, `pattern` text, `minimum` a number).
The members and items inside a setting are described by the same rules at any depth:
``SettingsSchema/setting(at:in:)`` and ``SettingsSchema/page(for:value:)``.

`title`, `description` (or `markdownDescription`), `default` and `deprecated` are taken too;
`$ref` within the document, or into one of the other documents given, and `allOf` are followed
(a recursive schema stops where it repeats).
A `"null"` among the types makes the setting optional.

Every setting also keeps its property's whole schema: ``Setting/validate(_:)`` checks a value
against it with a ``JSONSchemaValidator`` after the setting's own checks, so what no widget
shows (an exclusive bound, a `pattern` found anywhere in the text, a `format`, the members of an
object, a choice of forms) refuses a value too, with a message naming the place and the keyword:
`compilerOptions.paths.a: must be an array, not 3 (type)`. The schema of the object that holds a
group's settings (its own `required` or `additionalProperties`) is not checked.

```swift
let result = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: text), title: "tsconfig.json")
result.schema.setting(forKey: "compilerOptions.strict")?.kind  //=> .bool
result.schema.setting(forKey: "files")?.kind                  //=> .list
result.fallbacks                                             //=> [] (a property that is only null would be one)
```
*/
public struct JSONSchemaImport: Sendable {
	/// A setting shown as JSON, and why.
	public struct Fallback: Sendable, Equatable {
		/// The setting's key.
		public let key: String
		/// Why it is edited as JSON: "several types (string, boolean)", "an array of objects".
		public let reason: String
	}

	/// The settings.
	public let schema: SettingsSchema
	/// The settings edited as JSON because their schema has no closer widget, with why.
	public let fallbacks: [Fallback]
	/// What could not be followed (a `$ref` to a document not given), for the person to know.
	public let notes: [String]
	/// The references not followed, each once.
	let unfollowedReferences: [String]

	/**
	The references not followed, in one sentence about the schema at `path`, or `nil` when every
	reference was followed: how many, the first two of each kind (by name), and why.

	```swift
	imported.unfollowedSummary(path: "package.json")
	//=> 2 references ($ref) are not followed in the JSON Schema package.json (https://json.schemastore.org/eslintrc.json
	//   and https://json.schemastore.org/prettierrc.json, in another document); the settings they describe take any value.
	```
	*/
	func unfollowedSummary(path: String) -> String? {
		guard !unfollowedReferences.isEmpty else { return nil }
		let count = unfollowedReferences.count
		// Sorted: the same schema is described in the same words every time.
		let remote = unfollowedReferences.filter { !$0.hasPrefix("#") }.sorted()
		let dangling = unfollowedReferences.filter { $0.hasPrefix("#") }.sorted()
		let groups = [(remote, "in another document"), (dangling, "pointing at nothing in the schema")].filter { !$0.0.isEmpty }.map { references, why in
			let named = references.prefix(2).joined(separator: references.count == 2 ? " and " : ", ")
			let more = references.count > 2 ? " and \(references.count - 2) more" : ""
			return "\(named)\(more), \(why)"
		}
		let counted = count == 1 ? "1 reference ($ref) is not followed" : "\(count) references ($ref) are not followed"
		let settings = count == 1 ? "the setting it describes takes" : "the settings they describe take"
		// What happened first, so that a line too short for the whole sentence still says it.
		return "\(counted) in the JSON Schema \(path) (\(groups.joined(separator: "; "))); \(settings) any value."
	}
}

extension SettingsSchema {
	/// The deepest group of groups read; deeper objects are JSON values.
	static let maximumGroupDepth = 8

	/**
	Reads a JSON Schema as settings; see ``JSONSchemaImport``. `documents` holds the other
	documents its references point into (see ``JSONSchemaDocuments/missingReferences(of:at:)``),
	and `uri` is where the schema came from, which its relative references resolve against.
	*/
	public static func importing(
		jsonSchema: Defaults.JSONValue, title: String, documents: JSONSchemaDocuments = JSONSchemaDocuments(), uri: String? = nil
	) -> JSONSchemaImport {
		var importer = JSONSchemaImporter(resolver: JSONSchemaResolver(library: JSONSchemaLibrary(document: jsonSchema, documents: documents, uri: uri)))
		let root = importer.resolver.resolved(jsonSchema)
		let schemaTitle = root["title"]?.stringValue ?? title
		var sections: [Section] = []
		importer.addSections(of: root, path: [], sectionTitle: schemaTitle, references: ["#"], to: &sections)
		var schema = SettingsSchema(title: schemaTitle, sections: sections.filter { !$0.settings.isEmpty })
		schema.showsOtherKeys = root["additionalProperties"] != false && root["unevaluatedProperties"] != false
		// Keys it does not name are checked as its members are: against `patternProperties`, else `additionalProperties`.
		let otherKeysRules = root.filter { $0.key == "patternProperties" || $0.key == "additionalProperties" }
		if !otherKeysRules.isEmpty {
			schema.otherKeysRules = JSONSchemaValidator(schema: .object(otherKeysRules), library: importer.resolver.library)
		}
		schema.containerChecks = importer.containerChecks
		schema.jsonSchemaSource = JSONSchemaSource(library: importer.resolver.library, root: jsonSchema)
		return JSONSchemaImport(
			schema: schema,
			fallbacks: importer.fallbacks,
			notes: importer.resolver.notes,
			unfollowedReferences: importer.resolver.unfollowed
		)
	}

	/// Whether a JSON document is a JSON Schema rather than this project's schema format: it
	/// names a JSON Schema dialect, or has the keywords of one (`properties`, `$defs`, …) and no `sections`.
	public static func isJSONSchema(_ document: Defaults.JSONValue) -> Bool {
		guard case .object(let members) = document else { return false }
		if let dialect = members["$schema"]?.stringValue, dialect.contains("json-schema.org") { return true }
		guard members["sections"] == nil else { return false }
		return ["properties", "$defs", "definitions", "allOf", "$ref", "patternProperties"].contains { members[$0] != nil }
	}
}

/// The walk over a JSON Schema's properties that ``SettingsSchema/importing(jsonSchema:title:)`` makes.
struct JSONSchemaImporter {
	var resolver: JSONSchemaResolver
	var fallbacks: [JSONSchemaImport.Fallback] = []
	/// The schema of each top-level object whose members are settings.
	var containerChecks: [String: JSONSchemaCheck] = [:]
	private var keys: Set<String> = []

	init(resolver: JSONSchemaResolver) {
		self.resolver = resolver
	}

	/// Adds a section of `object`'s scalar properties, then one section per property that is an
	/// object of its own (a group), recursively.
	/// `references` are those followed to reach `object`: a group reached again through one of
	/// them (a recursive schema, such as a property that is the whole schema again) is a JSON value.
	mutating func addSections(
		of object: [String: Defaults.JSONValue], path: [String], sectionTitle: String, references: Set<String>,
		to sections: inout [SettingsSchema.Section]
	) {
		let properties = namedProperties(of: object)
		guard !properties.isEmpty else { return }
		var settings: [Setting] = []
		var groups: [(name: String, schema: [String: Defaults.JSONValue], references: Set<String>)] = []
		for name in properties.keys.sorted() {
			guard let property = properties[name] else { continue }
			var followed: Set<String> = []
			let schema = resolver.resolved(property, references: &followed)
			let memberPath = path + [name]
			if isGroup(schema), path.count < SettingsSchema.maximumGroupDepth {
				guard followed.isDisjoint(with: references) else {
					// A recursive schema: the group that repeats is a form of its own, opened as a page.
					let key = memberPath.joined(separator: ".")
					if keys.insert(key).inserted {
						var made = setting(key: key, path: path.isEmpty ? nil : SettingPath(members: memberPath), name: name, schema: schema)
						made.schemaCheck = JSONSchemaCheck(schema: property, library: resolver.library)
						settings.append(made)
					}
					continue
				}
				groups.append((name, schema, references.union(followed)))
				// The whole object at the top is checked too when one of its members is written.
				if path.isEmpty { containerChecks[name] = JSONSchemaCheck(schema: property, library: resolver.library) }
				continue
			}
			let key = memberPath.joined(separator: ".")
			// A dotted property name at the top can meet a group's member path: the first one stays.
			guard keys.insert(key).inserted else { continue }
			var made = setting(key: key, path: path.isEmpty ? nil : SettingPath(members: memberPath), name: name, schema: schema)
			// What the setting's fields cannot say (an exclusive bound, a format, the members of an
			// object, a choice of forms) is checked against the property's own schema.
			made.schemaCheck = JSONSchemaCheck(schema: property, library: resolver.library)
			settings.append(made)
		}
		sections.append(.init(title: sectionTitle, settings: settings))
		for group in groups {
			let title = group.schema["title"]?.stringValue ?? Setting.title(fromKey: group.name)
			addSections(of: group.schema, path: path + [group.name], sectionTitle: path.isEmpty ? title : "\(sectionTitle) › \(title)",
				references: group.references, to: &sections)
		}
	}

	/// Whether a property's schema is an object described member by member: a group of settings.
	private mutating func isGroup(_ schema: [String: Defaults.JSONValue]) -> Bool {
		let types = Self.types(of: schema)
		guard types.isEmpty || types == ["object"], !offersOtherForms(schema) else { return false }
		return !namedProperties(of: schema).isEmpty
	}

	/// Whether a `oneOf`/`anyOf` branch is a value other than an object (`on: push` or
	/// `on: [push, pull_request]` beside `on: {push: …}`): the property is then a variant, whose
	/// object form is a form, rather than a group whose members would replace those other values.
	private mutating func offersOtherForms(_ schema: [String: Defaults.JSONValue]) -> Bool {
		["oneOf", "anyOf"].contains { keyword in
			(schema[keyword]?.arrayValue ?? []).contains { branch in
				let resolved = resolver.resolved(branch)
				let types = Self.types(of: resolved)
				return !types.isEmpty && !types.contains("object") && types != ["null"]
			}
		}
	}

	/// The properties an object schema names: its own, and those of the object schemas among its
	/// `oneOf`/`anyOf` branches (a file that may take one of several shapes shows every member
	/// any of them has; the first description of a member wins).
	private mutating func namedProperties(of schema: [String: Defaults.JSONValue]) -> [String: Defaults.JSONValue] {
		var properties = schema["properties"]?.objectValue ?? [:]
		for keyword in ["oneOf", "anyOf"] {
			for branch in schema[keyword]?.arrayValue ?? [] {
				let resolved = resolver.resolved(branch)
				let types = Self.types(of: resolved)
				guard types.isEmpty || types.contains("object"), let more = resolved["properties"]?.objectValue else { continue }
				properties.merge(more) { first, _ in first }
			}
		}
		return properties
	}

	/// The kinds in the order the importer asks them whether a property is theirs.
	private static let kindsByPrecedence: [Setting.Kind] = Setting.Kind.allCases.enumerated()
		.sorted { ($0.element.rules.importPrecedence, -$0.offset) > ($1.element.rules.importPrecedence, -$1.offset) }
		.map(\.element)

	/// The setting for one property: of the first kind that adopts its schema, or JSON (and a
	/// fallback saying why) when none does. A variant gets its forms, each made here too
	/// (`depth` counts the forms within forms).
	mutating func setting(key: String, path: SettingPath?, name: String, schema original: [String: Defaults.JSONValue], depth: Int = 0) -> Setting {
		let schema = Self.withoutNullBranch(original, resolver: &resolver)
		var types = Self.types(of: schema).filter { $0 != "null" }
		if types.isEmpty, !Self.types(of: schema).isEmpty {
			// `"type": "null"`: nothing but null, which no widget edits.
			return fallback(Setting(key: key, title: schema["title"]?.stringValue ?? Setting.title(fromKey: name), kind: .json, typeName: "JSON",
				defaultValue: schema["default"], isOptional: true, path: path), reason: "only null")
		}
		var setting = Setting(key: key, title: schema["title"]?.stringValue ?? Setting.title(fromKey: name), kind: .json,
			defaultValue: schema["default"], path: path)
		setting.help = (schema["markdownDescription"] ?? schema["description"])?.stringValue
		if schema["deprecated"]?.boolValue == true {
			setting.help = "Deprecated." + (setting.help.map { " " + $0 } ?? "")
		}
		// Every member of a settings file may be missing (or null): each setting is optional.
		setting.isOptional = true
		setting.typeName = types.isEmpty ? "JSON" : types.joined(separator: " or ")
		if types.isEmpty, let implied = Self.impliedType(of: schema) { types = [implied] }
		let itemChoices = types == ["array"] && schema["uniqueItems"]?.boolValue == true
			? schema["items"].flatMap { choices(of: resolver.resolved($0)) } : nil
		let property = JSONSchemaProperty(schema: schema, types: types, choices: choices(of: schema), itemChoices: itemChoices)
		for kind in Self.kindsByPrecedence {
			var candidate = setting
			candidate.kind = kind
			if kind.rules.adopt(property, into: &candidate) {
				if kind.rules.choosesAForm {
					let forms = forms(of: schema, types: types, key: key, path: path, depth: depth)
					guard forms.count >= 2 else {
						return fallback(setting, reason: depth >= Self.maximumFormDepth ? "forms within forms too deep" : Self.reasonForJSON(types: types, schema: schema))
					}
					candidate.formsBox = SettingFormsBox(forms)
				}
				return checked(candidate)
			}
		}
		return fallback(setting, reason: Self.reasonForJSON(types: types, schema: schema))
	}

	/// `setting` as JSON, noted as a fallback with `reason`.
	private mutating func fallback(_ setting: Setting, reason: String) -> Setting {
		fallbacks.append(.init(key: setting.key, reason: reason))
		return checked(setting)
	}

	/// Why no kind adopted a property of `types`: its JSON type says.
	private static func reasonForJSON(types: [String], schema: [String: Defaults.JSONValue]) -> String {
		switch types {
		case ["array"]: "an array whose items are not a set of choices"
		case []: schema["oneOf"] != nil || schema["anyOf"] != nil ? "a choice of schemas that are not all choices" : "no type"
		case ["object"]: "an object without named properties"
		default: "several types (\(types.joined(separator: ", ")))"
		}
	}

	/// `setting`, or the same setting as JSON when what the schema says does not make a setting
	/// of its kind (a default that is not one of the choices, bounds the wrong way round).
	private mutating func checked(_ setting: Setting) -> Setting {
		var checked = setting
		if let defaultValue = setting.defaultValue, setting.typeProblem(defaultValue) != nil {
			// A default of another type than the setting's: the schema's own inconsistency. The
			// setting keeps its kind and has no default, rather than lose its widget.
			checked.defaultValue = nil
		}
		if let problem = checked.kind.rules.declarationProblem(checked) ?? boundsProblem(checked) {
			fallbacks.append(.init(key: setting.key, reason: problem))
			return Setting(key: setting.key, title: setting.title, help: setting.help, kind: .json, typeName: "JSON",
				defaultValue: setting.defaultValue, isOptional: true, path: setting.path)
		}
		return checked
	}

	private func boundsProblem(_ setting: Setting) -> String? {
		guard let minimum = setting.minimum, let maximum = setting.maximum, minimum > maximum else { return nil }
		return "its minimum is above its maximum"
	}

	/// The choices an `enum`, a `const`, or a `oneOf`/`anyOf` of them gives, or `nil`.
	mutating func choices(of schema: [String: Defaults.JSONValue]) -> [Setting.Choice]? {
		if let values = schema["enum"]?.arrayValue, !values.isEmpty {
			return Self.uniqueChoices(values.map { Setting.Choice(value: $0, title: Self.choiceTitle($0)) })
		}
		if let value = schema["const"] {
			return [Setting.Choice(value: value, title: schema["title"]?.stringValue ?? Self.choiceTitle(value))]
		}
		for keyword in ["oneOf", "anyOf"] {
			guard let branches = schema[keyword]?.arrayValue, !branches.isEmpty else { continue }
			var all: [Setting.Choice] = []
			for branch in branches {
				let resolved = resolver.resolved(branch)
				if Self.types(of: resolved) == ["null"] { continue }
				guard let choices = choices(of: resolved) else { return nil }
				all += choices
			}
			return all.isEmpty ? nil : Self.uniqueChoices(all)
		}
		return nil
	}

	private static func uniqueChoices(_ choices: [Setting.Choice]) -> [Setting.Choice] {
		var seen: [Defaults.JSONValue] = []
		return choices.filter { choice in
			guard !seen.contains(choice.value) else { return false }
			seen.append(choice.value)
			return true
		}
	}

	private static func choiceTitle(_ value: Defaults.JSONValue) -> String {
		value.stringValue ?? value.jsonString()
	}

	/// The types a schema allows (`type` as a string or a list), in the order given.
	static func types(of schema: [String: Defaults.JSONValue]) -> [String] {
		switch schema["type"] {
		case .string(let type)?: [type]
		case .array(let types)?: types.compactMap(\.stringValue)
		default: []
		}
	}
}
