@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A secret's mask says nothing of its length: the same eight dots for `ab` and for a long
/// token, in the row, the status and message lines, the help page, while typing it, and at the
/// line prompts.
@Suite("Secrets: masks of one length")
struct SecretMaskTests {
	private static let mask = "••••••••"

	/// Every place the editor shows the secret, for a stored `secret`.
	private func screens(storing secret: String) -> [String] {
		let fixture = EditorFixture(stored: ["accessToken": .string(secret)])
		fixture.select("accessToken")
		var shown = fixture.screen
		fixture.press(.character("?"))
		shown += fixture.screen
		return shown
	}

	@Test func theRowTheStatusLineAndTheHelpPageShowEightDotsWhateverTheLength() {
		for secret in ["qz", "sekret", "a-much-longer-access-token-than-eight"] {
			let shown = screens(storing: secret)
			#expect(!shown.joined().contains(secret))
			let row = shown.first { $0.contains("Access Token") } ?? ""
			#expect(row.contains(Self.mask) && !row.contains(Self.mask + "•"), "\(secret): \(row)")
			for line in shown where line.contains("•") {
				let runs = line.split { $0 != "•" }
				#expect(runs.allSatisfy { $0.count == 8 }, "\(secret): \(line)")
			}
		}
		#expect(screens(storing: "qz").filter { $0.contains("•") } == screens(storing: "sekret").filter { $0.contains("•") })
		#expect(Setting.masked("") == "(empty)")
	}

	@Test func theMessageAfterSettingASecretShowsEightDots() {
		let fixture = EditorFixture()
		fixture.select("accessToken")
		fixture.press(.enter)
		fixture.type("ab")
		fixture.press(.enter)
		#expect(fixture.stored("accessToken") == "ab")
		#expect(fixture.messageLine.contains("Access Token set to \(Self.mask)."), "\(fixture.messageLine)")
		#expect(!fixture.messageLine.contains(Self.mask + "•"))
	}

	@Test func typingASecretShowsTheSameDotsWhateverItsLength() {
		var fields: [String] = []
		for typed in ["ab", "sekret-sekret-sekret"] {
			let fixture = EditorFixture(stored: ["accessToken": "old"])
			fixture.select("accessToken")
			fixture.press(.enter)
			let opened = fixture.row("Access Token") ?? ""
			#expect(opened.contains("[\(Self.mask) "), "the stored value's length does not show either: \(opened)")
			fixture.press(.control("u"))
			#expect(fixture.row("Access Token")?.contains("[ ") == true, "an empty field shows no dots")
			fixture.type(typed)
			let row = fixture.row("Access Token") ?? ""
			#expect(!row.contains(typed) && row.contains("[\(Self.mask) "), "\(row)")
			fields.append(row)
			fixture.press(.control("t"))
			#expect(fixture.row("Access Token")?.contains("[\(typed)") == true, "Ctrl-T still shows it")
		}
		#expect(fields[0] == fields[1])
	}

	@Test func theLinePromptsNeverShowDotsNorTheLength() {
		let store = InMemoryStore()
		let plain = PlainEditorModel(model: EditorModel(schema: DemoSettings.schema(store: store), store: store), width: 80)
		var lines: [String] = []
		for secret in ["ab", "sekret"] {
			var output = plain.handle(line: "accessToken")
			lines += output.lines + [output.prompt]
			output = plain.handle(line: secret)
			lines += output.lines + [output.prompt]
			lines += plain.handle(line: "l").lines
		}
		#expect(lines.contains("Access Token set to a hidden value."), "\(lines)")
		#expect(lines.contains { $0.contains("Access Token: set, hidden") })
		#expect(!lines.joined().contains("•") && !lines.joined().contains("sekret"))
	}
}
