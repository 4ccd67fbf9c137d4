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
		// The common plain types first, by identity: each `as?` to a protocol below costs, the first
		// time a type meets it, a search of every loaded conformance (most of a command's start-up).
		if let kind = plainKinds[ObjectIdentifier(type)] {
			return Inferred(kind: kind)
		}
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

	/// The kinds of the plain types settings use most, found without a protocol cast.
	private static let plainKinds: [ObjectIdentifier: Setting.Kind] = {
		var kinds: [ObjectIdentifier: Setting.Kind] = [
			ObjectIdentifier(Bool.self): .bool, ObjectIdentifier(String.self): .string,
			ObjectIdentifier(URL.self): .url, ObjectIdentifier(Date.self): .date,
			ObjectIdentifier(Double.self): .number, ObjectIdentifier(Float.self): .number,
		]
		let integers: [Any.Type] = [Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self]
		for integer in integers {
			kinds[ObjectIdentifier(integer)] = .integer
		}
		return kinds
	}()

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
