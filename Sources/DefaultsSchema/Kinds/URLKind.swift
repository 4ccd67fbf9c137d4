import Defaults
import Foundation

/// A URL with a scheme, or an absolute path, stored as its text: a text field.
struct URLKind: SettingKindRules {
	var name: String { "url" }

	/// The words of a string, a number or on-off, as text is.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		StringKind().conversions(of: value, text: text, for: setting)
	}

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "text" }
	var valuesDescription: String { "a URL such as https://example.com, or a path starting with /" }

	/// A path becomes a `file:` URL; a URL is kept as typed (a Unicode host stays Unicode, not
	/// punycode). A URL naming a server (`scheme://…`, but `file://`) must name its host.
	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		guard let url = Self.url(from: trimmed) else {
			return .failure(SettingError("expected a URL such as https://example.com or /path/to/file, not \"\(text)\""))
		}
		if trimmed.hasPrefix("/") { return .success(.string(url.absoluteString)) }
		if let scheme = url.scheme, scheme.lowercased() != "file", trimmed.dropFirst(scheme.count + 1).hasPrefix("//"), (url.host ?? "").isEmpty {
			return .failure(SettingError("\"\(trimmed)\" names no host: type one after \(scheme)://, such as \(scheme)://example.com"))
		}
		return .success(.string(trimmed))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		guard let text = value.stringValue, Self.url(from: text) != nil else { return SettingError("expected a URL, not \(value.abbreviatedDescription)") }
		return nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		// An absolute path, or a URL with a scheme; no spaces.
		["type": "string", "format": "uri-reference", "pattern": #"^(/|[A-Za-z][A-Za-z0-9+.\-]*:)[^ ]*$"#]
	}

	private static func url(from text: String) -> URL? {
		guard !text.isEmpty, !text.contains(" ") else { return nil }
		if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
		guard let url = URL(string: text), url.scheme != nil else { return nil }
		return url
	}

	/// Asked before any string.
	var importPrecedence: Int { 20 }

	/// A `string` property of format `uri`.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		StringKind.adopt(property, format: "uri", into: &setting)
	}
}

extension Setting.Kind {
	/// A URL: a text field.
	public static let url = Setting.Kind(URLKind())
}
