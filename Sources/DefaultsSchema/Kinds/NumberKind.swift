import Defaults

/// A number, whole or not: a slider with a range (``Defaults/Defaults/Slider``), else a text field.
struct NumberKind: SettingKindRules {
	var name: String { "number" }

	/// Text that reads as a number.
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		Self.number(from: text).map { [$0] } ?? []
	}

	/// The number `text` is written as (JSON's notation, spaces around allowed), or `nil`.
	static func number(from text: String?) -> Defaults.JSONValue? {
		guard let text, let parsed = try? Defaults.JSONValue(parsing: text.trimmingCharacters(in: .whitespaces)), parsed.doubleValue != nil else { return nil }
		return parsed
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue { .integer(0) }

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String { "number" }
	var valuesDescription: String { "a number" }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		if let whole = Int64(trimmed) { return .success(.integer(whole)) }
		if let whole = UInt64(trimmed) { return .success(.unsignedInteger(whole)) }
		if let problem = TypedTextHints.notDecimal(trimmed) { return .failure(problem) }
		if let number = Double(trimmed), number.isFinite { return .success(.double(number)) }
		return .failure(SettingError("expected a number, not \"\(text)\""))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		value.doubleValue == nil ? SettingError("expected a number, not \(value.abbreviatedDescription)") : nil
	}

	func constraintProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		setting.rangeProblem(value)
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		setting.rangeSchema(type: "number")
	}

	/// A property of type `number`, with its bounds and step.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		guard property.types == ["number"] else { return false }
		property.applyBounds(to: &setting, wholeNumbers: false)
		return true
	}
}

extension Setting.Kind {
	/// A floating-point number: a slider with a range, else a text field.
	public static let number = Setting.Kind(NumberKind())
}

extension Setting {
	/// Why a number is outside the setting's range, or `nil`.
	func rangeProblem(_ value: Defaults.JSONValue) -> SettingError? {
		guard let number = value.doubleValue else { return nil }
		if let minimum, number < minimum { return rangeError }
		if let maximum, number > maximum { return rangeError }
		return nil
	}

	/// The JSON Schema of a number of `type` within the setting's range.
	func rangeSchema(type: Defaults.JSONValue) -> [String: Defaults.JSONValue] {
		var schema: [String: Defaults.JSONValue] = ["type": type]
		if let minimum { schema["minimum"] = Self.schemaNumber(minimum) }
		if let maximum { schema["maximum"] = Self.schemaNumber(maximum) }
		return schema
	}

	/// A bound as JSON: a whole number without a fraction.
	private static func schemaNumber(_ value: Double) -> Defaults.JSONValue {
		value.rounded() == value && abs(value) < 1e15 ? .integer(Int64(value)) : .double(value)
	}

	private var rangeError: SettingError {
		SettingError("must be between \(minimum.map(Self.formatNumber) ?? "-∞") and \(maximum.map(Self.formatNumber) ?? "∞")")
	}
}

extension Defaults {
	/// A number within a range, shown as a slider.
	///
	/// ```swift
	/// Defaults.Slider("Volume", key: .volume, range: 0...1, step: 0.05)
	/// ```
	public struct Slider<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A slider for a floating-point key over `range`, in steps of `step` (a hundredth of the range when `nil`).
		public init(
			_ title: String, key: Key<Value>, range: ClosedRange<Double>, step: Double? = nil, help: String? = nil
		) where Value: BinaryFloatingPoint {
			var setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .number))
			setting.minimum = range.lowerBound
			setting.maximum = range.upperBound
			setting.step = step ?? (range.upperBound - range.lowerBound) / 100
			self.setting = setting
		}

		/// A slider for an integer key over `range`, in steps of `step` (at least 1).
		public init(
			_ title: String, key: Key<Value>, range: ClosedRange<Int>, step: Int = 1, help: String? = nil
		) where Value: FixedWidthInteger {
			var setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .integer))
			setting.minimum = Double(range.lowerBound)
			setting.maximum = Double(range.upperBound)
			setting.step = Double(max(step, 1))
			self.setting = setting
		}
	}
}
