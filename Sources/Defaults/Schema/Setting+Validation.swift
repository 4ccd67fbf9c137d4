import Foundation

extension Setting {
	/**
	Turns text a person typed into this setting's stored form, or explains what is wrong.

	Booleans accept `true`/`false`, `yes`/`no`, `on`/`off` and `1`/`0`; choices accept
	a choice's title or value; JSON settings take JSON; dates take ISO 8601. The
	result is also checked with ``validate(_:)``.

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
			guard let number = Int64(trimmed) else { return .failure(SettingError("expected a whole number, not \"\(text)\"")) }
			value = .integer(number)
		case .number:
			guard let number = Double(trimmed), number.isFinite else { return .failure(SettingError("expected a number, not \"\(text)\"")) }
			value = .double(number)
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
		case .choice:
			let options = choices ?? []
			let match = options.first { $0.title.lowercased() == trimmed.lowercased() }
				?? options.first { ($0.value.stringValue ?? $0.value.jsonString()).lowercased() == trimmed.lowercased() }
			guard let match else {
				return .failure(SettingError("expected one of \(options.map { $0.title }.joined(separator: ", ")), not \"\(text)\""))
			}
			value = match.value
		case .json:
			do {
				value = try Defaults.JSONValue(parsing: text)
			} catch {
				return .failure(SettingError("\(error)"))
			}
		}
		if let problem = validate(value) {
			return .failure(problem)
		}
		return .success(value)
	}

	/// Why `value` is not a valid stored value for this setting, or `nil` if it is.
	public func validate(_ value: Defaults.JSONValue) -> SettingError? {
		if value.isNull {
			return isOptional ? nil : SettingError("\(title) cannot be empty")
		}
		switch kind {
		case .bool:
			guard value.boolValue != nil else { return SettingError("expected true or false, not \(value)") }
		case .integer:
			guard let number = value.integerValue(as: Int64.self) else { return SettingError("expected a whole number, not \(value)") }
			if let problem = checkRange(Double(number)) { return problem }
		case .number:
			guard let number = value.doubleValue else { return SettingError("expected a number, not \(value)") }
			if let problem = checkRange(number) { return problem }
		case .string:
			guard let text = value.stringValue else { return SettingError("expected text, not \(value)") }
			if let maxLength, text.count > maxLength {
				return SettingError("is \(text.count) characters long; at most \(maxLength) are allowed")
			}
			if let pattern, !Self.matches(text, pattern: pattern) {
				return SettingError("does not match the pattern \(pattern)")
			}
		case .url:
			guard let text = value.stringValue, Self.url(from: text) != nil else { return SettingError("expected a URL, not \(value)") }
		case .date:
			guard let text = value.stringValue, ISO8601.date(from: text) != nil else { return SettingError("expected an ISO 8601 date, not \(value)") }
		case .choice:
			guard (choices ?? []).contains(where: { $0.value == value }) else {
				return SettingError("expected one of \((choices ?? []).map { $0.title }.joined(separator: ", ")), not \(value)")
			}
		case .json:
			break
		}
		if let typeCheck, !typeCheck.check(value) {
			return SettingError("is not a valid \(typeName): \(value.abbreviatedDescription)")
		}
		return nil
	}

	/// The value as a person reads it: `on`/`off` aside, text without quotes, a choice's title, compact JSON.
	public func displayText(for value: Defaults.JSONValue?) -> String {
		guard let value, !value.isNull else { return "not set" }
		if isSecret {
			if value.stringValue?.isEmpty == true { return "(empty)" }
			return String(repeating: "•", count: min(8, value.stringValue?.count ?? 8))
		}
		switch kind {
		case .string, .url, .date:
			return value.stringValue ?? value.jsonString()
		case .choice:
			return choices?.first { $0.value == value }?.title ?? value.jsonString()
		case .number:
			if let number = value.doubleValue { return Self.formatNumber(number) }
			return value.jsonString()
		default:
			return value.jsonString()
		}
	}

	/// The text to start editing with.
	public func editText(for value: Defaults.JSONValue?) -> String {
		guard let value, !value.isNull else { return "" }
		switch kind {
		case .json: return value.jsonString()
		case .number: return value.doubleValue.map(Self.formatNumber) ?? value.jsonString()
		case .choice: return displayText(for: value)
		default: return value.stringValue ?? value.jsonString()
		}
	}

	/// A number as the editor shows it: `2` rather than `2.0`.
	public static func formatNumber(_ number: Double) -> String {
		number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
	}

	private func checkRange(_ number: Double) -> SettingError? {
		if let minimum, number < minimum { return SettingError("must be between \(Self.formatNumber(minimum)) and \(maximum.map(Self.formatNumber) ?? "∞")") }
		if let maximum, number > maximum { return SettingError("must be between \(minimum.map(Self.formatNumber) ?? "-∞") and \(Self.formatNumber(maximum))") }
		return nil
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
	public let message: String

	public init(_ message: String) {
		self.message = message
	}

	public var description: String { message }
}
