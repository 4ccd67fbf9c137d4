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

	/// An object keeps the members the form names (all, when it names none).
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		guard case .object(let members) = value else { return [] }
		let named = setting.namedMembers
		return [.object(named.isEmpty ? members : members.filter { named.contains($0.key) })]
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue { .object([:]) }

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String {
		Self.objectTitle(schema)
	}

	/// "object with NAME", by the first member it requires or else names; "object" when it names none.
	static func objectTitle(_ schema: [String: Defaults.JSONValue]) -> String {
		let required = (schema["required"]?.arrayValue ?? []).compactMap(\.stringValue)
		let named = required.first ?? (schema["properties"]?.objectValue ?? [:]).keys.sorted().first
		return named.map { "object with \($0)" } ?? "object"
	}
}

extension Setting.Kind {
	/// An object described member by member, inside a list or deeper than the sections go: opens
	/// as a page of its members' settings.
	public static let form = Setting.Kind(FormKind())
}
