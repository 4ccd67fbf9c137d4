import Foundation

/// What a Swift type says about its setting: its kind, whether it is optional, its choices.
enum SettingType {
	struct Inferred {
		var kind: Setting.Kind
		var isOptional = false
		var choices: [Setting.Choice]?
		var allowsMultiple = false
	}

	static func infer(_ type: Any.Type) -> Inferred {
		if let optional = type as? any OptionalSettingType.Type {
			var inferred = infer(optional.wrappedSettingType)
			inferred.isOptional = true
			return inferred
		}
		if let enumeration = type as? any (CaseIterable & Defaults.Serializable).Type {
			return Inferred(kind: .choice, choices: choices(of: enumeration))
		}
		if let collection = type as? any MultipleChoiceSettingType.Type {
			return Inferred(kind: .choice, choices: collection.elementChoices, allowsMultiple: true)
		}
		switch type {
		case is Bool.Type: return Inferred(kind: .bool)
		case is any FixedWidthInteger.Type: return Inferred(kind: .integer)
		case is any BinaryFloatingPoint.Type: return Inferred(kind: .number)
		case is String.Type: return Inferred(kind: .string)
		case is URL.Type: return Inferred(kind: .url)
		case is Date.Type: return Inferred(kind: .date)
		default: return Inferred(kind: .json)
		}
	}

	/// The choices of a `CaseIterable` serializable type: each case's stored form, titled by its raw value or name.
	static func choices<Value: CaseIterable & Defaults.Serializable>(of type: Value.Type) -> [Setting.Choice] {
		Value.allCases.compactMap { value in
			guard let stored = Value.storedValue(from: value) else { return nil }
			let title = stored.stringValue ?? String(describing: value)
			return Setting.Choice(value: stored, title: title)
		}
	}
}

/// Lets `infer` look inside optionals.
protocol OptionalSettingType {
	static var wrappedSettingType: Any.Type { get }
}

extension Optional: OptionalSettingType {
	static var wrappedSettingType: Any.Type { Wrapped.self }
}

/// Lets `infer` see a set or array of a `CaseIterable` type as a list of choices (a checklist).
protocol MultipleChoiceSettingType {
	static var elementChoices: [Setting.Choice] { get }
}

extension Set: MultipleChoiceSettingType where Element: CaseIterable & Defaults.Serializable {
	static var elementChoices: [Setting.Choice] { SettingType.choices(of: Element.self) }
}

extension Array: MultipleChoiceSettingType where Element: CaseIterable & Defaults.Serializable {
	static var elementChoices: [Setting.Choice] { SettingType.choices(of: Element.self) }
}
