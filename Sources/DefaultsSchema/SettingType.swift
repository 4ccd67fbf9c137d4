import Defaults
import Foundation

/// What a Swift type says about its setting: its kind, whether it is optional, its choices.
enum SettingType {
	struct Inferred: Equatable {
		var kind: Setting.Kind
		var isOptional = false
		var choices: [Setting.Choice]?
		var allowsMultiple = false
	}

	static func infer(_ type: Any.Type) -> Inferred {
		// The common plain types first, by identity: each `as?` to a protocol below costs, the first
		// time a type meets it, a search of every loaded conformance (most of a command's start-up).
		if let inferred = plainTypes[ObjectIdentifier(type)] {
			return inferred
		}
		return inferByCasting(type)
	}

	/// What `type` says, found by casting it to the protocols that tell (`infer` without its table).
	static func inferByCasting(_ type: Any.Type) -> Inferred {
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

	/// What the plain types settings use most say, found without a protocol cast: each of them,
	/// its optional, and the lists and dictionaries of them that are edited as JSON. A test checks
	/// every entry against ``inferByCasting(_:)``.
	static let plainTypes: [ObjectIdentifier: Inferred] = {
		var table: [ObjectIdentifier: Inferred] = [:]
		func add<Value>(_: Value.Type, _ kind: Setting.Kind) {
			table[ObjectIdentifier(Value.self)] = Inferred(kind: kind)
			table[ObjectIdentifier(Value?.self)] = Inferred(kind: kind, isOptional: true)
			table[ObjectIdentifier([Value].self)] = Inferred(kind: .json)
			table[ObjectIdentifier([String: Value].self)] = Inferred(kind: .json)
		}
		add(Bool.self, .bool)
		add(String.self, .string)
		add(URL.self, .url)
		add(Date.self, .date)
		add(Double.self, .number)
		add(Float.self, .number)
		add(Int.self, .integer)
		add(Int8.self, .integer)
		add(Int16.self, .integer)
		add(Int32.self, .integer)
		add(Int64.self, .integer)
		add(UInt.self, .integer)
		add(UInt8.self, .integer)
		add(UInt16.self, .integer)
		add(UInt32.self, .integer)
		add(UInt64.self, .integer)
		return table
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
