import Defaults

/// A whole number (64 bits): a slider with a range (``Defaults/Defaults/Slider``), else a text field.
struct IntegerKind: SettingKindRules {
	var name: String { "integer" }

	/// Text that reads as a number.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		NumberKind.number(from: text).map { [$0] } ?? []
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue { .integer(0) }

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "whole number" }
	var valuesDescription: String { "a whole number" }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		if let number = Int64(trimmed) { return .success(.integer(number)) }
		if let problem = TypedTextHints.notDecimal(trimmed) { return .failure(problem) }
		if Double(trimmed).map({ $0.rounded() == $0 }) == true, !trimmed.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
			return .failure(Self.tooLarge)
		}
		return .failure(SettingError("expected a whole number, not \"\(text)\""))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		guard value.integerValue(as: Int64.self) == nil else { return nil }
		if let number = value.doubleValue, number.rounded() == number, abs(number) >= 0x1p63 { return Self.tooLarge }
		return SettingError("expected a whole number, not \(value.abbreviatedDescription)")
	}

	func constraintProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		setting.rangeProblem(value)
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		setting.rangeSchema(type: "integer")
	}

	/// A whole number beyond 64 bits.
	private static var tooLarge: SettingError {
		SettingError("is too large: a whole-number setting holds -9223372036854775808 to 9223372036854775807")
	}

	/// A property of type `integer`, with its bounds and step.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		guard property.types == ["integer"] else { return false }
		property.applyBounds(to: &setting, wholeNumbers: true)
		return true
	}
}

extension Setting.Kind {
	/// A whole number: a slider with a range, else a text field.
	public static let integer = Setting.Kind(IntegerKind())
}
