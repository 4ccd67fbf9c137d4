import Defaults

/// Anything else (arrays, dictionaries, `Codable` values), typed and shown as compact JSON and
/// edited in `$EDITOR`; the Swift type's own check (``Setting/typeName``) says what fits.
struct JSONKind: SettingKindRules {
	var name: String { "json" }

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "JSON" }
	var valuesDescription: String { "JSON" }
	var schemaNamesTheType: Bool { true }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		setting.parseJSON(text)
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		// Any value, of the JSON type its default has (a `Codable` struct is always an object).
		switch setting.defaultValue {
		case .array?: ["type": "array"]
		case .object?: ["type": "object"]
		case .string?: ["type": "string"]
		case .integer?, .double?: ["type": "number"]
		case .bool?: ["type": "boolean"]
		default: [:]
		}
	}
}

extension Setting.Kind {
	/// Anything else (arrays, dictionaries, `Codable` values): compact JSON, edited in `$EDITOR`.
	public static let json = Setting.Kind(JSONKind())
}

extension Defaults {
	/// Any setting, with the widget its type calls for (a set of `CaseIterable` cases is a checklist;
	/// arrays, dictionaries and `Codable` values are edited as JSON).
	///
	/// ```swift
	/// Defaults.Field("Recent Files", key: .recentFiles)
	/// ```
	public struct Field<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A setting for any key, with the widget its type calls for.
		public init(_ title: String, key: Key<Value>, help: String? = nil) {
			setting = makeSetting(title, key: key, help: help)
		}
	}
}
