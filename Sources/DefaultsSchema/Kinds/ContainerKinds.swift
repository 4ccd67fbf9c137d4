import Defaults

/// A setting that holds other settings and opens as a page of its own: a list of items, a map
/// of named members, or an object described member by member (a form). Typed as JSON too, so
/// the command line and `$EDITOR` can still write the whole value at once.
struct ContainerKind: SettingKindRules {
	/// What the container holds.
	enum Shape: String {
		case list, map, form
	}

	let shape: Shape
	var name: String { shape.rawValue }
	var valuesDescription: String {
		switch shape {
		case .list: "a list (JSON array)"
		case .map, .form: "an object (JSON object)"
		}
	}

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		setting.parseJSON(text)
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		switch (shape, value) {
		case (.list, .array), (.map, .object), (.form, .object): nil
		case (.list, _): SettingError("expected a list (a JSON array such as [1, 2]), not \(value.jsonString())")
		default: SettingError("expected an object (a JSON object such as {\"name\": 1}), not \(value.jsonString())")
		}
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": shape == .list ? "array" : "object"]
	}

	/// Asked after the scalar kinds and the choices (a checklist is a choice), before a variant.
	var importPrecedence: Int { 5 }

	/// An array (not a checklist: choices are asked first) is a list; an object that names its
	/// members a form, one that does not (`additionalProperties`, `patternProperties`, or nothing
	/// said of its members) a map. An array or object whose `oneOf`/`anyOf` offers several shapes is a variant.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		guard !property.offersForms else { return false }
		switch shape {
		case .list: return property.types == ["array"]
		case .form: return property.types == ["object"] && property.namesMembers
		case .map: return property.types == ["object"] && !property.namesMembers
		}
	}
}

/// A setting whose value may take one of several forms (a `oneOf`/`anyOf` of different types or
/// shapes): it shows which form the value has, switches form, and edits it with that form's widget.
struct VariantKind: SettingKindRules {
	var name: String { "variant" }
	var valuesDescription: String { "one of several forms (JSON)" }

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
}

extension Setting.Kind {
	/// A list of items, each edited with its own widget: opens as a page with add, remove and move.
	public static let list = Setting.Kind(ContainerKind(shape: .list))
	/// An object of named members the schema does not list by name (`additionalProperties`,
	/// `patternProperties`): opens as a page with add, rename and remove.
	public static let map = Setting.Kind(ContainerKind(shape: .map))
	/// An object described member by member, inside a list or deeper than the sections go: opens
	/// as a page of its members' settings.
	public static let form = Setting.Kind(ContainerKind(shape: .form))
	/// One of several forms (`oneOf`/`anyOf` of different types or shapes): the form is chosen, then edited.
	public static let variant = Setting.Kind(VariantKind())

	/// Whether settings of this kind open as a page of their own (a list, a map, a form).
	public var opensPage: Bool {
		self == .list || self == .map || self == .form
	}
}
