import Defaults
import Foundation

extension Setting {
	/**
	Turns text a person typed into this setting's stored form, or explains what is wrong.

	Booleans accept `true`/`false`, `yes`/`no`, `on`/`off` and `1`/`0`; choices accept
	a choice's title or value (several, separated by commas, when the setting allows
	multiple choices); JSON settings take JSON; dates take ISO 8601. The result is also
	checked with ``validate(_:)``.

	```swift
	let volume = Setting(key: "volume", title: "Volume", kind: .number, defaultValue: 0.5, minimum: 0, maximum: 1)
	volume.parse("0.7")  //=> .success(0.7)
	volume.parse("2")    //=> .failure("must be between 0 and 1")
	```
	*/
	public func parse(_ text: String) -> Result<Defaults.JSONValue, SettingError> {
		switch kind.rules.parse(text, trimmed: Self.trimmingWhitespace(text), for: self) {
		case .success(let value): validate(value).map { .failure($0) } ?? .success(value)
		case .failure(let error): .failure(error)
		}
	}

	/// `text` without the spaces and tabs (`CharacterSet.whitespaces`) at its ends, looking at its
	/// ends only: Foundation's `trimmingCharacters(in:)` reads the whole text (a quarter of a
	/// second for a 10 MB value, on every Enter).
	static func trimmingWhitespace(_ text: String) -> String {
		let scalars = text.unicodeScalars
		var start = scalars.startIndex
		var end = scalars.endIndex
		while start < end, CharacterSet.whitespaces.contains(scalars[start]) { start = scalars.index(after: start) }
		while end > start, CharacterSet.whitespaces.contains(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
		return start == scalars.startIndex && end == scalars.endIndex ? text : String(scalars[start..<end])
	}

	/**
	Why `value` is not a valid stored value for this setting, or `nil` if it is: its type
	(``typeProblem(_:)``), then the setting's constraints (range, length, pattern), then, for a
	setting read from a JSON Schema, the property's whole schema (a ``JSONSchemaValidator``), whose
	messages name the place and the keyword. `null` (no value) is checked for its type only.

	```swift
	name.validate("")?.message  //=> name: must be at least 1 character long (minLength)
	```
	*/
	public func validate(_ value: Defaults.JSONValue) -> SettingError? {
		if let problem = typeProblem(value) { return problem }
		guard !value.isNull else { return nil }
		return kind.rules.constraintProblem(value, for: self) ?? schemaProblem(value)
	}

	/**
	Why a stored value does not have this setting's type, or `nil` if it does. A
	program reading a value with a type problem gets the default instead; constraints
	(range, length, pattern) are not checked here.
	*/
	public func typeProblem(_ value: Defaults.JSONValue) -> SettingError? {
		if value.isNull {
			return isOptional ? nil : SettingError("\(title) cannot be empty")
		}
		if let problem = kind.rules.typeProblem(value, for: self) {
			return problem
		}
		if let typeCheck, !typeCheck.check(value) {
			let detail = typeCheck.problem(value).map { " (\($0))" } ?? ""
			return SettingError("is not a valid \(typeName)\(detail): \(value.abbreviatedDescription)")
		}
		return nil
	}

	/**
	The value a program reads for this setting: the stored value when it has the
	setting's type, else the default (`nil` for an optional setting without one).

	```swift
	fontSize.effectiveValue(stored: "big")  //=> 14, the default
	```
	*/
	public func effectiveValue(stored: Defaults.JSONValue?) -> Defaults.JSONValue? {
		guard let stored, typeProblem(stored) == nil else { return defaultValue }
		return stored.isNull ? nil : stored
	}

	/// A number as messages show it: `2` rather than `2.0`.
	package static func formatNumber(_ number: Double) -> String {
		number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
	}

	/// JSON text, checked with ``validate(_:)``.
	func parseJSON(_ text: String) -> Result<Defaults.JSONValue, SettingError> {
		let value: Defaults.JSONValue
		do {
			value = try Defaults.JSONValue(parsing: text)
		} catch {
			// A bare word or a number in another notation: say how to write it, not where parsing stopped.
			return .failure(TypedTextHints.notJSON(text) ?? SettingError("\(error)"))
		}
		return validate(value).map { .failure($0) } ?? .success(value)
	}
}

/// Why a value does not fit a setting, in words for the person who typed it.
public struct SettingError: Error, Equatable, Sendable, CustomStringConvertible {
	/// What is wrong, for example `expected a whole number, not "ten"`.
	public let message: String

	/// An error that says `message`.
	public init(_ message: String) {
		self.message = message
	}

	/// The message.
	public var description: String { message }
}
