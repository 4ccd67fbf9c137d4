@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// Coming back to the list of programs: the search and its selected setting as they were, a
/// hint that says where Esc goes, and only the programs shown read (not every one, on every return).
@Suite("The list of programs: coming back, and reading only what is shown")
struct ProgramBrowserReadingTests {
	private static let schema = SettingsSchema(title: "Tool", sections: [.init(title: "Editor", settings: [
		Setting(key: "fontSize", title: "Font Size", kind: .integer, defaultValue: 14),
		Setting(key: "fontName", title: "Font Name", kind: .string, defaultValue: "Mono"),
	])])

	/// `count` programs listed by name, whose details (counted in `reads`) are read when asked.
	private static func lazyEntries(_ count: Int, reads: Locked<Int>) -> [ProgramEntry] {
		(0..<count).map { index in
			let name = String(format: "program%03d", index)
			return ProgramEntry(name: name, location: "/schemas/\(name).json") {
				reads.withLock { $0 += 1 }
				return ProgramEntry(name: name, schema: schema, modifiedCount: index % 3, location: "/schemas/\(name).json")
			}
		}
	}

	@Test func comingBackFromASearchHitKeepsThatHitSelected() {
		let reads = Locked(0)
		let browser = ProgramBrowser(entries: Self.lazyEntries(5, reads: reads))
		browser.handle(.resize(width: 100, height: 20))
		browser.handle(.character("/"))
		for character in "font" { browser.handle(.character(character)) }
		browser.handle(.down)
		browser.handle(.down)
		browser.handle(.down)
		let opened = browser.hits[3]
		#expect(browser.handle(.enter) == .open(program: opened.program, settingKey: opened.key))
		// Back from the program: the list is read again.
		browser.replaceEntries(Self.lazyEntries(5, reads: reads))
		#expect(browser.selectedHit == 3, "the hit that was opened stays selected")
		#expect(browser.handle(.enter) == .open(program: opened.program, settingKey: opened.key))
		#expect(browser.render().lines.contains { line in line.first?.style == .selected && line.contains { $0.text.contains("program001 › Editor › Font Name") } })
	}

	@Test func theEditorsHintSaysWhereEscGoesBack() {
		let reads = Locked(0)
		let browser = ProgramBrowser(entries: Self.lazyEntries(3, reads: reads))
		#expect(browser.backHint == "programs")
		browser.handle(.character("/"))
		for character in "font" { browser.handle(.character(character)) }
		#expect(browser.backHint == "search", "Esc in a program opened from a hit goes back to the search")

		let fixture = EditorFixture()
		fixture.model.canGoBack = true
		fixture.model.backHint = browser.backHint
		#expect(fixture.hintBar.contains("Esc search"), "\(fixture.hintBar)")
		#expect(!fixture.hintBar.contains("programs"))
	}

	/// With 200 programs, starting and coming back read the programs on the screen, not all 200;
	/// only a search reads them all (once for each list read).
	@Test func onlyTheProgramsShownAreRead() {
		let reads = Locked(0)
		let browser = ProgramBrowser(entries: Self.lazyEntries(200, reads: reads))
		browser.handle(.resize(width: 100, height: 30))
		let screen = browser.render().text
		#expect(screen[1].contains("Tool") && screen[1].contains("2 settings · 0 modified"), "\(screen[1])")
		#expect(reads.value <= 26, "a screenful read at the start: \(reads.value)")
		browser.handle(.end)
		#expect(browser.render().text.contains { $0.contains("program199") && $0.contains("2 settings · 1 modified") })
		#expect(reads.value <= 52, "and a screenful more at the end: \(reads.value)")
		#expect(browser.handle(.enter) == .open(program: "program199", settingKey: nil))

		reads.withLock { $0 = 0 }
		browser.replaceEntries(Self.lazyEntries(200, reads: reads))
		_ = browser.render()
		#expect(reads.value <= 26, "coming back reads a screenful again: \(reads.value)")

		reads.withLock { $0 = 0 }
		browser.handle(.character("/"))
		#expect(reads.value == 0, "an empty search reads nothing")
		for character in "font" { browser.handle(.character(character)) }
		#expect(browser.hits.count == 400)
		_ = browser.render()
		#expect(reads.value <= 200, "a search reads every program once: \(reads.value)")
	}

	@Test func aFileVersionCacheMakesAValueAgainOnlyWhenAFileChanged() throws {
		let directory = FileManager.default.temporaryDirectory.appendingPathComponent("versions-\(UUID().uuidString)", isDirectory: true)
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		defer { try? FileManager.default.removeItem(at: directory) }
		let schema = directory.appendingPathComponent("schema.json")
		let settings = directory.appendingPathComponent("settings.json")
		try Data("{}".utf8).write(to: schema)
		let cache = FileVersionCache<Int>()
		var made = 0
		func value() -> Int {
			cache.value(for: "tool", files: [schema, settings]) {
				made += 1
				return made
			}
		}
		#expect(value() == 1)
		#expect(value() == 1, "the same files: the value made before")
		try Data(#"{"a": 1}"#.utf8).write(to: settings)
		#expect(value() == 2, "a file that appeared")
		#expect(value() == 2)
		let replacement = directory.appendingPathComponent("settings.new")
		try Data(#"{"a": 2}"#.utf8).write(to: replacement)
		#expect(rename(replacement.path, settings.path) == 0)
		#expect(value() == 3, "a file replaced by another (same size)")
		try FileManager.default.removeItem(at: schema)
		#expect(value() == 4, "a file that went away")
		#expect(cache.value(for: "other", files: [settings]) { 10 } == 10, "each key its own")
	}
}
