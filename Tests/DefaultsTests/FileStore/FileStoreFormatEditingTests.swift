@testable import Defaults
import Foundation
import Testing

/// A format of the tests' own, outside the library, that edits its files in place: `key=JSON`
/// lines, with `#` comments and blank lines that a save keeps where they are. It is one type
/// and one registration, as a new format of the library is one file and one line.
private struct KeyValueLinesFormat: FileStoreFormat {
	/// The file's lines, as read or written.
	struct Document: Sendable {
		var lines: [String]
	}

	var fileExtensions: [String] { ["kvlines", "kv"] }

	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Array(values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonString())\n" }.joined().utf8)
	}

	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		var values: [String: Defaults.JSONValue] = [:]
		for line in Self.lines(of: bytes) {
			guard let key = Self.key(of: line) else { continue }
			guard let value = try? Defaults.JSONValue(parsing: String(line.dropFirst(key.count + 1))) else {
				throw FileFormatError("line \"\(line)\" is not key=JSON")
			}
			values[key] = value
		}
		return values
	}

	func decodeForEditing(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], document: Document?) {
		(try decode(bytes), bytes.isEmpty ? nil : Document(lines: Self.lines(of: bytes)))
	}

	/// Each changed key's line rewritten where it is, a removed key's line dropped, a new key
	/// added at the end; comments, blank lines and the order of the rest as they were.
	func edit(
		_ document: Document?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Document?) {
		guard let document else {
			let bytes = try encode(values)
			return (bytes, Document(lines: Self.lines(of: bytes)))
		}
		var written = Set<String>()
		var lines: [String] = document.lines.compactMap { line in
			guard let key = Self.key(of: line) else { return line }
			guard let change = changes.values[key] else { return changes.removedAll ? nil : line }
			written.insert(key)
			return change.map { "\(key)=\($0.jsonString())" }
		}
		for (key, value) in changes.values.sorted(by: { $0.key < $1.key }) where !written.contains(key) {
			if let value { lines.append("\(key)=\(value.jsonString())") }
		}
		let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
		return (bytes, Document(lines: lines))
	}

	private static func lines(of bytes: [UInt8]) -> [String] {
		String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
	}

	/// The key of a `key=JSON` line; `nil` for a comment or a blank line.
	private static func key(of line: String) -> String? {
		guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { return nil }
		return String(line[..<equals])
	}
}

@Suite("File store: a format that edits in place")
struct FileStoreFormatEditingTests {
	private static let commented = """
	# Written by hand: the store keeps this comment.
	zoom=2

	# The theme, below a blank line.
	theme="dark"

	"""

