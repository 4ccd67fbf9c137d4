import Defaults

extension SettingsSchema {
	/**
	The setting at any path of the values: a setting the schema names (by its key or its path),
	else the member or item there as its JSON Schema describes it (`jobs.build.steps[3].run`: the
	walk of the schema through `properties`, `patternProperties`,
	`additionalProperties`, `items`/`prefixItems`/`additionalItems`, `$ref`, `allOf`, the
	`oneOf`/`anyOf` branch the value there matches, `if`/`then`/`else` and `dependentSchemas` by
	the values), made as the importer makes a property's; else one inferred from the value there
	(a key the schema does not describe). `nil` when the path leads nowhere the schema describes
	and holds no value.

	The setting's ``Setting/key`` is the path's text and its ``Setting/path`` the path.

	```swift
	schema.setting(at: try SettingPath(parsing: #"rules["react/prop-types"]"#), in: values)?.kind  //=> .variant
	```
	*/
	public func setting(at path: SettingPath, in values: [String: Defaults.JSONValue]) -> Setting? {
		if let named = settings.first(where: { $0.path == path || ($0.path == nil && path.count == 1 && path.topLevelKey == $0.key) }) {
			return named
		}
		guard let top = path.topLevelKey else { return nil }
		let value = values[top]?.value(at: path.components.dropFirst())
		if let source = jsonSchemaSource {
			var navigator = JSONSchemaNavigator(library: source.library)
			if let schema = navigator.schema(at: path, from: source.root, in: values) {
				return navigator.setting(at: path, schema: schema, titledAsIs: Self.isUnnamedMember(path, in: source, values: values, navigator: &navigator))
			}
		}
		return value.map { Self.inferredSetting(at: path, value: $0) }
	}

	/// Whether the last step of `path` is a member its object's schema does not name (a map's member).
	private static func isUnnamedMember(_ path: SettingPath, in source: JSONSchemaSource, values: [String: Defaults.JSONValue], navigator: inout JSONSchemaNavigator) -> Bool {
		guard case .member(let name)? = path.last, let parent = path.parent else { return false }
		let parentValue: Defaults.JSONValue? = parent.components.isEmpty ? .object(values) : parent.topLevelKey.flatMap { values[$0]?.value(at: parent.components.dropFirst()) }
		guard let parentSchema = parent.components.isEmpty ? source.root : navigator.schema(at: parent, from: source.root, in: values) else { return false }
		return navigator.applied(parentSchema, to: parentValue, toward: .member(name))["properties"]?.objectValue?[name] == nil
	}

	/**
	The page `setting` opens as (a list, a map or a form), with `value` its current value;
	`nil` for a setting that does not open a page. Its items and members are described by the
	setting's JSON Schema (see ``SettingsPage``); without one, by their values.
	*/
	public func page(for setting: Setting, value: Defaults.JSONValue?) -> SettingsPage? {
		let path = setting.path ?? SettingPath(members: [setting.key])
		// The kind's own page, else by the value: a JSON value that is an array or an object opens too.
		let shape: SettingsPage.Shape
		if let own = setting.kind.rules.pageShape {
			shape = own
		} else if value?.arrayValue != nil {
			shape = .list
		} else if value?.objectValue != nil {
			shape = .map
		} else {
			return nil
		}
		let breadcrumb = path.components.map { component in
			switch component {
			case .member(let name): name
			case .index(let index): String(index + 1)
			}
		}
		if let check = setting.schemaCheck, check.memberName == nil {
			return SettingsPage.described(container: setting, path: path, shape: shape, breadcrumb: breadcrumb, value: value,
				schema: check.validator.schema, library: check.validator.program.library)
		}
		let children: [Setting]
		switch value {
		case .array(let items)?:
			children = items.indices.map { Self.inferredSetting(at: path.appending(.index($0)), value: items[$0]) }
		case .object(let members)?:
			children = members.keys.sorted().map { name in Self.inferredSetting(at: path.appending(.member(name)), value: members[name] ?? .null) }
		default:
			children = []
		}
		return SettingsPage(container: setting, path: path, shape: shape, breadcrumb: breadcrumb,
			schema: SettingsSchema(title: breadcrumb.joined(separator: " › "), sections: [Section(title: setting.title, settings: children)]))
	}

	/// A setting for the value at `path`, of the kind its JSON type calls for.
	static func inferredSetting(at path: SettingPath, value: Defaults.JSONValue) -> Setting {
		let kind: Setting.Kind = switch value {
		case .bool: .bool
		case .integer, .unsignedInteger, .double: .number
		case .string: .string
		case .array: .list
		case .object: .map
		case .null: .json
		}
		let title: String = switch path.last {
		case .index(let index)?: SettingsPage.summary(of: value, at: index)
		case .member(let name)?: name
		case nil: path.description
		}
		return Setting(key: path.description, title: title, kind: kind, typeName: value.typeName, defaultValue: nil, isOptional: true, path: path)
	}
}
