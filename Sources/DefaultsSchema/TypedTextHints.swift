import Defaults
import Foundation

/**
What to tell a person whose typed value is in a notation a setting does not take: a number
that is not decimal (`0x10`, `inf`, which Swift's own parsers read), and a bare word where JSON
is expected (`auto`, which is text only in quotes).

```swift
TypedTextHints.notDecimal("0x10")?.message  //=> '0x10' is not a number; write it in decimal, such as 16
TypedTextHints.notJSON("auto")?.message     //=> 'auto' is not JSON; text needs quotes: '"auto"'
```
*/
enum TypedTextHints {
	/// Whether `text` is a decimal number: an optional sign, digits with an optional fraction
	/// (`12`, `1.5`, `.5`, `5.`), and an optional exponent (`1e3`, `2.5E-2`).
	static func isDecimal(_ text: String) -> Bool {
		var bytes = text.utf8[...]
		if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
		let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
		let whole = bytes.prefix(while: isDigit)
		bytes = bytes.dropFirst(whole.count)
		var fraction = bytes.prefix(0)
		if bytes.first == UInt8(ascii: ".") {
			fraction = bytes.dropFirst().prefix(while: isDigit)
			bytes = bytes.dropFirst(1 + fraction.count)
		}
		guard !whole.isEmpty || !fraction.isEmpty else { return false }
		if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
			bytes = bytes.dropFirst()
			if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
			let exponent = bytes.prefix(while: isDigit)
			guard !exponent.isEmpty else { return false }
			bytes = bytes.dropFirst(exponent.count)
		}
		return bytes.isEmpty
	}

	/// Why `trimmed`, a number in a notation other than decimal (hexadecimal `0x10`, `0x1p4`,
	/// `inf`, `nan`), is refused; `nil` for a decimal number or text that is no number at all.
	static func notDecimal(_ trimmed: String) -> SettingError? {
		guard !isDecimal(trimmed), let number = Double(trimmed) else { return nil }
		guard number.isFinite else {
			return SettingError("'\(trimmed)' is not a number a setting can hold; write a number in decimal, such as 16")
		}
		return SettingError("'\(trimmed)' is not a number; write it in decimal, such as \(Setting.formatNumber(number))")
	}

	/// Why `text`, which is not JSON, is refused where JSON is expected, when it is bare words or a
	/// number on one line (`auto`, `off`, `0x10`): it names the quoted text that would be taken.
	/// `nil` for text with brackets, braces or quotes (an attempt at JSON) or on several lines, of
	/// which the JSON parser's own message, naming the line and column, says more.
	static func notJSON(_ text: String) -> SettingError? {
		let trimmed = text.trimmingCharacters(in: .whitespaces)
		guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isNewline || "{}[]\"".contains($0) }) else { return nil }
		let quoted = Defaults.JSONValue.string(trimmed).jsonString()
		if let number = Double(trimmed), number.isFinite, !isDecimal(trimmed) {
			return SettingError("'\(trimmed)' is not JSON: write a number in decimal, such as \(Setting.formatNumber(number)), and text in quotes: '\(quoted)'")
		}
		return SettingError("'\(trimmed)' is not JSON; text needs quotes: '\(quoted)'")
	}
}
