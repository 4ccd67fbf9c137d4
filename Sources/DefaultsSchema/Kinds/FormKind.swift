import Defaults

/// An object described member by member, inside a list or deeper than the sections go (or
/// recursive): a page of its members' settings.
struct FormKind: SettingKindRules {
	var name: String { "form" }
	var valuesDescription: String { "an object (JSON object)" }
	var pageShape: SettingsPage.Shape? { .form }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		setting.parseJSON(text)
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		Self.objectProblem(value)
	}

	/// Why `value` is not an object, or `nil`.
	static func objectProblem(_ value: Defaults.JSONValue) -> SettingError? {
		value.objectValue == nil ? SettingError("expected an object (a JSON object such as {\"name\": 1}), not \(value.jsonString())") : nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": "object"]
	}

	/// Asked after the scalar kinds and the choices, before a variant.
	var importPrecedence: Int { 5 }

	/// An object of one shape that names its members.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		!property.offersForms && property.types == ["object"] && property.namesMembers
	}

	/// An object keeps the members the form names (all, when it names none); a list of names or
	/// one name (`[push, pull_request]`, `push`) becomes an object of those members.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		guard case .object(let members) = value else { return Self.membersNamed(by: value) }
		let named = setting.namedMembers
		return [.object(named.isEmpty ? members : members.filter { named.contains($0.key) })]
	}

	/// Objects whose members are the names `value` lists (or is), each empty (`null`, then `{}`), or none.
	static func membersNamed(by value: Defaults.JSONValue) -> [Defaults.JSONValue] {
		let names: [String]
		switch value {
		case .string(let name): names = [name]
		case .array(let items): names = items.compactMap(\.stringValue)
			guard names.count == items.count else { return [] }
		default: return []
		}
		guard !names.isEmpty, Set(names).count == names.count else { return [] }
		return [Defaults.JSONValue.null, .object([:])].map { empty in .object(Dictionary(uniqueKeysWithValues: names.map { ($0, empty) })) }
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue { .object([:]) }

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String {
		Self.objectTitle(schema)
	}

	/// "object with NAME", by the first member it requires, else by its one member or the first of
	/// its two; "object" when it names none or many (no member of many says what it is).
	static func objectTitle(_ schema: [String: Defaults.JSONValue]) -> String {
		let required = (schema["required"]?.arrayValue ?? []).compactMap(\.stringValue)
		let properties = (schema["properties"]?.objectValue ?? [:]).keys.sorted()
		let named = required.first ?? (properties.count <= 2 ? properties.first : nil)
		return named.map { "object with \($0)" } ?? "object"
	}
}

extension Setting.Kind {
	/// An object described member by member, inside a list or deeper than the sections go: opens
	/// as a page of its members' settings.
	public static let form = Setting.Kind(FormKind())
}
