@testable import Defaults
import Foundation
import Testing

private struct Window: Codable, Equatable, Defaults.Serializable {
	var width: Int
	var opened: Date
}

/// Moving a program from `UserDefaults` to the file store: `Defaults.copy` and `Defaults.copyAll`.
@Suite("Copying a suite into a store")
struct SuiteCopyTests {
	private let opened = Date(timeIntervalSinceReferenceDate: 10)

	/// A suite holding the original library's forms, as a macOS program leaves it.
	private func originalSuite() -> UserDefaults {
		let suite = Isolated.userDefaults()
		suite.set(#"{"opened":10,"width":800}"#, forKey: "window")
		suite.set(opened, forKey: "lastLaunch")
		suite.set(["b", "a"], forKey: "tags")
		suite.set(["1": #""one""#], forKey: "names")
		return suite
	}

	@Test func chosenKeysAreConvertedAndTheSuiteIsLeftAlone() throws {
		let suite = originalSuite()
		let store = Isolated.fileStore()
		let window = Defaults.Key<Window?>("window", suite: store)
		let launch = Defaults.Key<Date?>("lastLaunch", suite: store)
		let tags = Defaults.Key<Set<String>>("tags", default: [], suite: store)
		let names = Defaults.Key<[Int: String]>("names", default: [:], suite: store)
		let absent = Defaults.Key<Int>("absent", default: 3, suite: store)
		let copied = Defaults.copy(window, launch, tags, names, absent, from: suite)
		#expect(copied == ["window", "lastLaunch", "tags", "names"])
		#expect(store.storedValue(forKey: "window") == ["width": 800, "opened": "2001-01-01T00:00:10Z"])
		#expect(store.storedValue(forKey: "lastLaunch") == "2001-01-01T00:00:10Z")
		#expect(store.storedValue(forKey: "tags") == ["a", "b"])
		#expect(store.storedValue(forKey: "names") == ["1": "one"])
		#expect(store.storedValue(forKey: "absent") == nil)
		#expect(suite.string(forKey: "window") == #"{"opened":10,"width":800}"#, "the suite is untouched")
		#expect(suite.object(forKey: "lastLaunch") as? Date == opened)
	}

	@Test func removingFromTheSuiteRemovesOnlyWhatWasCopied() {
		let suite = originalSuite()
		suite.set("not a date", forKey: "broken")
		let store = InMemoryStore()
		let launch = Defaults.Key<Date?>("lastLaunch", suite: store)
		let broken = Defaults.Key<Date?>("broken", suite: store)
		let (copied, reported) = problems { Defaults.copy(launch, broken, from: suite, removingFromSuite: true) }
		#expect(copied == ["lastLaunch"])
		#expect(reported.map(\.kind) == [.undecodableValue])
		#expect(suite.object(forKey: "lastLaunch") == nil)
		#expect(suite.string(forKey: "broken") == "not a date")
		#expect(suite.string(forKey: "window") != nil)
	}

	@Test func copyAllThenMigrateGivesTheJSONForms() throws {
		let suite = originalSuite()
		let store = Isolated.fileStore()
		let copied = Defaults.copyAll(from: suite, to: store)
		#expect(Set(copied) == ["window", "lastLaunch", "tags", "names"])
		let window = Defaults.Key<Window?>("window", suite: store)
		#expect(Defaults[window] == Window(width: 800, opened: opened), "the copied JSON text reads")
		#expect(store.storedValue(forKey: "lastLaunch") == "2001-01-01T00:00:10Z")
		Defaults.migrate(window, to: .v5)
		#expect(store.storedValue(forKey: "window") == ["width": 800, "opened": "2001-01-01T00:00:10Z"])
		#expect(suite.string(forKey: "window") != nil, "the suite is untouched")
	}
}
