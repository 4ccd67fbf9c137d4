@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// A kind of one's own, as the architecture article's recipe makes one: its rules in one type
/// (here, a colour as `#rrggbb`), and everything else (parsing, validation, the JSON Schema,
/// a schema's checks) follows from them.
struct ColourKind: SettingKindRules {
	let name = "colour"
	let valuesDescription = "a colour such as #ff8800"

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		Self.isColour(trimmed) ? .success(.string(trimmed.lowercased())) : .failure(SettingError("expected \(valuesDescription), not \"\(text)\""))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		value.stringValue.map(Self.isColour) == true ? nil : SettingError("expected \(valuesDescription), not \(value.abbreviatedDescription)")
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		["type": "string", "pattern": "^#[0-9a-fA-F]{6}$"]
	}

	static func isColour(_ text: String) -> Bool {
		text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
	}
}

extension Setting.Kind {
	static let colour = Setting.Kind(ColourKind())
}

@Suite("A kind of one's own")
struct NewKindTests {
	private let accent = Setting(key: "accent", title: "Accent", kind: .colour, defaultValue: "#3366ff")

	@Test func itParsesAndValidatesByItsRules() {
		#expect(accent.parse(" #FF8800 ") == .success("#ff8800"))
		#expect(accent.parse("orange").failureMessage == #"expected a colour such as #ff8800, not "orange""#)
		#expect(accent.validate("#12345") != nil)
		#expect(accent.validate(.null)?.message == "Accent cannot be empty")
		#expect(accent.effectiveValue(stored: 5) == "#3366ff", "a stored value of another type reads as the default")
	}

	@Test func itsJSONSchemaIsItsOwn() {
		let schema = SettingsSchema(title: "T", sections: [.init(title: "S", settings: [accent])]).jsonSchema()
		guard case .object(let members) = schema, case .object(let properties)? = members["properties"],
		      case .object(let property)? = properties["accent"] else {
			Issue.record("no schema for the setting: \(schema)")
			return
		}
		#expect(property["pattern"] == "^#[0-9a-fA-F]{6}$")
		#expect(property["default"] == "#3366ff")
	}

	@Test func itIsNotReadFromSchemaFilesUntilRegistered() {
		#expect(Setting.Kind(rawValue: "colour") == nil, "only the built-in kinds are named in schema files")
		#expect(Setting.Kind(rawValue: "bool") == .bool)
		#expect(Setting.Kind.allCases.count == 12)
	}
}
