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
		let trimmed = text.trimmingCharacters(in: .whitespaces)
		let value: Defaults.JSONValue
		switch kind {
		case .bool:
			switch trimmed.lowercased() {
			case "true", "yes", "on", "1": value = true
			case "false", "no", "off", "0": value = false
			default: return .failure(SettingError("expected true or false (or yes/no, on/off, 1/0), not \"\(text)\""))
			}
		case .integer:
			guard let number = Int64(trimmed) else {
				if Double(trimmed).map({ $0.rounded() == $0 }) == true, !trimmed.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
					return .failure(Self.tooLargeForAWholeNumber)
				}
				return .failure(SettingError("expected a whole number, not \"\(text)\""))
			}
			value = .integer(number)
		case .number:
			if let whole = Int64(trimmed) {
				value = .integer(whole)
			} else if let whole = UInt64(trimmed) {
				value = .unsignedInteger(whole)
			} else if let number = Double(trimmed), number.isFinite {
				value = .double(number)
			} else {
				return .failure(SettingError("expected a number, not \"\(text)\""))
			}
		case .string:
			value = .string(text)
		case .url:
			guard let url = Self.url(from: trimmed) else { return .failure(SettingError("expected a URL such as https://example.com or /path/to/file, not \"\(text)\"")) }
			value = .string(url.absoluteString)
		case .date:
			guard let date = ISO8601.date(from: trimmed) else {
				return .failure(SettingError("expected a date such as 2026-11-22 or 2026-11-22T05:07:44Z, not \"\(text)\""))
			}
			value = .string(ISO8601.string(from: date))
		case .choice where allowsMultiple:
			if trimmed.hasPrefix("[") {
				return parseJSON(text)
			}
			var chosen: [Defaults.JSONValue] = []
			for part in trimmed.split(separator: ",") {
				guard let match = choice(matching: part.trimmingCharacters(in: .whitespaces)) else {
					return .failure(SettingError("expected some of \(choiceTitles), not \"\(part)\""))
				}
				guard !chosen.contains(match.value) else {
					return .failure(SettingError("lists \(match.title) more than once; each choice is either chosen or not"))
				}
				chosen.append(match.value)
			}
			value = .array(chosen)
		case .choice:
			guard let match = choice(matching: trimmed) else {
				return .failure(SettingError("expected one of \(choiceTitles), not \"\(text)\""))
			}
			value = match.value
		case .json:
			return parseJSON(text)
		}
		if let problem = validate(value) {
			return .failure(problem)
		}
		return .success(value)
	}

	/// Why `value` is not a valid stored value for this setting (its type, then its constraints), or `nil` if it is.
	public func validate(_ value: Defaults.JSONValue) -> SettingError? {
		typeProblem(value) ?? constraintProblem(value)
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
		switch kind {
		case .bool:
			guard value.boolValue != nil else { return SettingError("expected true or false, not \(value.abbreviatedDescription)") }
		case .integer:
			guard value.integerValue(as: Int64.self) != nil else {
				if let number = value.doubleValue, number.rounded() == number, abs(number) >= 0x1p63 { return Self.tooLargeForAWholeNumber }
				return SettingError("expected a whole number, not \(value.abbreviatedDescription)")
			}
		case .number:
			guard value.doubleValue != nil else { return SettingError("expected a number, not \(value.abbreviatedDescription)") }
		case .string:
			guard value.stringValue != nil else { return SettingError("expected text, not \(value.abbreviatedDescription)") }
		case .url:
			guard let text = value.stringValue, Self.url(from: text) != nil else { return SettingError("expected a URL, not \(value.abbreviatedDescription)") }
		case .date:
			guard let text = value.stringValue, ISO8601.date(from: text) != nil else { return SettingError("expected an ISO 8601 date, not \(value.abbreviatedDescription)") }
		case .choice where allowsMultiple:
			guard let items = value.arrayValue, items.allSatisfy(isChoice) else {
				return SettingError("expected a list of \(choiceTitles), not \(value.abbreviatedDescription)")
			}
			// A checklist holds each choice once (a set): a list naming one twice is a mistake.
			if let twice = items.indices.first(where: { items[..<$0].contains(items[$0]) }).map({ items[$0] }) {
				let title = choices?.first { $0.value == twice }?.title ?? twice.jsonString()
				return SettingError("lists \(title) more than once; each choice is either chosen or not")
			}
		case .choice:
			guard isChoice(value) else { return SettingError("expected one of \(choiceTitles), not \(value.abbreviatedDescription)") }
		case .json:
			break
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
	/// A whole number beyond 64 bits, for a setting of whole numbers.
	private static var tooLargeForAWholeNumber: SettingError {
		SettingError("is too large: a whole-number setting holds -9223372036854775808 to 9223372036854775807")
	}

	package static func formatNumber(_ number: Double) -> String {
		number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
	}

	private func constraintProblem(_ value: Defaults.JSONValue) -> SettingError? {
		if let number = value.doubleValue, kind == .integer || kind == .number {
			if let minimum, number < minimum { return rangeError }
			if let maximum, number > maximum { return rangeError }
		}
		if kind == .string, let text = value.stringValue {
			if let maxLength, text.count > maxLength {
				return SettingError("is \(text.count) characters long; at most \(maxLength) are allowed")
			}
			if let pattern, !Self.matches(text, pattern: pattern) {
				return SettingError("does not match the pattern \(pattern)")
			}
		}
		return nil
	}

	private var rangeError: SettingError {
		SettingError("must be between \(minimum.map(Self.formatNumber) ?? "-∞") and \(maximum.map(Self.formatNumber) ?? "∞")")
	}

	private func parseJSON(_ text: String) -> Result<Defaults.JSONValue, SettingError> {
		let value: Defaults.JSONValue
		do {
			value = try Defaults.JSONValue(parsing: text)
		} catch {
			return .failure(SettingError("\(error)"))
		}
		return validate(value).map { .failure($0) } ?? .success(value)
	}

	private func choice(matching text: String) -> Choice? {
		let options = choices ?? []
		let lowered = text.lowercased()
		return options.first { $0.title.lowercased() == lowered }
			?? options.first { ($0.value.stringValue ?? $0.value.jsonString()).lowercased() == lowered }
	}

	private func isChoice(_ value: Defaults.JSONValue) -> Bool {
		(choices ?? []).contains { $0.value == value }
	}

	private var choiceTitles: String {
		(choices ?? []).map(\.title).joined(separator: ", ")
	}

	private static func url(from text: String) -> URL? {
		guard !text.isEmpty, !text.contains(" ") else { return nil }
		if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
		guard let url = URL(string: text), url.scheme != nil else { return nil }
		return url
	}

	private static func matches(_ text: String, pattern: String) -> Bool {
		guard let expression = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
		return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
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
