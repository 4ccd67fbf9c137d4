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
}
