import Defaults
import Foundation

extension Setting {
	/**
	A value as a person reads it: `on`/`off` aside, text without quotes but with control
	characters escaped, a choice's title, compact JSON, a secret masked.

	```swift
	theme.displayText(for: "dark")            //=> dark
	notes.displayText(for: "one\ntwo")        //=> one\ntwo
	token.displayText(for: "s3cret")          //=> ••••••••
	```
	*/
	package func displayText(for value: Defaults.JSONValue?, revealingSecrets: Bool = false) -> String {
		guard let value, !value.isNull else { return "not set" }
		if isSecret, !revealingSecrets {
			return Self.masked(value.stringValue ?? value.jsonString())
		}
		return plainText(for: value).shortened(to: Self.shownCharacters).escapingControlCharacters
	}

	/// The most characters of a value ``displayText(for:revealingSecrets:)`` gives, more than any
	/// screen or table shows: a long value (a 10 MB key) costs no more to show than a short one.
	package static let shownCharacters = 1000

	/// A secret's value as JSON output shows it: its dots as a string (`null` stays `null`).
	package func maskedJSON(_ value: Defaults.JSONValue?) -> Defaults.JSONValue {
		guard let value, !value.isNull else { return .null }
		return .string(Self.masked(value.stringValue ?? value.jsonString()))
	}

	/// The text an in-place edit starts with (unescaped: the person edits the real text).
	func editText(for value: Defaults.JSONValue?) -> String {
		guard let value, !value.isNull else { return "" }
		if kind == .json { return value.jsonString() }
		return plainText(for: value)
	}

	/// A secret as dots, ``secretMask`` whatever its length (which would help guess it), or "(empty)".
	static func masked(_ text: String) -> String {
		text.isEmpty ? "(empty)" : secretMask
	}

	/// The dots that stand for any secret that is not empty: eight, so they say nothing of its length.
	static let secretMask = String(repeating: "•", count: 8)

	private func plainText(for value: Defaults.JSONValue) -> String {
		if let choices, kind == .choice {
			if allowsMultiple, let items = value.arrayValue {
				let titles = items.map { item in choices.first { $0.value == item }?.title ?? item.jsonString() }
				return titles.isEmpty ? "none" : titles.joined(separator: ", ")
			}
			if let choice = choices.first(where: { $0.value == value }) { return choice.title }
		}
		if kind == .number || kind == .integer {
			// Integers as their digits: through a Double, 12345678901234567890 would show (and an
			// unchanged in-place edit would store) 1.2345678901234567e+19.
			switch value {
			case .integer(let number): return String(number)
			case .unsignedInteger(let number): return String(number)
			case .double(let number): return Self.formatNumber(number)
			default: break
			}
		}
		if kind != .json, let text = value.stringValue { return text }
		return value.jsonString()
	}
}

extension String {
	/// The first `limit` characters, and "…" after them when the text is longer; counts no further
	/// than `limit`, whatever the text's length.
	///
	/// ```swift
	/// "Harbor Notes".shortened(to: 6)   //=> "Harbor…"
	/// ```
	package func shortened(to limit: Int) -> String {
		guard let end = index(startIndex, offsetBy: limit, limitedBy: endIndex), end < endIndex else { return self }
		return String(self[..<end]) + "…"
	}

	/**
	The text with control characters shown as escapes (`\n`, `\t`, `\e`, `\u{7}`), so a
	value can neither break the layout nor send escape sequences to the terminal.
	Bidirectional overrides are escaped too, so text cannot appear reordered.
	*/
	package var escapingControlCharacters: String {
		guard unicodeScalars.contains(where: \.needsEscaping) else { return self }
		var result = ""
		for scalar in unicodeScalars {
			guard scalar.needsEscaping else {
				result.unicodeScalars.append(scalar)
				continue
			}
			switch scalar {
			case "\n": result += "\\n"
			case "\t": result += "\\t"
			case "\r": result += "\\r"
			case "\u{1B}": result += "\\e"
			default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
			}
		}
		return result
	}
}

extension Unicode.Scalar {
	/// C0 and C1 controls, DEL, line and paragraph separators, and bidirectional overrides.
	fileprivate var needsEscaping: Bool {
		switch value {
		case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
		default: false
		}
	}
}
