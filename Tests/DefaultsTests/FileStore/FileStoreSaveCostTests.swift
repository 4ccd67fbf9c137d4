@testable import Defaults
import ChildProcess
import Foundation
import Testing

/// JSON, counting how often a file is parsed.
private final class CountingJSONFormat: FileStoreFormat, @unchecked Sendable {
	private let lock = NSLock()
	private var decodes = 0
	var decodeCount: Int { lock.withLock { decodes } }

	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		try JSONFileFormat().encode(values)
	}

	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		lock.withLock { decodes += 1 }
		return try JSONFileFormat().decode(bytes)
	}
}

@Suite("File store: what a save reads")
struct FileStoreSaveCostTests {
	private func store(format: CountingJSONFormat) -> FileStore {
		FileStore(url: Isolated.fileURL(), fileSystem: SystemFileSystem(), format: format, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
	}

	@Test func aFileAsThisStoreWroteItIsNotParsedAgain() throws {
		let format = CountingJSONFormat()
		let store = store(format: format)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		let before = format.decodeCount
		for value in 2...5 {
			store.setStoredValue(.integer(Int64(value)), forKey: "a")
			try store.flush()
		}
		#expect(format.decodeCount == before, "four saves, no parse")
	}

	@Test func aFileChangedByAnotherProcessIsParsedAndMerged() throws {
		let format = CountingJSONFormat()
		let store = store(format: format)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		let other = FileStore(url: store.url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		other.setStoredValue("theirs", forKey: "b")
		try other.flush()
		let before = format.decodeCount
		store.setStoredValue(2, forKey: "a")
		try store.flush()
		#expect(format.decodeCount == before + 1)
		#expect(FileStore(url: store.url).storedValues() == ["a": 2, "b": "theirs"])
	}

	/// File times are coarse (a few milliseconds), so an edit in place of the same size can leave
	/// the file's identity as it was: the bytes still tell it apart.
	@Test func anEditInPlaceThatKeepsTheIdentityIsStillMerged() throws {
		let format = CountingJSONFormat()
		let store = store(format: format)
		store.setStoredValue(1, forKey: "a")
		store.setStoredValue("xx", forKey: "b")
		try store.flush()
		let path = store.url.path
		var before = stat()
		try #require(stat(path, &before) == 0)
		let text = try String(contentsOf: store.url, encoding: .utf8)
		let edited = text.replacingOccurrences(of: "\"xx\"", with: "\"yy\"")
		try #require(edited.utf8.count == text.utf8.count && edited != text)
		let descriptor = open(path, O_WRONLY | O_TRUNC)
		try #require(descriptor >= 0)
		_ = edited.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, edited.utf8.count) }
		// Put the modification time back, as a same-size edit within one clock tick leaves it.
		var times = [before.st_atim, before.st_mtim]
		futimens(descriptor, &times)
		close(descriptor)
		#expect(SystemFileSystem().identity(atPath: path) == store.lastWritten?.identity, "the identity alone cannot tell")

		store.setStoredValue(2, forKey: "a")
		try store.flush()
		#expect(FileStore(url: store.url).storedValues() == ["a": 2, "b": "yy"], "the edit is merged, not overwritten")
	}
}

@Suite("File store: what a save to another program's file reads")
struct FileStoreForeignSaveCostTests {
	/// 300 keys as another program writes them: Python's `json.dump(indent=2, sort_keys=True)`
	/// (no line break at the end), or by hand with comments and a trailing comma.
	private static func text(_ layout: String) -> String {
		let keys = (0..<300).map { "key\($0)" }
		if layout == "sorted" {
			return "{\n" + keys.sorted().map { "  \"\($0)\": \($0.dropFirst(3))" }.joined(separator: ",\n") + "\n}"
		}
		return "// By hand\n{\n" + keys.map { "    \"\($0)\": \($0.dropFirst(3)), // \($0)\n" }.joined() + "}\n"
	}

