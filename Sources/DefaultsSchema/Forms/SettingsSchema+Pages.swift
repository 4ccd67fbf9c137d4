import Defaults

extension SettingsSchema {
	/**
	The setting at any path of the values: a setting the schema names (by its key or its path),
	else the member or item there as its JSON Schema describes it (`jobs.build.steps[3].run`), else
	one inferred from the value there (a key the schema does not describe). `nil` when the path
	leads nowhere the schema allows and holds no value.

	The setting's ``Setting/key`` is the path's text and its ``Setting/path`` the path.

	```swift
	schema.setting(at: try SettingPath(parsing: #"rules["react/prop-types"]"#), in: values)?.kind  //=> .choice
	```
	*/
	public func setting(at path: SettingPath, in values: [String: Defaults.JSONValue]) -> Setting? {
		if let named = settings.first(where: { $0.path == path || ($0.path == nil && path.count == 1 && path.topLevelKey == $0.key) }) {
			return named
		}
		guard let top = path.topLevelKey, let value = values[top]?.value(at: path.components.dropFirst()) else { return nil }
		// Skeleton: inferred from the value; the JSON Schema's own description of the place comes with the schema's pages.
		return Self.inferredSetting(at: path, value: value)
	}

	/**
	The page `setting` opens as (a list, a map or a form), with `value` its current value;
	`nil` for a setting that does not open a page.
	*/
	public func page(for setting: Setting, value: Defaults.JSONValue?) -> SettingsPage? {
		let path = setting.path ?? SettingPath(members: [setting.key])
		let shape: SettingsPage.Shape
		switch (setting.kind, value) {
		case (.list, _), (_, .array?): shape = .list
		case (.map, _), (_, .object?): shape = setting.kind == .form ? .form : .map
		default: return nil
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
		let breadcrumb = path.components.map { component in
			switch component {
			case .member(let name): name
			case .index(let index): String(index + 1)
			}
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
		case .index(let index)?: "\(index + 1)"
		case .member(let name)?: name
		case nil: path.description
		}
		return Setting(key: path.description, title: title, kind: kind, typeName: value.typeName, defaultValue: nil, isOptional: true, path: path)
	}
}
