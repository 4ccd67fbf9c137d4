@testable import Defaults
import Foundation
import Testing

@Suite("File store: values at the edges of JSON", .timeLimit(.minutes(1)))
struct FileStoreOddValueTests {
	private let limit = Defaults.JSONValue.maximumNestingDepth

	private func corruptCopies(besides url: URL) throws -> [URL] {
		try FileManager.default.contentsOfDirectory(at: url.deletingLastPathComponent(), includingPropertiesForKeys: nil)
			.filter { $0.lastPathComponent.contains(".corrupt-") }
	}

	private func file(holding bytes: [UInt8]) throws -> URL {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(bytes).write(to: url)
		return url
	}

	@Test func aValueAtTheDeepestAllowedLevelSurvivesAReopen() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		let deepest = nestedValue(levels: limit - 1)
		let name = uniqueKeyName()
		#expect(collectProblems { store.setStoredValue(deepest, forKey: name) }.isEmpty)
		store.setStoredValue(1, forKey: "other")
		try store.flush()

		var reopened: FileStore?
		let problems = collectProblems { reopened = FileStore(url: url) }
		#expect(problems.isEmpty, "the file is not corrupt")
		#expect(reopened?.storedValues() == [name: deepest, "other": 1])
		#expect(try corruptCopies(besides: url).isEmpty)
	}

	@Test func aValueOneLevelDeeperIsRefusedAndTheFileStaysReadable() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		let key = Defaults.Key<Defaults.JSONValue>(uniqueKeyName(), default: nil, suite: store)
		Defaults[key] = ["kept": true]
		store.setStoredValue(1, forKey: "other")
		try store.flush()
		let before = try Data(contentsOf: url)

		let problems = collectProblems { Defaults[key] = nestedValue(levels: limit) }
		#expect(problems.map(\.kind) == [.unsupportedValue])
		#expect(problems.first?.key == key.name)
		#expect(problems.first?.message.contains("'\(key.name)'") == true)
		#expect(problems.first?.message.contains("\(limit - 1) levels") == true)
		#expect(Defaults[key] == ["kept": true], "the previous value is kept")
		#expect(!store.core.hasPendingChanges, "nothing is pending")
		try store.flush()
		#expect(try Data(contentsOf: url) == before, "the file is unchanged")

		var reopened: FileStore?
		let reopenProblems = collectProblems { reopened = FileStore(url: url) }
		#expect(reopenProblems.isEmpty)
		#expect(reopened?.storedValues() == [key.name: ["kept": true], "other": 1])
		#expect(try corruptCopies(besides: url).isEmpty)
	}

	/// An exponent past a double's range, and an integer of 400 digits.
	@Test(arguments: ["1e400", "9" + String(repeating: "0", count: 399)])
	func aNumberOutOfRangeCostsOnlyItsOwnKey(number: String) throws {
		let url = try file(holding: [0xEF, 0xBB, 0xBF] + Array(#"{"a": \#(number), "b": 2}"#.utf8))
		var store: FileStore?
		let problems = collectProblems { store = FileStore(url: url) }
		let opened = try #require(store)

		#expect(Defaults[Defaults.Key<Int>("b", default: 0, suite: opened)] == 2)
		#expect(problems.count == 1)
		#expect(problems.first?.kind == .undecodableValue)
		#expect(problems.first?.key == "a")
		#expect(problems.first?.message.contains(url.path) == true, "the message names the file")
		#expect(problems.first?.message.contains(String(number.prefix(5))) == true, "the message shows the number")
		#expect(try corruptCopies(besides: url).isEmpty, "nothing is moved aside")

		// The number's text is kept, as a string: a key of a number type reads its default.
		#expect(opened.storedValue(forKey: "a") == .string(number))
		_ = collectProblems { #expect(Defaults[Defaults.Key<Double>("a", default: 0.5, suite: opened)] == 0.5) }
		opened.setStoredValue(3, forKey: "b")
		try opened.flush()
		#expect(FileStore(url: url).storedValues() == ["a": .string(number), "b": 3])
	}

	/// Numbers that their values do not hold exactly keep their text through saves that leave
	/// them alone (the file is another program's, so the first save edits it in place), and
	/// through later ones (on top of the file as this store wrote it); a changed key is written anew.
	@Test func numbersKeepTheirTextThroughUnrelatedSaves() throws {
		let members = [
			#""a": 1e400"#,
			#""huge": 123456789012345678901234567890"#,
			#""pi": 3.14159265358979323846264"#,
			#""nested": [1, -1e400, {"deep": 98765432109876543210987}]"#,
		]
		let url = try file(holding: Array("{\(members.joined(separator: ",")), \"b\": 2}".utf8))
		var store: FileStore?
		_ = collectProblems { store = FileStore(url: url) }
		let opened = try #require(store)
		let text = { String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }

		opened.setStoredValue(3, forKey: "b")
		try opened.flush()
		for member in members {
			#expect(text().contains(member), "kept after a save that edited the file in place: \(member)")
		}
		opened.setStoredValue(4, forKey: "b")
		opened.setStoredValue(5, forKey: "c")
		try opened.flush()
		for member in members {
			#expect(text().contains(member), "kept after a save on top of the store's own file: \(member)")
		}
		#expect(text().contains(#""b": 4"#))

		opened.setStoredValue(1.5, forKey: "huge")
		try opened.flush()
		#expect(text().contains(#""huge": 1.5"#), "a changed value is written as it now is")
		#expect(text().contains(#""a": 1e400"#))
		_ = collectProblems {
			#expect(FileStore(url: url).storedValue(forKey: "pi") == .double(3.141592653589793), "the value read is the nearest Double")
		}
	}
}
