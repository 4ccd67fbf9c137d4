@testable import Defaults
@testable import DefaultsTUI
import Testing

@Suite("Presentation")
struct PresentationTests {
	@Test(arguments: [("🚀", 2), ("✅", 2), ("⚡", 2), ("🇩🇪", 2), ("日", 2), ("e\u{301}", 1), ("❤️", 1), ("a", 1)])
	func cellWidths(text: String, cells: Int) {
		#expect(text.cellWidth == cells)
	}

	@Test func fittingCountsCellsNotCharacters() {
		let text = "🚀✅⚡🇩🇪"
		#expect(text.fitted(to: 5) == "🚀✅…")
		#expect(text.fitted(to: 10, pad: true).cellWidth == 10)
		#expect("e\u{301}e\u{301}".fitted(to: 2) == "e\u{301}e\u{301}", "combining marks take no cell")
	}

	@Test func controlCharactersAreEscaped() {
		#expect("a\nb\tc\u{1B}[2Jd\u{7}".escapingControlCharacters == #"a\nb\tc\e[2Jd\u{7}"#)
		#expect("left\u{202E}right".escapingControlCharacters == #"left\u{202e}right"#)
		#expect("plain ünïcode 🚀".escapingControlCharacters == "plain ünïcode 🚀")
	}

	@Test func displayTextMasksSecretsAndNamesChoices() {
		var token = Setting(key: "token", title: "Token", kind: .string, defaultValue: "")
		token.isSecret = true
		#expect(token.displayText(for: "abc") == "•••")
		#expect(token.displayText(for: "") == "(empty)")
		let formats = Setting(key: "f", title: "F", kind: .choice, defaultValue: [], choices: [.init(value: "md", title: "Markdown")], allowsMultiple: true)
		#expect(formats.displayText(for: ["md"]) == "Markdown")
		#expect(formats.displayText(for: []) == "none")
	}
}
