@testable import DefaultsTUI
import Foundation
import Testing

@Suite("Keymap")
struct KeyMapTests {
	@Test func eachKeyMeansOneThingInEachContext() {
		for context in KeyContext.allCases {
			var seen: [EditorKey: Command] = [:]
			for binding in KeyMap.bindings(in: context) {
				for key in binding.keys {
					#expect(seen[key] == nil, "\(key) is bound twice in \(context): \(seen[key].map { "\($0)" } ?? "") and \(binding.command)")
					seen[key] = binding.command
				}
			}
		}
	}

	@Test func typingContextsBindNoPrintableCharacter() {
		for context in [KeyContext.editingText, .filtering, .choosingOne, .choosingMany] {
			for binding in KeyMap.bindings(in: context) {
				for case .character(let character) in binding.keys {
					#expect(character == " " && context != .editingText && context != .filtering, "\(character) would stop being typed in \(context)")
				}
			}
		}
	}

	@Test func theHintBarKeepsHelpAndQuitAtAnyWidth() {
		for width in [40, 50, 60, 80, 120] {
			let fixture = EditorFixture(width: width, height: 20)
			fixture.select("fontSize")
			let hints = fixture.hintBar
			#expect(hints.contains("? help") && hints.contains("q quit"), "at \(width) columns: \(hints)")
			#expect(!hints.contains("…"), "hints are dropped whole, not cut")
		}
		let wide = EditorFixture(width: 200, height: 20)
		wide.select("fontSize")
		#expect(wide.hintBar.contains("R all") && wide.hintBar.contains("< > 8/32"))
		let narrow = EditorFixture(width: 40, height: 20)
		narrow.select("fontSize")
		#expect(!narrow.hintBar.contains("R all"), "the least important go first")
	}

	/// The documents that show the key tables and the picture of the editor: README and the editor's DocC article.
	static let documents = ["README.md", "Sources/DefaultsTUI/DefaultsTUI.docc/UsingTheEditor.md"]

	/// The text of one of ``documents``, read from the package's checkout.
	static func document(_ path: String) throws -> String {
		let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
		return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
	}

	@Test(arguments: documents) func keyTablesComeFromTheKeymap(path: String) throws {
		let readme = try Self.document(path)
		let begin = "<!-- keys:begin (generated from Sources/DefaultsTUI/KeyMap.swift; a test checks it) -->\n"
		let end = "\n<!-- keys:end -->"
		let start = try #require(readme.range(of: begin)?.upperBound)
		let stop = try #require(readme.range(of: end, range: start..<readme.endIndex)?.lowerBound)
		#expect(String(readme[start..<stop]) == KeyMap.markdown(), "\(path)'s key tables differ from the keymap; paste KeyMap.markdown()")
	}

	@Test(arguments: documents) func pictureOfTheEditorIsWhatTheEditorDraws(path: String) throws {
		let readme = try Self.document(path)
		let start = try #require(readme.range(of: "```text\n Harbor Notes")).lowerBound
		let body = try #require(readme.range(of: "```text\n", range: start..<readme.endIndex)?.upperBound)
		let stop = try #require(readme.range(of: "\n```", range: body..<readme.endIndex)?.lowerBound)
		let fixture = EditorFixture(width: 100, height: 30, stored: ["theme": "light", "fontSize": 16, "lineSpacing": 1.3])
		fixture.model.storeDescription = "/tmp/tui-demo/defaults-tui/settings.json"
		fixture.select("lineSpacing")
		let drawn = fixture.screen.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
		let pictured = readme[body..<stop].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
		#expect(pictured == drawn, "\(path)'s picture of the editor differs from what it draws:\n\(drawn.joined(separator: "\n"))")
	}

	@Test func theKeysPageListsEveryBinding() {
		let fixture = EditorFixture(width: 120, height: 400)
		fixture.press(.function(1))
		let page = fixture.screen.joined(separator: "\n")
		for binding in KeyMap.bindings {
			#expect(page.contains(binding.label + " ") && page.contains(binding.description.prefix(40)), "\(binding.label) is missing")
		}
	}

	/// Messages name keys through the keymap: the key a message names is one that is bound
	/// to the command in that context.
	@Test(arguments: [
		(Command.reset, KeyContext.browsing, "r", EditorKey.character("r")),
		(.showAll, .browsing, "Esc", .escape),
		(.takeOutsideValue, .editingText, "Ctrl-R", .control("r")),
		(.reveal, .editingText, "Ctrl-T", .control("t")),
		(.confirm, .confirmingReset, "y", .character("y")),
		(.decline, .confirmingReset, "n", .character("n")),
		(.keysHelp, .reading, "?", .character("?")),
	])
	func messagesNameTheBoundKey(command: Command, context: KeyContext, name: String, key: EditorKey) {
		#expect(KeyMap.keyName(for: command, in: context) == name)
		#expect(KeyMap.command(for: key, in: context) == command)
	}

	@Test func theResetAllQuestionAndAChangeUnderAnEditNameTheirKeys() {
		let fixture = EditorFixture(stored: ["theme": "dark"])
		fixture.press(.character("R"))
		#expect(fixture.screen.contains { $0.contains("to their defaults? (y/n)") })
		fixture.press(.character("n"))
		fixture.select("username")
		fixture.press(.enter)
		fixture.store.setStoredValue("someone", forKey: "username")
		fixture.model.storeDidChange(keys: ["username"])
		#expect(fixture.messageLine.contains("Enter keeps your edit, Ctrl-R takes the new value, Esc"), "\(fixture.messageLine)")
	}
}
