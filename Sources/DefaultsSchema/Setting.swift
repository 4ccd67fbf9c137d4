import Defaults
import Foundation

/**
One setting as the editor and the command line show it: its key, a title, help,
what kind of value it holds and the constraints on it.

Settings are made with the schema DSL (``Defaults/Defaults/Toggle``, ``Defaults/Defaults/Slider``,
``Defaults/Defaults/Picker``, ``Defaults/Defaults/TextField``, ``Defaults/Defaults/Field``), from a key
group, or read from a JSON schema file. They can also be written out in full:

```swift
let fontSize = Setting(key: "fontSize", title: "Font Size", kind: .integer, defaultValue: 14, minimum: 8, maximum: 72, step: 1)
let theme = Setting(key: "theme", title: "Theme", kind: .choice, defaultValue: "light", choices: [
	Setting.Choice(value: "light", title: "Light"),
	Setting.Choice(value: "dark", title: "Dark"),
])
let schema = SettingsSchema(title: "Editor", sections: [SettingsSchema.Section(title: "Appearance", settings: [fontSize, theme])])
```
*/
public struct Setting: Sendable, Codable, Equatable {
	/// A value a ``Kind/choice`` setting may take.
	public struct Choice: Sendable, Codable, Equatable {
		/// The stored value.
		public var value: Defaults.JSONValue
		/// What the picker shows.
		public var title: String

		/// A choice that stores `value` and shows as `title`.
		public init(value: Defaults.JSONValue, title: String) {
			self.value = value
			self.title = title
		}
	}

	/// The key's name in the store.
	public var key: String
	/// The name the editor and the command line show for the setting.
	public var title: String
	/// A longer explanation the editor shows with the setting; `nil` for none.
	public var help: String?
	/// What kind of value the setting holds, which decides its widget.
	public var kind: Kind
	/// The Swift type, for display (`Double`, `[String]`).
	public var typeName: String
	/// The default in stored form; `nil` for an optional setting without one.
	public var defaultValue: Defaults.JSONValue?
	/// Whether the setting may be unset ("not set").
	public var isOptional: Bool
	/// For numbers: the bounds, which make a slider.
	public var minimum: Double?
	/// For numbers: the upper bound.
	public var maximum: Double?
	/// For numbers: the slider's step.
	public var step: Double?
	/// For ``Kind/choice``: the choices.
	public var choices: [Choice]?
	/// For ``Kind/choice``: whether the value is a list of choices (a set of options) rather than one.
	public var allowsMultiple: Bool
	/// For text: the longest allowed length, in characters.
	public var maxLength: Int?
	/// For text: a regular expression the whole text must match.
	public var pattern: String?
	/// Whether to mask the value (passwords, tokens).
	public var isSecret: Bool
	/// For a setting inside an object or array of the settings file: the members and items that
	/// lead to it from the top (`["compilerOptions", "strict"]`, whose ``key`` is `compilerOptions.strict`;
	/// `jobs.build.steps[3]`); `nil` for a setting that is a top-level member named ``key``.
	public var path: SettingPath?

	/// A check of the full Swift type, when the schema was built from keys; not part of the file format.
	var typeCheck: TypeCheck?
	/// A check against the setting's own JSON Schema, when it was read from one; not part of the file format.
	var schemaCheck: JSONSchemaCheck?
	/// For a variant: the forms its value may take (``forms``); not part of the file format.
	var formsBox: SettingFormsBox?
	/// Called when the settings editor changes this setting; not part of the file format.
	/// Set it with the DSL's `onChange` (``SettingsEntry/onChange(_:)``).
	public var onChange: SettingChangeHandler?

	/**
	A setting with each of its fields; `typeName` is the kind's name when `nil`.

	```swift
	let zoom = Setting(key: "zoom", title: "Zoom", kind: .number, typeName: "Double", defaultValue: 1, minimum: 0.5, maximum: 2, step: 0.1)
	```
	*/
	public init(
		key: String, title: String, help: String? = nil, kind: Kind, typeName: String? = nil,
		defaultValue: Defaults.JSONValue?, isOptional: Bool = false,
		minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil,
		choices: [Choice]? = nil, allowsMultiple: Bool = false, maxLength: Int? = nil, pattern: String? = nil, isSecret: Bool = false,
		path: SettingPath? = nil
	) {
		self.path = path
		self.key = key
		self.title = title
		self.help = help
		self.kind = kind
		self.typeName = typeName ?? kind.rawValue
		self.defaultValue = defaultValue
		self.isOptional = isOptional
		self.minimum = minimum
		self.maximum = maximum
		self.step = step
		self.choices = choices
		self.allowsMultiple = allowsMultiple
		self.maxLength = maxLength
		self.pattern = pattern
		self.isSecret = isSecret
	}

	private enum CodingKeys: String, CodingKey {
		case key, title, help, kind, typeName = "type", defaultValue = "default", isOptional = "optional"
		case minimum, maximum, step, choices, allowsMultiple = "multiple", maxLength, pattern, isSecret = "secret", path
	}

