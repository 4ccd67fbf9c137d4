@testable import Defaults
import Foundation
import Testing

@Suite("File store: other programs' files, edited in place", .timeLimit(.minutes(1)))
struct FileStoreForeignFileTests {
	/// A project's TypeScript settings as people write them: comments of both kinds, blank
	/// lines, keys in the order that makes sense to them, trailing commas.
	private let tsconfig = """
	{
	  // Shared by the editor and the build.
	  "compilerOptions": {
	    /* Language and environment */
	    "target": "es2022",
	    "lib": ["es2022", "dom"],
	    "module": "nodenext",

	    /* Type checking */
	    "strict": false, // on once the old code has types
	    "noUnusedLocals": true,

	    /* Emit */
	    "outDir": "./build",
	    "sourceMap": true,
	  },
	  "include": ["src/**/*.ts"],
	  "exclude": ["node_modules", "build"], // generated
	}

	"""

	private func file(holding text: String) throws -> URL {
		let url = Isolated.fileURL("tsconfig.json")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(text.utf8).write(to: url)
		return url
	}

	/// A store that saves only when flushed and reloads only when told.
	private func store(at url: URL) -> FileStore {
		FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
	}

	private func text(of url: URL) throws -> String {
		try String(contentsOf: url, encoding: .utf8)
	}

	private func compilerOptions(of store: FileStore) throws -> [String: Defaults.JSONValue] {
		try #require(store.storedValue(forKey: "compilerOptions")?.objectValue)
	}

	@Test func aFileWithCommentsIsReadAndNotMovedAside() throws {
		let url = try file(holding: tsconfig)
		var opened: FileStore?
		let problems = collectProblems { opened = FileStore(url: url) }
		let store = try #require(opened)
		#expect(problems.isEmpty, "\(problems)")
		#expect(store.loadError == nil)
		#expect(store.storedValue(forKey: "include") == ["src/**/*.ts"])
		#expect(try compilerOptions(of: store)["strict"] == false)
		#expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).filter { $0.contains(".corrupt-") }.isEmpty)
		#expect(try text(of: url) == tsconfig, "reading writes nothing")
	}

	@Test func settingOneNestedMemberChangesOnlyItsValue() throws {
		let url = try file(holding: tsconfig)
		let store = store(at: url)
		var options = try compilerOptions(of: store)
		options["strict"] = true
		store.setStoredValue(.object(options), forKey: "compilerOptions")
		try store.flush()
		#expect(try text(of: url) == tsconfig.replacingOccurrences(of: #""strict": false"#, with: #""strict": true"#))
	}

	@Test func aRemovedAndAnAddedMemberKeepEveryComment() throws {
		let url = try file(holding: tsconfig)
		let store = store(at: url)
		store.removeStoredValue(forKey: "exclude")
		store.setStoredValue([["path": "./shared"]], forKey: "references")
		try store.flush()
		let expected = tsconfig.replacingOccurrences(
			of: "  \"exclude\": [\"node_modules\", \"build\"], // generated\n",
			with: "  \"references\": [\n    {\n      \"path\": \"./shared\"\n    }\n  ],\n"
		)
		#expect(try text(of: url) == expected)
	}

