import Defaults

/// A date as ISO 8601 text, stored with the digits it was given: a text field.
struct DateKind: SettingKindRules {
	var name: String { "date" }

	/// The words of a string, a number or on-off, as text is.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		StringKind().conversions(of: value, text: text, for: setting)
	}

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "text" }
	var valuesDescription: String { "a date such as 2026-11-22 or 2026-11-22T05:07:44Z (ISO 8601)" }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		guard let date = ISO8601.date(from: trimmed) else {
			return .failure(SettingError("expected a date such as 2026-11-22 or 2026-11-22T05:07:44Z, not \"\(text)\""))
		}
		return .success(.string(ISO8601.string(from: date)))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		guard let text = value.stringValue, ISO8601.date(from: text) != nil else {
			return SettingError("expected an ISO 8601 date, not \(value.abbreviatedDescription)")
		}
		return nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": "string", "format": "date-time"]
	}

	/// Asked before any string.
	var importPrecedence: Int { 20 }

	/// A `string` property of format `date-time`.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		StringKind.adopt(property, format: "date-time", into: &setting)
	}
}

extension Setting.Kind {
	/// A date (ISO 8601 text): a text field.
	public static let date = Setting.Kind(DateKind())
}
