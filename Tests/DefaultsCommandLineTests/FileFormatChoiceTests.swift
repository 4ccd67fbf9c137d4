import Defaults
@testable import defaults_tui
import Foundation
import Testing

/// A format of the tests' own: `key=JSON` lines, `#` comments kept where they are by a save.
private struct CommentedLinesFormat: FileStoreFormat {
	struct Document: Sendable {
		var lines: [String]
	}

	var fileExtensions: [String] { ["cli-lines"] }

	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Array(values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonString())\n" }.joined().utf8)
	}

	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		var values: [String: Defaults.JSONValue] = [:]
		for line in Self.lines(of: bytes) where !line.hasPrefix("#") {
			guard let equals = line.firstIndex(of: "="), let value = try? Defaults.JSONValue(parsing: String(line[line.index(after: equals)...])) else {
				throw FileFormatError("line \"\(line)\" is not key=JSON")
			}
			values[String(line[..<equals])] = value
		}
		return values
	}

	func decodeForEditing(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], document: Document?) {
		(try decode(bytes), Document(lines: Self.lines(of: bytes)))
	}

	func edit(
		_ document: Document?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Document?) {
		let comments = (document?.lines ?? []).filter { $0.hasPrefix("#") }
		let lines = comments + values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonString())" }
		return (Array(lines.map { $0 + "\n" }.joined().utf8), Document(lines: lines))
	}

	private static func lines(of bytes: [UInt8]) -> [String] {
		String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
	}
}

/// `--store <file>` opens the file in the format its ending names (``FileFormats``), and
/// JSON for any other name, as before there were formats to choose from.
@Suite("The command line: a settings file's format, by its name")
struct FileFormatChoiceTests {
	@Test func aStoreNamedWithARegisteredEndingIsOpenedInThatFormat() throws {
		FileFormats.register(CommentedLinesFormat())
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("app.cli-lines")
		try Data("# Kept by every save.\nretries=3\n".utf8).write(to: file)
		// Not JSON: opened as JSON, the file would be refused as one that does not parse.
		let opened = try SettingsOptions.openFile(schema: nil, store: file.path, access: .readWrite, watching: false)
		#expect(opened.store.storedValues() == ["retries": 3])
		opened.store.setStoredValue(5, forKey: "retries")
		try opened.store.saveNow(timeout: .seconds(30))
		#expect(try String(contentsOf: file, encoding: .utf8) == "# Kept by every save.\nretries=5\n")

		let word = try #require(CommandWords.problem(in: ["app.cli-lines"]))
		#expect(word.message.contains("defaults-tui --store app.cli-lines"), "a file's name, by a format's ending: \(word.message)")
	}

	@Test func aStoreWithAnyOtherNameIsJSON() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent(".apprc")
		try Data("{\n  // By hand\n  \"retries\": 3\n}\n".utf8).write(to: file)
		let set = try cli.run("--store", file.path, "set", "retries", "4")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8) == "{\n  // By hand\n  \"retries\": 4\n}\n")
	}
}
