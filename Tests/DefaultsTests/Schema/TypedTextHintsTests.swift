@testable import Defaults
@testable import DefaultsSchema
import Testing

/// Text in a notation a setting does not take is refused with how to write it.
@Suite("Typed values in another notation")
struct TypedTextHintsTests {
	private let count = Setting(key: "count", title: "Count", kind: .integer, defaultValue: 1)
	private let slider = Setting(key: "spacing", title: "Spacing", kind: .number, defaultValue: 1.2, minimum: 1, maximum: 2)
	private let window = Setting(key: "window", title: "Window", kind: .json, defaultValue: ["x": 1])

	private func message(_ setting: Setting, _ text: String) -> String? {
		if case .failure(let error) = setting.parse(text) { return error.message }
		return nil
	}

	@Test func decimalNumbersAreTold() {
		for text in ["12", "-3", "+4", "1.5", ".5", "5.", "1e3", "2.5E-2", "007"] {
			#expect(TypedTextHints.isDecimal(text), "\(text)")
		}
		for text in ["", "-", ".", "e3", "1e", "0x10", "inf", "nan", "1_000", "1.2.3", "12abc", " 1"] {
			#expect(!TypedTextHints.isDecimal(text), "\(text)")
		}
	}

	@Test func aNumberInAnotherNotationIsRefusedByEveryNumericKind() {
		#expect(message(count, "0x10") == "'0x10' is not a number; write it in decimal, such as 16")
		#expect(message(count, " 0x10 ") == "'0x10' is not a number; write it in decimal, such as 16")
		#expect(message(slider, "0x1p0") == "'0x1p0' is not a number; write it in decimal, such as 1", "1, in range, is not taken from hexadecimal")
		#expect(message(slider, "0x10") == "'0x10' is not a number; write it in decimal, such as 16")
		#expect(message(count, "inf") == "'inf' is not a number a setting can hold; write a number in decimal, such as 16")
		#expect(message(slider, "nan") == "'nan' is not a number a setting can hold; write a number in decimal, such as 16")
		#expect(message(count, "12345678901234567890")?.contains("too large") == true, "a decimal number past 64 bits is still too large")
		#expect(message(count, "ten") == #"expected a whole number, not "ten""#)
		#expect(count.parse("16") == .success(16))
		#expect(slider.parse("1.5") == .success(1.5))
	}

	@Test func aBareWordWhereJSONIsExpectedIsToldToQuoteIt() {
		#expect(message(window, "auto") == #"'auto' is not JSON; text needs quotes: '"auto"'"#)
		#expect(message(window, "nul") == #"'nul' is not JSON; text needs quotes: '"nul"'"#)
		#expect(message(window, #"a\b c"#) == #"'a\b c' is not JSON; text needs quotes: '"a\\b c"'"#, "the quoted form is JSON")
		#expect(message(window, "oops[]")?.hasPrefix("invalid JSON at line 1, column 1") == true, "an attempt at JSON is told where it goes wrong")
		#expect(message(window, #"say "hi""#)?.hasPrefix("invalid JSON") == true)
		#expect(message(window, "0x10") == #"'0x10' is not JSON: write a number in decimal, such as 16, and text in quotes: '"0x10"'"#)
		#expect(message(window, "{")?.hasPrefix("invalid JSON at line 1") == true, "JSON broken inside says where")
		#expect(message(window, "x\ny")?.hasPrefix("invalid JSON") == true, "several lines are not a word")
	}
}
