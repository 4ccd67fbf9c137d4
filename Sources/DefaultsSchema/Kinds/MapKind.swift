import Defaults

/// An object whose members the schema does not list by name (`additionalProperties`,
/// `patternProperties`, or nothing said of them): a page of its members with add, rename and
/// remove, each value edited with the widget of the schema that applies to it.
struct MapKind: SettingKindRules {
	var name: String { "map" }
	var valuesDescription: String { "an object (JSON object)" }
	var pageShape: SettingsPage.Shape? { .map }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		setting.parseJSON(text)
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		FormKind.objectProblem(value)
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": "object"]
	}

	/// Asked after the scalar kinds and the choices, before a variant.
	var importPrecedence: Int { 5 }

	/// An object of one shape that names no member.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		!property.offersForms && property.types == ["object"] && !property.namesMembers
	}

	/// An object keeps every member; a list of names or one name becomes an object of those members.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		value.objectValue == nil ? FormKind.membersNamed(by: value) : [value]
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue { .object([:]) }

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String {
		FormKind.objectTitle(schema)
	}
}

extension Setting.Kind {
	/// An object of named members the schema does not list by name (`additionalProperties`,
	/// `patternProperties`): opens as a page with add, rename and remove.
	public static let map = Setting.Kind(MapKind())
}
