@testable import Defaults
@testable import DefaultsTUI
import Testing

@Suite("Presentation")
struct PresentationTests {
	@Test(arguments: [("🚀", 2), ("✅", 2), ("⚡", 2), ("🇩🇪", 2), ("日", 2), ("e\u{301}", 1), ("❤️", 1), ("a", 1)])
	func cellWidths(text: String, cells: Int) {
		#expect(text.cellWidth == cells)
	}

	/// A joined emoji sequence (three people joined by zero-width joiners) is drawn as its first
	/// emoji, and takes that emoji's cells: terminals disagree on the whole sequence (tmux draws it
	/// in two cells, xterm in six), and ncurses counts six.
	@Test func aJoinedEmojiIsDrawnAndCountedAsItsFirstEmoji() {
		let family = "👨\u{200D}👩\u{200D}👧"
		#expect(Character(family).cellWidth == 2)
		#expect("a\(family)b".cellWidth == 4)
		#expect(CellWidth.drawn("a\(family)b") == "a👨b")
		#expect(CellWidth.drawn("a\(family)b").cellWidth == "a\(family)b".cellWidth)
		#expect(CellWidth.drawn("🇩🇪 e\u{301} 👍🏽 a\u{200D}b") == "🇩🇪 e\u{301} 👍🏽 a\u{200D}b", "other clusters, and a joiner between letters, as they are")
		#expect("\(family)\(family)xyz".fitted(to: 5) == "\(family)\(family)…")
	}

	@Test func fittingCountsCellsNotCharacters() {
		let text = "🚀✅⚡🇩🇪"
		#expect(text.fitted(to: 5) == "🚀✅…")
		#expect(text.fitted(to: 10, pad: true).cellWidth == 10)
		#expect("e\u{301}e\u{301}".fitted(to: 2) == "e\u{301}e\u{301}", "combining marks take no cell")
	}

	/// Integers beyond what a Double holds exactly are shown, and edited, as their digits.
	@Test func largeIntegersKeepTheirDigits() {
		let big = Setting(key: "big", title: "Big", kind: .integer, defaultValue: 0)
		let any = Setting(key: "any", title: "Any", kind: .number, defaultValue: 0)
		#expect(big.displayText(for: .unsignedInteger(12_345_678_901_234_567_890)) == "12345678901234567890")
		#expect(any.displayText(for: .integer(Int64.max)) == "9223372036854775807")
		#expect(any.editText(for: .unsignedInteger(UInt64.max)) == "18446744073709551615")
		#expect(any.displayText(for: .double(1.5)) == "1.5")
		#expect(any.displayText(for: .double(3)) == "3")
	}

	/// An in-place edit of a large integer that changes nothing stores nothing new.
	@Test func anUnchangedEditOfALargeIntegerKeepsIt() {
		let big: Defaults.JSONValue = .unsignedInteger(12_345_678_901_234_567_890)
		let fixture = EditorFixture(schema: { _ in
			// A number, as a file without a schema shows it (a whole-number setting holds 64 bits).
			SettingsSchema(title: "T", sections: [.init(title: "S", settings: [Setting(key: "big", title: "Big", kind: .number, defaultValue: 0)])])
		}, stored: ["big": big])
		fixture.select("big")
		fixture.press(.enter)
		#expect(fixture.screen.contains { $0.contains("12345678901234567890") }, "the field shows the digits")
		fixture.press(.enter)
		#expect(fixture.stored("big") == big)
		#expect(fixture.stored("big")?.jsonString() == "12345678901234567890")
	}

	@Test func aWholeNumberTooLargeForItsSettingSaysSo() {
		let count = Setting(key: "count", title: "Count", kind: .integer, defaultValue: 0)
		#expect(count.typeProblem(.unsignedInteger(12_345_678_901_234_567_890))?.message.contains("too large") == true)
		if case .failure(let error) = count.parse("12345678901234567890") {
			#expect(error.message.contains("too large"))
		} else {
			Issue.record("a number past 64 bits was taken")
		}
		if case .failure(let error) = count.parse("1.5") {
			#expect(error.message == #"expected a whole number, not "1.5""#)
		} else {
			Issue.record("1.5 was taken")
		}
	}

	@Test func controlCharactersAreEscaped() {
		#expect("a\nb\tc\u{1B}[2Jd\u{7}".escapingControlCharacters == #"a\nb\tc\e[2Jd\u{7}"#)
		#expect("left\u{202E}right".escapingControlCharacters == #"left\u{202e}right"#)
		#expect("plain ünïcode 🚀".escapingControlCharacters == "plain ünïcode 🚀")
	}

	@Test func displayTextMasksSecretsAndNamesChoices() {
		var token = Setting(key: "token", title: "Token", kind: .string, defaultValue: "")
		token.isSecret = true
		#expect(token.displayText(for: "abc") == "••••••••", "eight dots, whatever the length")
		#expect(token.displayText(for: "") == "(empty)")
		let formats = Setting(key: "f", title: "F", kind: .choice, defaultValue: [], choices: [.init(value: "md", title: "Markdown")], allowsMultiple: true)
		#expect(formats.displayText(for: ["md"]) == "Markdown")
		#expect(formats.displayText(for: []) == "none")
	}
}
