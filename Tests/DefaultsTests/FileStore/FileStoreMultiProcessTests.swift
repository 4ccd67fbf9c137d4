@testable import Defaults
import Foundation
import Testing

@Suite("File store: several processes", .timeLimit(.minutes(2)))
struct FileStoreMultiProcessTests {
	@Test func twoProcessesWritingDifferentKeysLoseNothing() async throws {
		let url = Isolated.fileURL()
		let count = 400
		let first = try StoreHelper.start(["write-keys", url.path, "first", "\(count)"])
		let second = try StoreHelper.start(["write-keys", url.path, "second", "\(count)"])
		// This process writes too, at the same time.
		let store = FileStore(url: url)
		for index in 0..<count {
			store.setStoredValue(.integer(Int64(index)), forKey: "third-\(index)")
			if index % 50 == 0 { try store.flush() }
		}
		try store.flush()
		#expect(first.process.wait() == 0)
		#expect(second.process.wait() == 0)

		let values = FileStore(url: url).storedValues()
		for prefix in ["first", "second", "third"] {
			let missing = (0..<count).filter { values["\(prefix)-\($0)"] != .integer(Int64($0)) }
			#expect(missing.isEmpty, "\(prefix): \(missing.count) of \(count) keys lost")
		}
		#expect(values.count == 3 * count)
	}

	@Test func theLastWriterWinsPerKeyAndOtherKeysAreKept() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		store.setStoredValue("mine", forKey: "shared")
		store.setStoredValue("only mine", forKey: "local")
		try store.flush()
		#expect(try StoreHelper.run(["set", url.path, "shared", #""theirs""#]) == 0)
		#expect(try StoreHelper.run(["set", url.path, "remote", "1"]) == 0)
		store.setStoredValue("mine again", forKey: "local")
		try store.flush()
		#expect(FileStore(url: url).storedValues() == ["shared": "theirs", "local": "mine again", "remote": 1])
	}

	@Test func aRemovalInOneProcessIsNotUndoneByAnother() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		store.setStoredValue(1, forKey: "a")
		store.setStoredValue(2, forKey: "b")
		try store.flush()
		let other = FileStore(url: url)
		other.removeStoredValue(forKey: "a")
		try other.flush()
		store.setStoredValue(3, forKey: "b")
		try store.flush()
		#expect(FileStore(url: url).storedValues() == ["b": 3])
	}

	@Test func removeAllClearsTheFile() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		Defaults.removeAll(suite: store)
		store.setStoredValue(2, forKey: "b")
		try store.flush()
		#expect(FileStore(url: url).storedValues() == ["b": 2])
	}
}
