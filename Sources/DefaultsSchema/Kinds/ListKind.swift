import Defaults

/// A list of items, each edited with its own widget on a page of its own (add, remove, move);
/// typed as JSON too, so the command line and `$EDITOR` can write the whole list at once.
struct ListKind: SettingKindRules {
	var name: String { "list" }
	var valuesDescription: String { "a list (JSON array)" }
	var pageShape: SettingsPage.Shape? { .list }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		setting.parseJSON(text)
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		value.arrayValue == nil ? SettingError("expected a list (a JSON array such as [1, 2]), not \(value.jsonString())") : nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": "array"]
	}

	/// Asked after the scalar kinds and the choices (a checklist is a choice), before a variant.
	var importPrecedence: Int { 5 }

	/// An array that is not a checklist (choices are asked first) and offers one shape.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		!property.offersForms && property.types == ["array"]
	}

	/// One value becomes a list of it.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		value.arrayValue == nil ? [.array([value])] : []
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue { .array([]) }
}

extension Setting.Kind {
	/// A list of items, each edited with its own widget: opens as a page with add, remove and move.
	public static let list = Setting.Kind(ListKind())

	/// Whether settings of this kind open as a page of their own (a list, a map, a form).
	public var opensPage: Bool { rules.pageShape != nil }
}
