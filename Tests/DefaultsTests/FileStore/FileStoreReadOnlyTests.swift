@testable import Defaults
import Foundation
import Testing

@Suite("File store: read-only access", .timeLimit(.minutes(1)))
struct FileStoreReadOnlyTests {
	/// Everything about a directory a store could change: names, and each file's bytes and inode.
	private func snapshot(of directory: URL) throws -> [String: (bytes: Data, inode: Int)] {
		var result: [String: (bytes: Data, inode: Int)] = [:]
		for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
			let url = directory.appendingPathComponent(name)
			let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int ?? -1
			result[name] = (try Data(contentsOf: url), inode)
		}
		return result
	}

	private func expectUnchanged(_ directory: URL, since before: [String: (bytes: Data, inode: Int)]) throws {
		let after = try snapshot(of: directory)
		#expect(after.keys.sorted() == before.keys.sorted(), "no file was created, moved or removed")
		for (name, file) in before {
			#expect(after[name]?.bytes == file.bytes, "\(name) was not written")
			#expect(after[name]?.inode == file.inode, "\(name) was not replaced")
		}
	}

	private func file(holding text: String) throws -> URL {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(text.utf8).write(to: url)
		return url
	}

	@Test func aCorruptFileIsReportedAndLeftExactlyAsItWas() throws {
		let url = try file(holding: "{not json")
		let before = try snapshot(of: url.deletingLastPathComponent())

		var store: FileStore?
		let problems = collectProblems { store = FileStore(url: url, access: .readOnly) }
		let opened = try #require(store)
		#expect(opened.storedValues().isEmpty, "starts from the defaults")
		#expect(Defaults[Defaults.Key<Int>("a", default: 5, suite: opened)] == 5)
		#expect(problems.count == 1)
		#expect(problems.first?.kind == .storeFailure)
		#expect(problems.first?.message.contains(url.path) == true, "the message names the file")
		#expect(problems.first?.message.contains("not valid JSON") == true, "and says what is wrong")
		#expect(opened.loadError?.kind == .corrupt)
		#expect(opened.loadError?.reason.contains("not valid JSON") == true)

		try opened.flush()
		try expectUnchanged(url.deletingLastPathComponent(), since: before)
	}

	@Test func aMissingDirectoryIsNotCreated() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, access: .readOnly)
		#expect(store.storedValues().isEmpty)
		#expect(store.loadError == nil, "a missing file is an empty store, not an error")
		_ = collectProblems { store.setStoredValue(1, forKey: "a") }
		try store.flush()
		#expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
	}

	@Test func writesAreRefusedAndReported() throws {
		let url = try file(holding: #"{"a": 1, "b": 2}"#)
		let before = try snapshot(of: url.deletingLastPathComponent())
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: url, fileSystem: fileSystem, access: .readOnly)
		let key = Defaults.Key<Int>("a", default: 0, suite: store)
		#expect(Defaults[key] == 1)

		let problems = collectProblems {
			Defaults[key] = 10
			store.setStoredValue(20, forKey: "b")
			store.removeStoredValue(forKey: "c")
			store.removeAllStoredValues()
		}
		#expect(problems.map(\.key) == ["a", "b", "c", nil], "each refused change is reported")
		#expect(problems.allSatisfy { $0.kind == .storeFailure && $0.message.contains("read-only") && $0.message.contains(url.path) })
		#expect(Defaults[key] == 1, "the key does not keep the refused value")
		#expect(store.storedValues() == ["a": 1, "b": 2])

		try store.flush()
		#expect(fileSystem.renames(onto: url.path) == 0)
		#expect(!fileSystem.calls.value.contains { $0.operation == .createExclusively }, "no new file was made")
		try expectUnchanged(url.deletingLastPathComponent(), since: before)
	}

	@Test func outsideChangesAreSeen() async throws {
		let url = try file(holding: #"{"a": 1}"#)
		let store = FileStore(url: url, access: .readOnly)
		let key = Defaults.Key<Int>("a", default: 0, suite: store)
		#expect(Defaults[key] == 1)
		var changes = store.observedChanges().makeAsyncIterator()
		let writer = FileStore(url: url)
		writer.setStoredValue(2, forKey: "a")
		try writer.flush()
		#expect(await changes.next() == ["a"])
		#expect(Defaults[key] == 2)
	}

	@Test func aReadWriteStoreReportsWhyItCouldNotUseItsFile() throws {
		let url = try file(holding: "[1, 2]")
		var store: FileStore?
		_ = collectProblems { store = FileStore(url: url) }
		let error = try #require(store?.loadError)
		#expect(error.kind == .corrupt)
		#expect(error.description.contains(url.path) && error.description.contains("not a JSON object"))
	}
}
