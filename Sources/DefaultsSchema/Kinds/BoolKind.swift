import Defaults

/// `true` or `false`, shown as a toggle; typed as `true`/`false`, `yes`/`no`, `on`/`off` or `1`/`0`.
struct BoolKind: SettingKindRules {
	var name: String { "bool" }

	/// `true` or `false`, in any case.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		guard let text, ["true", "false"].contains(text.lowercased()) else { return [] }
		return [.bool(text.lowercased() == "true")]
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue { .bool(false) }

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "on-off" }
	var valuesDescription: String { "true or false" }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		switch trimmed.lowercased() {
		case "true", "yes", "on", "1": .success(true)
		case "false", "no", "off", "0": .success(false)
		default: .failure(SettingError("expected true or false (or yes/no, on/off, 1/0), not \"\(text)\""))
		}
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		value.boolValue == nil ? SettingError("expected true or false, not \(value.abbreviatedDescription)") : nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": "boolean"]
	}

	/// A property of type `boolean`.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		property.types == ["boolean"]
	}
}

extension Setting.Kind {
	/// `true` or `false`: a toggle.
	public static let bool = Setting.Kind(BoolKind())
}

extension Defaults {
	/// A Boolean setting, shown as a toggle.
	///
	/// ```swift
	/// Defaults.Toggle("Show All-Day Events", key: .showAllDayEvents, help: "Also list events that last all day.")
	/// ```
	public struct Toggle<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A toggle for a Boolean key; `help` explains the setting in the editor.
		public init(_ title: String, key: Key<Bool>, help: String? = nil) where Value == Bool {
			setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .bool))
		}

		/// A toggle for an optional Boolean key, which may also be unset; `help` explains the setting in the editor.
		public init(_ title: String, key: Key<Bool?>, help: String? = nil) where Value == Bool? {
			setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .bool, isOptional: true))
		}
	}
}
