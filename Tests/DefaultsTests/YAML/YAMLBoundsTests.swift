@testable import Defaults
import DefaultsYAML
import Foundation
import Testing

/// Bad YAML input is refused naming its line and column, and in bounded time and memory: an
/// alias bomb, deep nesting, invalid UTF-8, a file of 100 MB.
@Suite struct YAMLBoundsTests {
	private func error(_ text: String) -> String? {
		do {
			_ = try YAMLFileFormat().decode(Array(text.utf8))
			return nil
		} catch {
			return error.reason
		}
	}

	@Test(arguments: [
		("a: 1\nb: [1, 2\n", "line 3, column 1"),
		("a: 1\n  b: 2\n", "line 2, column 4"),
		("a: 1\nb: 2\na: 3\n", "line 3, column 1: the key a is written twice"),
		("x:\n  é: 1\n  é: 2\n", "line 3, column 3: the key é is written twice"),
		("? [a, b]\n: 1\n", "line 1, column 3: a key is a sequence or a mapping"),
		("- a\n- b\n", "line 1, column 1: the document is a sequence"),
		("just text\n", "line 1, column 1: the document is a scalar"),
		("a: *nowhere\n", "line 1, column 4: the alias *nowhere names no anchor"),
		("a: &x [1, *x]\n", "line 1, column 11: the alias *x is inside the value it names"),
		("a: !!int twelve\n", "line 1, column 4: the value twelve is tagged !!int"),
		("a: 'x\u{7}'\n", "line 1, column 6"),
		("é: \"ü\" x\n", "line 1, column 10"),
		("a: 1\r\nb: [\r\n", "line 3, column 1"),
		("<<: 1\n", "line 1, column 1: a merge key (<<) names something other than mappings"),
	])
	func refusesNamingLineAndColumn(text: String, expected: String) {
		let reason = error(text)
		#expect(reason?.contains(expected) == true, "\(text.debugDescription): \(reason ?? "read")")
		#expect(reason?.hasPrefix("it is not valid YAML (") == true)
	}

	@Test func theReasonWithoutContentNamesNoKeyOrAlias() {
		for text in ["secret: 1\nsecret: 2\n", "a: *secret\n", "a: !!int secret\n", "a: &secret [*secret]\n"] {
			do {
				_ = try YAMLFileFormat().decode(Array(text.utf8))
				Issue.record("read \(text.debugDescription)")
			} catch {
				#expect(error.reason.contains("secret"))
				#expect(error.reasonWithoutContent?.contains("secret") == false, "\(error.reasonWithoutContent ?? "none")")
				#expect(error.reasonWithoutContent?.contains("line 1") == true || error.reasonWithoutContent?.contains("line 2") == true)
			}
		}
	}

	@Test func anAliasBombIsRefusedQuicklyNamingWhere() {
		var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
		for level in 1...8 {
			let previous = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(level - 1)))
			let name = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
			text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
		}
		let clock = ContinuousClock()
		let start = clock.now
		let reason = error(text)
		#expect(clock.now - start < .seconds(2))
		#expect(reason?.contains("the aliases expand to too many values") == true, "\(reason ?? "read")")
		#expect(reason?.contains("line 6, column") == true, "\(reason ?? "read")")
		// A file of many aliases within the budget reads.
		#expect(error("a: &a [1, 2, 3]\n" + (0..<200).map { "k\($0): *a\n" }.joined()) == nil)
	}

	@Test func deepNestingIsRefused() {
		let depth = Defaults.JSONValue.maximumNestingDepth
		// Refused while parsing, at the first collection too deep, before anything recurses into them.
		let flow = error("a: " + String(repeating: "[", count: depth + 10) + String(repeating: "]", count: depth + 10) + "\n")
		#expect(flow?.contains("line 1, column \(3 + depth): the values nest more than \(depth) levels deep") == true, "\(flow ?? "read")")
		let block = (0..<(depth + 10)).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1\n"
		#expect(error(block)?.contains("nest more than") == true)
		let deepest = "a: " + String(repeating: "[", count: depth - 2) + String(repeating: "]", count: depth - 2) + "\n"
		#expect(error(deepest) == nil, "the deepest value a store keeps reads")
		// Through aliases too.
		let nested = "a: &a " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\nb: &b [[*a]]\nc: " + String(repeating: "[", count: 250) + "*b" + String(repeating: "]", count: 250) + "\n"
		#expect(error(nested)?.contains("nest more than") == true)
	}

	@Test func invalidUTF8IsNamedWithItsLineAndColumn() {
		let bytes = Array("a: 1\nb: caf".utf8) + [0xE9] + Array("\n".utf8)
		#expect(throws: FileFormatError("it is not valid YAML (line 2, column 7: the text is not UTF-8 here)", withoutContent: "it is not valid YAML (line 2, column 7: the text is not UTF-8 here)")) {
			try YAMLFileFormat().decode(bytes)
		}
		#expect(throws: FileFormatError.self) { try YAMLFileFormat().decode([0xFF, 0xFE, 0x61, 0x00]) }
		#expect(throws: FileFormatError.self) { try YAMLFileFormat().decode(Array("a: \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"\n".utf8)) }
	}

	@Test func aFileOf100MBIsRefusedQuicklyThroughAFileStore() throws {
		let url = Isolated.fileURL("settings.yaml")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		let line = Array("key: a value that repeats until the file is large\n".utf8)
		var bytes: [UInt8] = []
		bytes.reserveCapacity(100_000_000 + line.count)
		while bytes.count < 100_000_000 { bytes += line }
		try Data(bytes).write(to: url)
		bytes = []
		let clock = ContinuousClock()
		let start = clock.now
		var opened: FileStore?
		_ = collectProblems {
			opened = FileStore(url: url, fileSystem: SystemFileSystem(), format: YAMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		}
		let store = try #require(opened)
		#expect(clock.now - start < .seconds(2))
		#expect(store.loadError?.kind == .tooLarge)
		#expect(store.storedValues().isEmpty)
	}
}