	/// The file is read once, by the first save, with where its members lie; each save then
	/// checks its edit where it is rather than reading the whole file back.
	@Test(arguments: ["sorted", "commented"])
	func eachSaveReadsTheWholeTextOnlyWhenItReadsTheFile(layout: String) throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		let original = Self.text(layout)
		try Data(original.utf8).write(to: url)
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(-1, forKey: "key150")
		try store.flush()
		#expect(store.wholeTextReadCount == 1, "the first save reads the file once")
		#expect(try String(contentsOf: url, encoding: .utf8) == original.replacingOccurrences(of: "\"key150\": 150,", with: "\"key150\": -1,"))

		for value in 2...4 {
			store.setStoredValue(.integer(Int64(value * 1000)), forKey: "key\(value)")
			try store.flush()
		}
		store.removeStoredValue(forKey: "key7")
		store.setStoredValue("*/ // \"", forKey: "added")
		try store.flush()
		#expect(store.wholeTextReadCount == 1, "each edit checked where it is")
		var expected = (0..<300).reduce(into: [String: Defaults.JSONValue]()) { $0["key\($1)"] = .integer(Int64($1)) }
		expected["key150"] = -1
		for value in 2...4 { expected["key\(value)"] = .integer(Int64(value * 1000)) }
		expected["key7"] = nil
		expected["added"] = "*/ // \""
		#expect(FileStore(url: url, access: .readOnly).storedValues() == expected)

		// Another process's change: the next save reads the file anew, once.
		let other = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		other.setStoredValue(55, forKey: "key5")
		try other.flush()
		store.setStoredValue(66, forKey: "key6")
		try store.flush()
		#expect(store.wholeTextReadCount == 2)
		#expect(FileStore(url: url, access: .readOnly).storedValues()["key5"] == 55)
	}
}

@Suite("File store: when a write is saved")
struct FileStoreSaveTimingTests {
	@Test func aWriteToAnIdleStoreIsSavedAtOnceAndTheNextWaitsForTheWindow() async throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .leadingEdge(window: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "first")
		#expect(await eventually(within: .seconds(10)) { FileStore(url: url, access: .readOnly).storedValues()["first"] == 1 }, "saved without flush() or a wait")
		// The file is in place before that save has finished: a change made in its last moments
		// would join it. Waiting for it to finish (flush has nothing more to write) starts the window cleanly.
		try store.flush()
		store.setStoredValue(2, forKey: "second")
		try await Task.sleep(for: .milliseconds(300))
		#expect(FileStore(url: url, access: .readOnly).storedValues()["second"] == nil, "within the window: gathered for later")
		try store.flush()
		#expect(FileStore(url: url, access: .readOnly).storedValues() == ["first": 1, "second": 2])
	}
}

@Suite("File store: the key order kept between saves")
struct FileStoreKeyOrderTests {
	@Test func everySaveWritesTheKeysSortedWhateverChanged() throws {
		let store = FileStore(url: Isolated.fileURL(), fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		func expectCanonical(_ comment: Comment) throws {
			try store.flush()
			let text = try String(contentsOf: store.url, encoding: .utf8)
			#expect(text == Defaults.JSONValue.object(store.storedValues()).jsonString(pretty: true), comment)
		}
		for key in ["m", "c", "x", "a"] { store.setStoredValue(1, forKey: key) }
		try expectCanonical("first save")
		store.setStoredValue(2, forKey: "c")
		try expectCanonical("a changed value, the same keys")
		store.setStoredValue(3, forKey: "b")
		try expectCanonical("a new key between others")
		store.removeStoredValue(forKey: "m")
		try expectCanonical("a removed key")
		store.setStoredValue(4, forKey: "m")
		store.removeStoredValue(forKey: "x")
		try expectCanonical("one back, one gone: as many keys as before, not the same")
		let other = FileStore(url: store.url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		other.setStoredValue(5, forKey: "0-first")
		try other.flush()
		store.setStoredValue(6, forKey: "a")
		try expectCanonical("a key another process added")
	}
}
