import Defaults
import Foundation
import Testing

/// A format of the tests' own, outside the `Defaults` module: one `key=JSON` line per value.
private struct LinesFormat: FileStoreFormat {
	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		if values["unwritable"] != nil { throw FileFormatError("this format cannot write 'unwritable'") }
		return Array(values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonString())\n" }.joined().utf8)
	}

	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		var values: [String: Defaults.JSONValue] = [:]
		for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
			guard let equals = line.firstIndex(of: "="),
			      let value = try? Defaults.JSONValue(parsing: String(line[line.index(after: equals)...]))
			else { throw FileFormatError("line \"\(line)\" is not key=JSON") }
			values[String(line[..<equals])] = value
		}
		return values
	}
}

@Suite("File store: another file format")
struct FileStoreCustomFormatTests {
	@Test func theFormatDecidesTheBytesAndTheStoreKeepsItsDurability() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, format: LinesFormat())
		let volume = Defaults.Key<Int>("volume", default: 5, suite: store)
		Defaults[volume] = 7
		store.setStoredValue(["a", "b"], forKey: "tags")
		try store.flush()
		#expect(try String(contentsOf: url, encoding: .utf8) == "tags=[\"a\",\"b\"]\nvolume=7\n")
		let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
		#expect(permissions == 0o600, "the durability layer still makes the file private")
		let reopened = FileStore(url: url, format: LinesFormat())
		#expect(reopened.storedValues() == ["volume": 7, "tags": ["a", "b"]])
	}

	@Test func aFileTheFormatCannotReadIsLeftAsItIsWithItsReason() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("no equals sign\n".utf8).write(to: url)
		let problems = collectProblems {
			let store = FileStore(url: url, format: LinesFormat())
			#expect(store.storedValues().isEmpty)
			#expect(store.loadError?.reason == "line \"no equals sign\" is not key=JSON")
		}
		#expect(problems.contains { $0.message.contains("is not key=JSON") && $0.message.contains("left as it is") })
		let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
		#expect(names == ["settings.json"])
		#expect(try String(contentsOf: url, encoding: .utf8) == "no equals sign\n")
	}

	@Test func valuesTheFormatCannotWriteLeaveTheFileAsItWas() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, format: LinesFormat())
		store.setStoredValue(1, forKey: "kept")
		try store.flush()
		store.setStoredValue(2, forKey: "unwritable")
		#expect(throws: FileStoreError.self) { try store.flush() }
		#expect(store.lastSaveError?.kind == .unencodable)
		#expect(try String(contentsOf: url, encoding: .utf8) == "kept=1\n")
		#expect(store.storedValue(forKey: "unwritable") == 2, "the value stays in memory")
	}
}
