import Defaults

/// A setting whose value may take one of several forms (a `oneOf`/`anyOf` of different types or
/// shapes, several `type`s, or any JSON value): it shows which form the value has, switches form,
/// and edits it with that form's widget (``Setting/forms``).
struct VariantKind: SettingKindRules {
	var name: String { "variant" }
	var valuesDescription: String { "one of several forms (JSON)" }
	var choosesAForm: Bool { true }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		setting.parseJSON(text)
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		[:]
	}

	/// Asked last: what no other kind adopts.
	var importPrecedence: Int { 1 }

	/// Several types (`["string", "array"]`), a `oneOf`/`anyOf` of several forms, or no type at
	/// all (any JSON value): the importer then lists the forms (``Setting/forms``), and a property
	/// with fewer than two is JSON after all.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		property.types.count != 1 || property.offersForms
	}

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "one of several" }
}

extension Setting.Kind {
	/// One of several forms (`oneOf`/`anyOf` of different types or shapes): the form is chosen, then edited.
	public static let variant = Setting.Kind(VariantKind())
}