	/// The format registered and chosen by the file's name, as `defaults-tui --store` does.
	private func openCommentedFile() throws -> FileStore {
		FileFormats.register(KeyValueLinesFormat())
		let url = Isolated.fileURL("settings.KVLines")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(Self.commented.utf8).write(to: url)
		let format = try #require(FileFormats.format(forPath: url.path))
		#expect(format.fileExtensions == ["kvlines", "kv"], "the registered format, by the file's ending in any case")
		return FileStore(url: url, fileSystem: SystemFileSystem(), format: format, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
	}

	@Test func aSaveChangesTheFileInPlaceThroughTheFormatKeepingItsComments() throws {
		let store = try openCommentedFile()
		#expect(store.storedValues() == ["zoom": 2, "theme": "dark"])
		store.setStoredValue(3, forKey: "zoom")
		try store.flush()
		let once = Self.commented.replacingOccurrences(of: "zoom=2", with: "zoom=3")
		#expect(try String(contentsOf: store.url, encoding: .utf8) == once, "the comments and the blank line stay, the line changes where it is")

		// The next save starts from the document the format gave for the file it wrote.
		store.setStoredValue("light", forKey: "theme")
		store.setStoredValue(true, forKey: "added")
		try store.flush()
		let twice = once.replacingOccurrences(of: "theme=\"dark\"", with: "theme=\"light\"") + "added=true\n"
		#expect(try String(contentsOf: store.url, encoding: .utf8) == twice)

		// Changed by hand meanwhile: the save reads the file anew, for the format to edit.
		let byHand = twice + "# Added by hand.\n"
		try Data(byHand.utf8).write(to: store.url)
		store.removeStoredValue(forKey: "zoom")
		try store.flush()
		#expect(try String(contentsOf: store.url, encoding: .utf8) == byHand.replacingOccurrences(of: "zoom=3\n", with: ""))
		#expect(FileStore(url: store.url, format: KeyValueLinesFormat()).storedValues() == ["theme": "light", "added": true])
	}

	@Test func removingEveryValueKeepsTheCommentsOfTheFile() throws {
		let store = try openCommentedFile()
		store.removeAllStoredValues()
		try store.flush()
		#expect(try String(contentsOf: store.url, encoding: .utf8) == "# Written by hand: the store keeps this comment.\n\n# The theme, below a blank line.\n")
	}

	/// What a save does with any format, without a store: read the file for editing, write the
	/// changes into the document, and write again into the document that gave.
	private func edited<Format: FileStoreFormat>(
		_ format: Format, _ text: String, _ first: Defaults.ChangeBatch, then second: Defaults.ChangeBatch
	) throws -> (once: String, twice: String) {
		var problems: [FileFormatProblem] = []
		let read = try format.decodeForEditing(Array(text.utf8), problems: &problems)
		let once = try format.edit(read.document, applying: first, giving: first.applied(to: read.values))
		let twice = try format.edit(once.document, applying: second, giving: second.applied(to: try format.decode(once.bytes)))
		return (String(decoding: once.bytes, as: UTF8.self), String(decoding: twice.bytes, as: UTF8.self))
	}

	@Test func jsonAndATestFormatEditInPlaceThroughTheSameRequirements() throws {
		let json = try edited(
			JSONFileFormat(), "{\n\t// Shown in the title bar\n\t\"title\": \"Notes\", /* short */\n\t\"zoom\": 2,\n}\n",
			.init(values: ["title": "Journal"]), then: .init(values: ["zoom": nil])
		)
		#expect(json.once == "{\n\t// Shown in the title bar\n\t\"title\": \"Journal\", /* short */\n\t\"zoom\": 2,\n}\n")
		#expect(json.twice == "{\n\t// Shown in the title bar\n\t\"title\": \"Journal\", /* short */\n}\n")
		let lines = try edited(KeyValueLinesFormat(), Self.commented, .init(values: ["zoom": 3]), then: .init(values: ["theme": nil]))
		#expect(lines.once == Self.commented.replacingOccurrences(of: "zoom=2", with: "zoom=3"))
		#expect(lines.twice == "# Written by hand: the store keeps this comment.\nzoom=3\n\n# The theme, below a blank line.\n")

		// Without a document, a new file: what encode writes.
		let fresh = try JSONFileFormat().edit(nil, applying: .init(values: ["a": 1]), giving: ["a": 1])
		#expect(fresh.bytes == (try JSONFileFormat().encode(["a": 1])))
	}

	@Test func aFileChosenByNoFormatIsLeftToTheCaller() {
		#expect(FileFormats.format(forPath: "/home/me/.config/Code/User/settings.jsonc") is JSONFileFormat)
		#expect(FileFormats.format(forPath: "/etc/app/SETTINGS.JSON") is JSONFileFormat)
		#expect(FileFormats.format(forPath: "/home/me/.prettierrc") == nil, "a name that starts with a dot has no ending")
		#expect(FileFormats.format(forPath: "/home/me/app.json/settings") == nil, "the ending is the file's, not its folder's")
		#expect(FileFormats.format(forPath: "/home/me/settings.") == nil)
		#expect(FileFormats.format(forPath: "/home/me/settings.yaml") == nil)
		#expect(FileFormats.fileExtension(of: "settings.json") == "json", "a name alone")
		#expect(FileFormats.fileExtension(of: "/a/b.c/d.tar.GZ") == "gz", "the last ending, lowercase")
		#expect(FileFormats.fileExtension(of: "/a/config.jsonc/") == "jsonc", "a trailing slash")
		#expect(FileFormats.fileExtension(of: ".prettierrc") == nil)
		#expect(FileFormats.fileExtension(of: "/home/me/.config.json") == "json", "a dotfile with an ending")
		#expect(FileFormats.fileExtension(of: "/home/me/réglages.JSÖN") == "jsön", "not only ASCII")
		#expect(FileFormats.fileExtension(of: "") == nil)
	}

	@Test func aFormatNamesItsStandardFileFromItsEnding() {
		#expect(JSONFileFormat().standardFileName == "settings.json")
		#expect(KeyValueLinesFormat().standardFileName == "settings.kvlines")
		#expect(FileFormats.all.first is JSONFileFormat, "JSON is built in")
	}
}
