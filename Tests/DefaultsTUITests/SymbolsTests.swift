@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// The symbols' ASCII stand-ins, for a terminal whose locale's codeset is not UTF-8 (`LANG=C`).
@Suite("Symbols and their ASCII")
struct SymbolsTests {
	@Test func everyStandInIsASCIIAndTakesTheSymbolsCells() {
		for (symbol, fallback) in Symbols.table {
			#expect(fallback.sameWidth.allSatisfy { $0.isASCII } && fallback.spelled.allSatisfy { $0.isASCII }, "\(symbol)")
			#expect(fallback.sameWidth.cellWidth == symbol.cellWidth, "\(symbol) takes \(symbol.cellWidth) cells, “\(fallback.sameWidth)” \(fallback.sameWidth.cellWidth)")
		}
	}

	/// Every character the editor draws beyond ASCII in its own words (its sources' string
	/// literals) is in the table, so none reaches a terminal that cannot show it.
	@Test func everySymbolTheEditorDrawsIsInTheTable() throws {
		let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent("Sources/DefaultsTUI")
		let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
			.filter { $0.pathExtension == "swift" && !$0.path.contains("/Plain/") }
		var missing: Set<Character> = []
		for file in files {
			for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
				let code = line.trimmingCharacters(in: .whitespaces)
				guard !code.hasPrefix("//"), !code.hasPrefix("*"), !code.hasPrefix("-"), !code.hasPrefix("```"), let quote = code.firstIndex(of: "\"") else { continue }
				// The part in quotes and after, leaving out trailing comments.
				let literal = code[quote...].components(separatedBy: " //").first ?? ""
				for character in literal where !character.isASCII && Symbols.table[character] == nil {
					missing.insert(character)
				}
			}
		}
		// Examples of wide characters in code, and the joiner inside them.
		missing.subtract(["👨", "👩", "👧", "🚀", "日", "本"])
		#expect(missing.isEmpty, "not in the table: \(missing.sorted())")
	}

	@Test func aScreenInASCIIHasTheSameCellsWithoutSymbols() throws {
		let fixture = EditorFixture(stored: ["theme": "dark", "fontSize": 20, "accessToken": "s3cret"])
		let unicode = fixture.model.render()
		fixture.model.drawsASCIISymbols = true
		let ascii = fixture.model.render()
		for (line, original) in zip(ascii.text, unicode.text) {
			#expect(line.allSatisfy { $0.isASCII }, "\(line)")
			#expect(line.cellWidth == original.cellWidth, "\(line)")
		}
		let row = { (title: String) in ascii.text.first { $0.contains(title) } ?? "" }
		#expect(row("Theme").contains("* Theme") && row("Theme").contains("< dark >"), "\(row("Theme"))")
		#expect(row("Font Size").contains("============*----------- 20"), "\(row("Font Size"))")
		#expect(row("Access Token").contains("******"), "\(row("Access Token"))")
		#expect(ascii.text.last?.hasPrefix(" Up/Down move  Space flip  Left/Right off/on") == true, "the hint bar spells keys out: \(ascii.text.last ?? "")")
	}

	@Test func helpPagesAndListsAreInASCIITooWhereAsked() throws {
		let fixture = EditorFixture()
		fixture.model.drawsASCIISymbols = true
		fixture.select("theme")
		fixture.press(.enter)
		#expect(fixture.screen.allSatisfy { $0.allSatisfy { $0.isASCII } }, "the picker's list:\n\(fixture.screen.joined(separator: "\n"))")
		#expect(fixture.screen.contains { $0.contains("+----") }, "its box")
		fixture.press(.escape, .function(1))
		let page = fixture.screen
		#expect(page.allSatisfy { $0.allSatisfy { $0.isASCII } }, "the keys page:\n\(page.joined(separator: "\n"))")
		#expect(page.contains { $0.contains("Up k") }, "keys spelled out:\n\(page.joined(separator: "\n"))")
		let browser = ProgramBrowser(entries: [ProgramEntry(name: "notes", schema: DemoSettings.schema(store: InMemoryStore()), modifiedCount: 1)])
		browser.handle(.resize(width: 100, height: 20))
		browser.drawsASCIISymbols = true
		#expect(browser.render().text.allSatisfy { $0.allSatisfy { $0.isASCII } }, "\(browser.render().text.joined(separator: "\n"))")
		#expect(browser.render().text.last?.contains("Up/Down move") == true)
	}

	@Test func spelledSymbolsNameTheirKeys() {
		#expect(Symbols.spelled("↑↓ move  ⏎ apply  ␣ check  ←→") == "Up/Down move  Enter apply  Space check  Left/Right")
		#expect(Symbols.spelled("⇧← [") == "Shift-Left [")
		#expect(Symbols.sameWidth("● é “x” 🔒…") == "* é \"x\" L .")
	}
}
