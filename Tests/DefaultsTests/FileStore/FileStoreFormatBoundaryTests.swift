import Foundation
import Testing

/// The file store asks its format (``FileStoreFormat``) for what it reads and writes, and
/// never tells formats apart: checked in its sources, so that a shortcut for JSON cannot come
/// back. The formats themselves live in `Stores/FileStore/Formats`.
@Suite("File store: no format named outside its own files")
struct FileStoreFormatBoundaryTests {
	private static let root = URL(fileURLWithPath: #filePath)
		.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

	/// The names of the JSON format's types, and the casts that would tell one format from another.
	private static let shortcut = #"\b(JSONFileFormat|JSONFileText|EditableJSONText|PrettyObjectText)\b|(as[?!]?|is)\s+(any\s+)?\w*Format\b"#

	/// `text` without its comments (a comment may name a format, as an example): `//` to the end
	/// of a line, and blocks from a line that starts with `/*` to a line of `*/` (a block's text
	/// may quote `/* */` itself).
	static func code(of text: String) -> String {
		var inBlock = false
		var lines: [Substring] = []
		for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
			let trimmed = line.trimmingCharacters(in: .whitespaces)
			if inBlock {
				inBlock = trimmed != "*/"
			} else if trimmed.hasPrefix("/*") {
				inBlock = !trimmed.hasSuffix("*/")
			} else {
				lines.append(line.range(of: "//").map { line[..<$0.lowerBound] } ?? line)
			}
		}
		return lines.joined(separator: "\n")
	}

	/// Each line of the store's code that names a format or tells formats apart, as `file: line`.
	static func shortcuts(in folder: URL) throws -> [String] {
		try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".swift") }.flatMap { name in
			let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
			return code(of: text).split(separator: "\n").filter { $0.range(of: shortcut, options: .regularExpression) != nil }
				.map { "\(name): \($0.trimmingCharacters(in: .whitespaces))" }
		}
	}

	@Test func theStoreNamesNoFormatAndCastsToNone() throws {
		let found = try Self.shortcuts(in: Self.root.appendingPathComponent("Sources/Defaults/Stores/FileStore"))
		#expect(found.isEmpty, "the store decides by its format: \(found)")
	}

	@Test func theCheckFindsANamedFormatAndACast() {
		let text = """
		/// ``JSONFileFormat`` in a comment is no shortcut.
		/**
		Nor in a block, quoting `/* */`: ``JSONFileFormat``.
		*/
		if let json = format as? JSONFileFormat { }
		let text: EditableJSONText? = nil
		guard format is LinesFormat else { return }
		"""
		let lines = Self.code(of: text).split(separator: "\n").filter { $0.range(of: Self.shortcut, options: .regularExpression) != nil }
		#expect(lines.count == 3)
	}
}
