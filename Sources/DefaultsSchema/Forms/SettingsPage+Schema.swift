import Defaults

/// What a page keeps of its container's JSON Schema for its operations (a new item, a name's check).
struct SettingsPageSchema: Sendable {
	/// The documents the schema's references point into.
	let library: JSONSchemaLibrary
	/// The container's schema as it applies to its value (``JSONSchemaNavigator/applied(_:to:toward:)``).
	let keywords: [String: Defaults.JSONValue]
	/// How many items or members the value has.
	let count: Int
}

extension SettingsPage {
	/// The names item summaries are taken from, in this order: `1 · actions/checkout@v4`.
	static let summaryMembers = ["name", "id", "uses", "title", "key", "label", "run", "type"]
	/// The longest summary after an item's number.
	static let summaryLength = 40

	/**
	The page of a container described by `schema` (its setting's own), with `value` its value:

	- a list's items by index, each titled by its number and a summary (`1 · actions/checkout@v4`:
	  the item's `name`, `id`, `uses`, `title`, … member, or its own value when it is one);
	- a map's members by name, sorted, each titled by its name;
	- a form's named members sorted by name (JSON objects keep no order, and a member does not move
	  when it is set), then the members of the value it does not name, sorted.

	Items of one item schema share one setting made once (and its compiled check): a page of a
	thousand items makes one.
	*/
	static func described(
		container: Setting, path: SettingPath, shape: Shape, breadcrumb: [String], value: Defaults.JSONValue?,
		schema: Defaults.JSONValue, library: JSONSchemaLibrary
	) -> SettingsPage {
		var navigator = JSONSchemaNavigator(library: library)
		let keywords = navigator.applied(schema, to: value, toward: nil)
		var children: [Setting] = []
		// One setting per distinct schema, copied to each place it describes.
		var made: [String: Setting] = [:]
		func child(at step: SettingPath.Component, value: Defaults.JSONValue?, titledAsIs: Bool) -> Setting? {
			let place = path.appending(step)
			guard let described = JSONSchemaNavigator.slotted(keywords, at: step), described.described else {
				return value.map { SettingsSchema.inferredSetting(at: place, value: $0) }
			}
			var setting: Setting
			if let template = made[described.slot] {
				setting = template
				setting.key = place.description
				setting.path = place
				setting.formsBox = template.formsBox.map { SettingFormsBox($0.forms.map { form in
					var moved = form.setting
					moved.key = place.description
					moved.path = place
					return SettingForm(title: form.title, setting: moved)
				}) }
				if titledAsIs, case .member(let name) = step { setting.title = name }
			} else {
				setting = navigator.setting(at: place, schema: described.schema, titledAsIs: titledAsIs)
				made[described.slot] = setting
			}
			return setting
		}
		switch (shape, value) {
		case (.list, .array(let items)?):
			for (index, item) in items.enumerated() {
				guard var setting = child(at: .index(index), value: item, titledAsIs: false) else { continue }
				setting.title = Self.summary(of: item, at: index)
				children.append(setting)
			}
		case (.map, .object(let members)?):
			for name in members.keys.sorted() {
				if let setting = child(at: .member(name), value: members[name], titledAsIs: true) { children.append(setting) }
			}
		case (.form, _):
			let members = value?.objectValue ?? [:]
			let named = (keywords["properties"]?.objectValue ?? [:]).keys.sorted()
			for name in named {
				if let setting = child(at: .member(name), value: members[name], titledAsIs: false) { children.append(setting) }
			}
			for name in members.keys.sorted() where !named.contains(name) {
				if let setting = child(at: .member(name), value: members[name], titledAsIs: true) { children.append(setting) }
			}
		default:
			break
		}
		let count = value?.arrayValue?.count ?? value?.objectValue?.count ?? 0
		var page = SettingsPage(container: container, path: path, shape: shape, breadcrumb: breadcrumb,
			schema: SettingsSchema(title: breadcrumb.joined(separator: " › "), sections: [SettingsSchema.Section(title: container.title, settings: children)]),
			requiredNames: requiredNames(of: keywords, value: value),
			canAdd: canAdd(shape: shape, keywords: keywords, value: value, count: count))
		page.pageSchema = SettingsPageSchema(library: library, keywords: keywords, count: count)
		return page
	}

	/// An item's title: its number from 1, then ` · ` and what names it, when something does
	/// (`3 · actions/setup-node@v4`: an object's `name`, `id`, `uses`, … member).
	public static func summary(of item: Defaults.JSONValue, at index: Int) -> String {
		// An object by the member that names it; a value of its own is in its row already.
		guard case .object(let members) = item else { return String(index + 1) }
		let text = summaryMembers.lazy.compactMap { members[$0].flatMap(scalarText) }.first
		guard let text, !text.isEmpty else { return String(index + 1) }
		let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? text
		let short = line.count > summaryLength ? String(line.prefix(summaryLength - 1)) + "…" : line
		return "\(index + 1) · \(short)"
	}

	private static func scalarText(_ value: Defaults.JSONValue) -> String? {
		switch value {
		case .string(let text): text
		case .integer, .unsignedInteger, .double, .bool: value.jsonString()
		default: nil
		}
	}

	/// The members `value` must have by `keywords` (already applied to it, so `then`/`else` and
	/// `dependentSchemas` are in): `required`, and the `dependentRequired` (draft 4 to 7: the
	/// lists of `dependencies`) of the members it has.
	static func requiredNames(of keywords: [String: Defaults.JSONValue], value: Defaults.JSONValue?) -> Set<String> {
		var names = Set((keywords["required"]?.arrayValue ?? []).compactMap(\.stringValue))
		let members = value?.objectValue ?? [:]
		for keyword in ["dependentRequired", "dependencies"] {
			for (name, dependents) in keywords[keyword]?.objectValue ?? [:] where members[name] != nil {
				names.formUnion((dependents.arrayValue ?? []).compactMap(\.stringValue))
			}
		}
		return names
	}

	/// Whether another item or member may be added: not at `maxItems`/`maxProperties`, nor when
	/// the schema allows no item at the next index, or no member it does not name (`false`).
	static func canAdd(shape: Shape, keywords: [String: Defaults.JSONValue], value: Defaults.JSONValue?, count: Int) -> Bool {
		switch shape {
		case .list:
			if let maximum = keywords["maxItems"]?.doubleValue, Double(count) >= maximum { return false }
			return JSONSchemaNavigator.child(of: keywords, at: .index(count)) != nil
		case .map, .form:
			if let maximum = keywords["maxProperties"]?.doubleValue, Double(count) >= maximum { return false }
			let members = value?.objectValue ?? [:]
			let unset = (keywords["properties"]?.objectValue ?? [:]).keys.contains { members[$0] == nil }
			let others = keywords["additionalProperties"] != false || keywords["patternProperties"] != nil
			return shape == .form ? unset || others : others
		}
	}
}
