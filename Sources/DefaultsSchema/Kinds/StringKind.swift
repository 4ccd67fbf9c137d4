import Defaults
import Foundation

/// Text, with an optional most length and a pattern the whole text must match: a text field.
struct StringKind: SettingKindRules {
	var name: String { "string" }

	/// The words of a string, a number or on-off.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		text.map { [.string($0)] } ?? []
	}

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "text" }
	var valuesDescription: String { "text" }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		.success(.string(text))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		value.stringValue == nil ? SettingError("expected text, not \(value.abbreviatedDescription)") : nil
	}

	func constraintProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		guard let text = value.stringValue else { return nil }
		if let maxLength = setting.maxLength, text.count > maxLength {
			return SettingError("is \(text.count) characters long; at most \(maxLength) are allowed")
		}
		if let pattern = setting.pattern, !Self.matches(text, pattern: pattern) {
			return SettingError("does not match the pattern \(pattern)")
		}
		return nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		var schema: [String: Defaults.JSONValue] = ["type": "string"]
		if let maxLength = setting.maxLength { schema["maxLength"] = .integer(Int64(maxLength)) }
		// JSON Schema patterns match anywhere; the settings' patterns match the whole text.
		if let pattern = setting.pattern { schema["pattern"] = .string("^(?:\(pattern))$") }
		return schema
	}

	private static func matches(_ text: String, pattern: String) -> Bool {
		guard let expression = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
		return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
	}

	/// A property of type `string` (after the kinds of strings in a format), with its
	/// `maxLength`. Not its `pattern`: a setting's pattern must match the whole text, a JSON
	/// Schema's anywhere in it; the property's schema checks it.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		Self.adopt(property, format: nil, into: &setting)
	}

	/// Whether `property` is a string (of `format`, when one is given), taking its `maxLength`
	/// and, for a format, naming it in the setting's type: the rule of every kind of text.
	static func adopt(_ property: JSONSchemaProperty, format: String?, into setting: inout Setting) -> Bool {
		guard property.types == ["string"] else { return false }
		if let format {
			guard property.format == format else { return false }
			setting.typeName = "string (\(format))"
		}
		setting.maxLength = property.schema["maxLength"]?.doubleValue.flatMap { Int(exactly: $0.rounded(.down)) }
		return true
	}
}

extension Setting.Kind {
	/// Text: a text field.
	public static let string = Setting.Kind(StringKind())
}

extension Defaults {
	/// Text (or a number without a range, a URL, a date), shown as a text field.
	///
	/// ```swift
	/// Defaults.TextField("Nickname", key: .nickname, maxLength: 20, pattern: "[a-z]+")
	/// Defaults.TextField("API Token", key: .token, secret: true)
	/// ```
	public struct TextField<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A text field. `maxLength` is the most characters allowed, `pattern` a regular expression the whole text
		/// must match, and `secret` masks the value (passwords, tokens).
		public init(
			_ title: String, key: Key<Value>, help: String? = nil, maxLength: Int? = nil, pattern: String? = nil, secret: Bool = false
		) {
			var setting = makeSetting(title, key: key, help: help)
			setting.maxLength = maxLength
			setting.pattern = pattern
			setting.isSecret = secret
			self.setting = setting
		}
	}
}
