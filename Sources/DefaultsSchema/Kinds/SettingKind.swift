import Defaults
import Foundation

/**
What one kind of setting knows: how a person's text becomes its stored form, which stored
values it holds, the limits a setting of it may set, and its JSON Schema. Each kind is one
file in `Kinds/` (its DSL entry beside it) and one line in ``Setting/Kind/allCases``;
its widget is one file in the editor and one line in its table of widgets.

```swift
struct ColourKind: SettingKindRules {
	let name = "colour"
	let valuesDescription = "a colour such as #ff8800"
	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		trimmed.wholeMatch(of: /#[0-9a-fA-F]{6}/) != nil ? .success(.string(trimmed.lowercased())) : .failure(SettingError("expected \(valuesDescription)"))
	}
	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? { … }
	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] { ["type": "string", "pattern": "^#[0-9a-f]{6}$"] }
}
let colour = Setting.Kind(ColourKind())
```
*/
package protocol SettingKindRules: Sendable {
	/// The kind's name in schema files and on screen: `bool`, `integer`.
	var name: String { get }
	/// What a value of the kind looks like, for help: "a whole number".
	var valuesDescription: String { get }
	/// The stored form of what a person typed (`text` as typed, `trimmed` without the spaces
	/// around it), before the setting's constraints are checked, or what is wrong with it.
	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError>
	/// Why a stored value (not `null`) is not of this kind, or `nil` when it is.
	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError?
	/// Why a value of the kind breaks the setting's limits (range, length, pattern), or `nil`.
	func constraintProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError?
	/// Why a setting of this kind cannot be edited as declared (a choice without choices), or `nil`.
	func declarationProblem(_ setting: Setting) -> String?
	/// The JSON Schema of the value's type and the setting's limits.
	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue]
	/// Whether the JSON Schema's description names the setting's Swift type even when it is
	/// the kind's name (a JSON value's schema says little about it).
	var schemaNamesTheType: Bool { get }
	/// How early the JSON Schema importer asks this kind (``adopt(_:into:)``): higher first, so
	/// that a kind of a narrower schema (a choice, a `date-time` string) is asked before a wider
	/// one (any string); kinds of the same precedence are asked in ``Setting/Kind/allCases`` order.
	var importPrecedence: Int { get }
	/// Whether a settings file's property is this kind's own: if so, sets what its schema says
	/// of a setting of this kind (bounds, choices, a length, the type's name) on `setting` and
	/// returns `true`. A property no kind adopts is edited as JSON.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool
	/// The page a setting of the kind opens as (a list, a map, a form), or `nil` for a kind edited in its row.
	var pageShape: SettingsPage.Shape? { get }
	/// Whether a setting of the kind takes one of several forms (``Setting/forms``), chosen and then edited.
	var choosesAForm: Bool { get }
	/// What `value`, a value of another form (`text` its words, when it is a string, a number or
	/// on-off), may become in a setting of this kind when a person switches to it, most faithful first.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue]
	/// An empty value of the kind, for a new item or form without a schema to say more: `""`, `0`, `[]`.
	func emptyValue(for setting: Setting) -> Defaults.JSONValue
	/// A form of this kind in a few words, for a variant's list of forms: "text", "list".
	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String
}

extension SettingKindRules {
	/// No limits of its own.
	package func constraintProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? { nil }

	/// Only when the type is not the kind's name (`Int` for `integer`).
	package var schemaNamesTheType: Bool { false }

	/// Asked in the middle: after narrower kinds, before none.
	package var importPrecedence: Int { 10 }

	/// No JSON Schema is its own.
	package func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool { false }

	/// Edited in its row.
	package var pageShape: SettingsPage.Shape? { nil }

	/// One form.
	package var choosesAForm: Bool { false }

	/// None: a value of another form is not one of this kind's.
	package func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] { [] }

	/// Empty text.
	package func emptyValue(for setting: Setting) -> Defaults.JSONValue { .string("") }

	/// The kind's name.
	package func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { name }

	/// Only choices may list choices and allow several.
	package func declarationProblem(_ setting: Setting) -> String? {
		setting.allowsMultiple ? "allows multiple values but is not a choice" : nil
	}
}

extension Setting {
	/// What kind of value a setting holds, which decides its widget: ``bool``, ``integer``,
	/// ``number``, ``string``, ``url``, ``date``, ``choice``, ``list``, ``map``, ``form``, ``variant`` or ``json``.
	public struct Kind: @unchecked Sendable, Hashable, Codable, CaseIterable, RawRepresentable, CustomStringConvertible {
		/// The name and the rules, shared by every copy of the kind.
		private final class Definition: Sendable {
			let name: String
			let rules: any SettingKindRules

			init(_ rules: any SettingKindRules) {
				name = rules.name
				self.rules = rules
			}
		}

		/// Kinds are made once, as constants, and live as long as the program: held without
		/// counting, copying a setting (which the editor does often) copies a pointer.
		private let definition: Unmanaged<Definition>

		/// The kind's name in schema files: `bool`, `integer`, `number`, `string`, `url`, `date`, `choice`, `list`, `map`, `form`, `variant`, `json`.
		public var rawValue: String { definition._withUnsafeGuaranteedRef { $0.name } }
		/// What the kind knows (not part of its identity, which is its name).
		package var rules: any SettingKindRules { definition._withUnsafeGuaranteedRef { $0.rules } }
		/// The same for every copy of a kind: tells kinds apart without comparing names.
		package var identity: ObjectIdentifier { ObjectIdentifier(definition.takeUnretainedValue()) }

		/// A kind made of its rules (for a kind of one's own, such as a test's): made once, it is
		/// never freed.
		package init(_ rules: some SettingKindRules) {
			definition = .passRetained(Definition(rules))
		}

		/// The built-in kind named `rawValue`, or `nil`.
		public init?(rawValue: String) {
			guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
			self = kind
		}

		/// The built-in kinds: registering a new kind is adding it here.
		public static let allCases: [Kind] = [.bool, .integer, .number, .string, .url, .date, .choice, .list, .map, .form, .variant, .json]

		/// Kinds are the same when their names are.
		public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.definition.toOpaque() == rhs.definition.toOpaque() || lhs.rawValue == rhs.rawValue }
		/// Hashes the name.
		public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

		/// The kind's name.
		public var description: String { rawValue }

		/// Reads a built-in kind's name; an unknown name is an error naming it.
		public init(from decoder: any Decoder) throws {
			let container = try decoder.singleValueContainer()
			let name = try container.decode(String.self)
			guard let kind = Self(rawValue: name) else {
				throw DecodingError.dataCorruptedError(in: container, debugDescription: "Cannot initialize Kind from invalid String value \(name)")
			}
			self = kind
		}

		/// Writes the kind's name.
		public func encode(to encoder: any Encoder) throws {
			var container = encoder.singleValueContainer()
			try container.encode(rawValue)
		}
	}
}