	/// Reads a setting of a schema file.
	///
	/// Only `key` and `kind` are required: `title` defaults to one made from
	/// the key, `type` to the kind's name and `optional` to whether there is no `default`. Throws `DecodingError`
	/// when a field is missing or has the wrong type.
	public init(from decoder: any Decoder) throws {
		let container = try decoder.container(keyedBy: CodingKeys.self)
		key = try container.decode(String.self, forKey: .key)
		kind = try container.decode(Kind.self, forKey: .kind)
		title = try container.decodeIfPresent(String.self, forKey: .title) ?? Setting.title(fromKey: key)
		help = try container.decodeIfPresent(String.self, forKey: .help)
		typeName = try container.decodeIfPresent(String.self, forKey: .typeName) ?? kind.rawValue
		defaultValue = try container.decodeIfPresent(Defaults.JSONValue.self, forKey: .defaultValue)
		isOptional = try container.decodeIfPresent(Bool.self, forKey: .isOptional) ?? (defaultValue == nil)
		minimum = try container.decodeIfPresent(Double.self, forKey: .minimum)
		maximum = try container.decodeIfPresent(Double.self, forKey: .maximum)
		step = try container.decodeIfPresent(Double.self, forKey: .step)
		choices = try container.decodeIfPresent([Choice].self, forKey: .choices)
		allowsMultiple = try container.decodeIfPresent(Bool.self, forKey: .allowsMultiple) ?? false
		maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength)
		pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
		isSecret = try container.decodeIfPresent(Bool.self, forKey: .isSecret) ?? false
		path = try container.decodeIfPresent(SettingPath.self, forKey: .path)
	}

	/// Writes the setting in the schema file format, leaving out fields that are `nil` and flags that are `false`;
	/// ``Setting/onChange`` is not written.
	public func encode(to encoder: any Encoder) throws {
		var container = encoder.container(keyedBy: CodingKeys.self)
		try container.encode(key, forKey: .key)
		try container.encode(title, forKey: .title)
		try container.encodeIfPresent(help, forKey: .help)
		try container.encode(kind, forKey: .kind)
		try container.encode(typeName, forKey: .typeName)
		try container.encodeIfPresent(defaultValue, forKey: .defaultValue)
		if isOptional { try container.encode(true, forKey: .isOptional) }
		try container.encodeIfPresent(minimum, forKey: .minimum)
		try container.encodeIfPresent(maximum, forKey: .maximum)
		try container.encodeIfPresent(step, forKey: .step)
		try container.encodeIfPresent(choices, forKey: .choices)
		if allowsMultiple { try container.encode(true, forKey: .allowsMultiple) }
		try container.encodeIfPresent(maxLength, forKey: .maxLength)
		try container.encodeIfPresent(pattern, forKey: .pattern)
		if isSecret { try container.encode(true, forKey: .isSecret) }
		try container.encodeIfPresent(path, forKey: .path)
	}

	/// Whether two settings describe the same key in the same way; ``Setting/onChange`` is not compared.
	public static func == (lhs: Setting, rhs: Setting) -> Bool {
		lhs.key == rhs.key && lhs.title == rhs.title && lhs.help == rhs.help && lhs.kind == rhs.kind
			&& lhs.typeName == rhs.typeName && lhs.defaultValue == rhs.defaultValue && lhs.isOptional == rhs.isOptional
			&& lhs.minimum == rhs.minimum && lhs.maximum == rhs.maximum && lhs.step == rhs.step
			&& lhs.choices == rhs.choices && lhs.allowsMultiple == rhs.allowsMultiple && lhs.maxLength == rhs.maxLength && lhs.pattern == rhs.pattern
			&& lhs.isSecret == rhs.isSecret && lhs.path == rhs.path
	}

	/// A title made from a key name: `showAllDayEvents` gives "Show all day events".
	public static func title(fromKey key: String) -> String {
		var words: [String] = []
		var current = ""
		for character in key {
			if character == "_" || character == "-" || character == " " {
				if !current.isEmpty { words.append(current) }
				current = ""
			} else if character.isUppercase, let last = current.last, !last.isUppercase {
				words.append(current)
				current = String(character)
			} else {
				current.append(character)
			}
		}
		if !current.isEmpty { words.append(current) }
		let sentence = words.enumerated().map { index, word in
			index == 0 ? word.prefix(1).uppercased() + word.dropFirst() : (word == word.uppercased() ? word : word.lowercased())
		}
		return sentence.joined(separator: " ")
	}
}

/**
What the settings editor calls after it changed a setting (not after a change made
elsewhere), with the value a program now reads: the stored value, or the default.
Made by the schema DSL's ``SettingsEntry/onChange(_:)``.
*/
public struct SettingChangeHandler: @unchecked Sendable {
	// Not @Sendable itself: the DSL's handlers capture the value's metatype to decode it,
	// which touches no shared state; the person's action is @Sendable.
	let call: (Defaults.JSONValue?) -> Void

	/// A handler that receives the new value in stored form (`nil` when an optional setting is unset).
	public init(_ call: @escaping @Sendable (Defaults.JSONValue?) -> Void) {
		self.call = call
	}

	init(decoding call: @escaping (Defaults.JSONValue?) -> Void) {
		self.call = call
	}

	/// Calls the handler with a setting's new effective value.
	public func callAsFunction(_ value: Defaults.JSONValue?) {
		call(value)
	}
}

/// Checks that a stored value decodes as the setting's Swift type.
/// The check only decodes a value: it touches no shared state.
/// (A class: a setting is copied often, and this way a copy costs one reference, not two.)
final class TypeCheck: @unchecked Sendable {
	let check: (Defaults.JSONValue) -> Bool
	/// Why a value the check refuses does not decode, naming the field ("width: expected a
	/// number"), when the type can say.
	let problem: (Defaults.JSONValue) -> String?

	init(check: @escaping (Defaults.JSONValue) -> Bool, problem: @escaping (Defaults.JSONValue) -> String? = { _ in nil }) {
		self.check = check
		self.problem = problem
	}
}
