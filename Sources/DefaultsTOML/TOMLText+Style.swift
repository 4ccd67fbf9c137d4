import Defaults

extension TOMLText {
	/// The text of `new` in the style of the value at `range` it replaces, where the new value allows it:
	/// a date or time stays unquoted when the new string is one, a 'literal' string stays literal,
	/// and a multi-line string (`"""` or `'''`) stays multi-line, in the text's line ends; an integer
	/// keeps its base and its groups of digits.
	func text(of new: Defaults.JSONValue, name: String, replacing range: Range<Int>) throws(FileFormatError) -> String {
		let old = bytes[range]
		if case .string(let string) = new, let first = old.first {
			if TOMLParser.isDigit(first), TOMLParser.isDateTime(ArraySlice(string.utf8)) {
				return string
			}
			if old.starts(with: Array("'''".utf8)) {
				return multiLineLiteral(string, old: old) ?? multiLineBasic(string, old: old)
			}
			if old.starts(with: Array("\"\"\"".utf8)) {
				return multiLineBasic(string, old: old)
			}
			if first == UInt8(ascii: "'"), string.unicodeScalars.allSatisfy({ $0 != "'" && Self.isLiteralScalar($0) }) {
				return "'" + string + "'"
			}
		}
		if case .integer(let number) = new, let text = integer(number, like: old) {
			return text
		}
		return try TOMLWriter.inline(new, path: name.isEmpty ? [] : [name])
	}

	/// An integer written as the one it replaces: in the same base (`0xff` → `0x1ff`, upper or lower
	/// case as it was) when not negative, with `_` between groups of three digits when it had them
	/// (`1_000` → `2_500`); `nil` for plain decimal.
	private func integer(_ number: Int64, like old: ArraySlice<UInt8>) -> String? {
		let text = String(decoding: old, as: UTF8.self)
		for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) && number >= 0 {
			return prefix + String(number, radix: radix, uppercase: text.dropFirst(2).contains { $0.isUppercase })
		}
		let groups = text.drop { $0 == "+" || $0 == "-" }.split(separator: "_", omittingEmptySubsequences: false)
		guard groups.count > 1, groups.allSatisfy({ $0.allSatisfy(\.isNumber) }), groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
			return nil
		}
		var digits = String(number.magnitude)
		var grouped: [Substring] = []
		while digits.count > 3 {
			grouped.insert(Substring(digits.suffix(3)), at: 0)
			digits.removeLast(3)
		}
		grouped.insert(Substring(digits), at: 0)
		return (number < 0 ? "-" : "") + grouped.joined(separator: "_")
	}

	/// A character a literal string may hold as it is (no control character but a tab).
	private static func isLiteralScalar(_ scalar: Unicode.Scalar) -> Bool {
		(scalar.value >= 0x20 || scalar == "\t") && scalar.value != 0x7F
	}

	/// Whether the old multi-line string began with a line end right after its quotes, which TOML leaves out.
	private func opensWithLineEnd(_ old: ArraySlice<UInt8>) -> Bool {
		let afterQuotes = old.dropFirst(3)
		return afterQuotes.first == 0x0A || afterQuotes.starts(with: [0x0D, 0x0A])
	}

	/// `'''…'''`, when `string` has no `'''`, no control character but a tab and line feeds, and does
	/// not end with a quote; `nil` when it cannot be written so.
	private func multiLineLiteral(_ string: String, old: ArraySlice<UInt8>) -> String? {
		guard !string.contains("'''"), !string.hasSuffix("'"),
		      string.unicodeScalars.allSatisfy({ $0 == "\n" || Self.isLiteralScalar($0) })
		else { return nil }
		return "'''" + opening(string, old: old) + string.replacingLineFeeds(with: lineEnd) + "'''"
	}

	/// `"""…"""`, with escapes for backslashes, control characters but a tab and line feeds, and each third quote
	/// in a row (one or two quotes may stand right before the closing ones).
	private func multiLineBasic(_ string: String, old: ArraySlice<UInt8>) -> String {
		var text = ""
		var quotes = 0
		for scalar in string.unicodeScalars {
			quotes = scalar == "\"" ? quotes + 1 : 0
			switch scalar {
			case "\\": text += "\\\\"
			case "\n": text += lineEnd
			// A third quote in a row, or a quote at the end, would close the string.
			case "\"" where quotes == 3:
				text += "\\\""
				quotes = 0
			default:
				if scalar != "\t", scalar.value < 0x20 || scalar.value == 0x7F {
					let hex = String(scalar.value, radix: 16, uppercase: true)
					text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
				} else {
					text.unicodeScalars.append(scalar)
				}
			}
		}
		return "\"\"\"" + opening(string, old: old) + text + "\"\"\""
	}

	/// The line end after the opening quotes: kept where the old string had one, and needed when the
	/// new one begins with a line feed (else TOML would leave that out).
	private func opening(_ string: String, old: ArraySlice<UInt8>) -> String {
		opensWithLineEnd(old) || string.hasPrefix("\n") ? lineEnd : ""
	}
}