	/// The second save starts from the file the first one wrote, without reading it again.
	@Test func consecutiveSavesStayInPlace() throws {
		let url = try file(holding: tsconfig)
		let store = store(at: url)
		store.setStoredValue("./base.json", forKey: "extends")
		try store.flush()
		store.setStoredValue(["src/**/*.ts", "test/**/*.ts"], forKey: "include")
		try store.flush()
		let expected = tsconfig
			// An item appended in the array's own (inline) style (issue #38).
			.replacingOccurrences(of: #"["src/**/*.ts"]"#, with: #"["src/**/*.ts", "test/**/*.ts"]"#)
			.replacingOccurrences(of: "// generated\n}", with: "// generated\n  \"extends\": \"./base.json\",\n}")
		#expect(try text(of: url) == expected)
		#expect(FileStore(url: url).storedValue(forKey: "extends") == "./base.json")
	}

	@Test func removingEveryValueLeavesTheCommentsAndTheObject() throws {
		let url = try file(holding: tsconfig)
		let store = store(at: url)
		Defaults.removeAll(suite: store)
		try store.flush()
		#expect(try text(of: url) == "{\n  // Shared by the editor and the build.\n}\n")
		Defaults.removeAll(suite: store)
		store.setStoredValue("./base.json", forKey: "extends")
		try store.flush()
		#expect(try text(of: url) == "{\n  // Shared by the editor and the build.\n  \"extends\": \"./base.json\"\n}\n")
	}

	@Test func anotherProcesssChangeIsMergedInPlaceWithThisOne() throws {
		let url = try file(holding: tsconfig)
		let store = store(at: url)
		#expect(try StoreHelper.run(["set", url.path, "include", #"["lib/**/*.ts"]"#]) == 0)
		var options = try compilerOptions(of: store)
		options["noUnusedLocals"] = false
		store.setStoredValue(.object(options), forKey: "compilerOptions")
		try store.flush()
		let expected = tsconfig
			// The item changed in place (issue #38).
			.replacingOccurrences(of: #"["src/**/*.ts"]"#, with: #"["lib/**/*.ts"]"#)
			.replacingOccurrences(of: #""noUnusedLocals": true"#, with: #""noUnusedLocals": false"#)
		#expect(try text(of: url) == expected)
		#expect(store.storedValue(forKey: "include") == ["lib/**/*.ts"], "the other process's change reached this one")
	}

	@Test func windowsLineEndingsAndTheFilesSpacingAreKept() throws {
		let lint = "{\r\n    \"default\": true,\r\n    \"MD013\": { \"line_length\": 120 }\r\n}\r\n"
		let url = try file(holding: lint)
		let store = store(at: url)
		store.setStoredValue(["line_length": 100], forKey: "MD013")
		store.setStoredValue(false, forKey: "MD033")
		try store.flush()
		#expect(try text(of: url) == "{\r\n    \"default\": true,\r\n    \"MD013\": { \"line_length\": 100 },\r\n    \"MD033\": false\r\n}\r\n")
	}

	@Test func aHandWrittenFileWithoutCommentsIsEditedInPlaceToo() throws {
		let url = try file(holding: #"{"volume": 7, "name": "edited by hand"}"#)
		let store = store(at: url)
		store.setStoredValue(8, forKey: "volume")
		try store.flush()
		#expect(try text(of: url) == #"{"volume": 8, "name": "edited by hand"}"#)
	}

	/// A file exactly as the library writes it is not another program's: new keys go in their sorted place.
	@Test func aFileInTheLibrarysFormatKeepsItsSortedKeys() throws {
		let url = try file(holding: String(decoding: try JSONFileFormat().encode(["b": 1, "d": ["x": 1]]), as: UTF8.self))
		let store = store(at: url)
		store.setStoredValue(2, forKey: "c")
		store.setStoredValue(0, forKey: "a")
		try store.flush()
		#expect(try text(of: url) == "{\n  \"a\": 0,\n  \"b\": 1,\n  \"c\": 2,\n  \"d\": {\n    \"x\": 1\n  }\n}\n")
	}

	/// Numbers the library keeps as written (`1e400`) are part of its own format.
	@Test func aFileInTheLibrarysFormatWithAKeptNumberKeepsItsSortedKeys() throws {
		let url = try file(holding: "{\n  \"a\": 1e400,\n  \"c\": 1\n}\n")
		var opened: FileStore?
		_ = collectProblems { opened = self.store(at: url) }
		let store = try #require(opened)
		store.setStoredValue(2, forKey: "b")
		try store.flush()
		#expect(try text(of: url) == "{\n  \"a\": 1e400,\n  \"b\": 2,\n  \"c\": 1\n}\n")
	}

	/// An edit in place that would not read back as the values the store holds is not written.
	@Test func anEditThatWouldNotReadBackAsTheValuesIsRefused() throws {
		let format = JSONFileFormat()
		let document = try EditableJSONText(parsing: Array(tsconfig.utf8))
		let changes = Defaults.ChangeBatch(values: ["include": ["lib"]])
		var values = document.values
		values["include"] = ["lib"]
		#expect(throws: Never.self) { try format.text(applying: changes, to: .foreign(document), giving: values) }
		values["exclude"] = nil
		#expect(throws: FileFormatError.self) { try format.text(applying: changes, to: .foreign(document), giving: values) }
	}

	/// `{}` written by hand holds nothing to keep: the store writes it as its own.
	@Test func anEmptyObjectWithoutCommentsIsWrittenInTheLibrarysFormat() throws {
		let url = try file(holding: "{ }")
		let store = store(at: url)
		store.setStoredValue(2, forKey: "b")
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		#expect(try text(of: url) == "{\n  \"a\": 1,\n  \"b\": 2\n}\n")
	}

	@Test func anOutsideEditThatAddsCommentsIsAChangeNotABrokenFile() throws {
		let url = Isolated.fileURL()
		let store = store(at: url)
		store.setStoredValue(1, forKey: "size")
		try store.flush()
		try Data("{\n  // bigger, for the projector\n  \"size\": 3,\n}\n".utf8).write(to: url)
		let problems = collectProblems { store.reloadAfterOutsideChange() }
		#expect(problems.isEmpty, "\(problems)")
		#expect(store.storedValue(forKey: "size") == 3)
		store.setStoredValue(4, forKey: "size")
		try store.flush()
		#expect(try text(of: url) == "{\n  // bigger, for the projector\n  \"size\": 4,\n}\n")
	}

	@Test func bytesThatAreNotJSONEvenWithCommentsAreLeftAsTheyAre() throws {
		let text = "{\n  \"a\": 1 /* never closed\n}\n"
		let url = try file(holding: text)
		var opened: FileStore?
		let problems = collectProblems { opened = FileStore(url: url) }
		#expect(opened?.storedValues().isEmpty == true)
		#expect(problems.first?.message.contains("unterminated comment") == true, "\(problems)")
		let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
		#expect(names == ["tsconfig.json"], "\(names)")
		#expect(try self.text(of: url) == text)
	}

	@Test func aReadOnlyStoreReadsAFileWithComments() throws {
		let url = try file(holding: tsconfig)
		let store = FileStore(url: url, access: .readOnly)
		#expect(store.loadError == nil)
		#expect(store.storedValue(forKey: "exclude") == ["node_modules", "build"])
	}
}
