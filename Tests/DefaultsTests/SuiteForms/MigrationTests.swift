@testable import Defaults
import Foundation
import Testing

/// Key names of this file's own: defaults registered with a suite are seen by every suite of the process.
private let run = uniqueKeyName("")

private struct Profile: Codable, Equatable, Defaults.Serializable {
	var name: String
	var since: Date
}

private enum Direction: String, Codable, Defaults.Serializable {
	case up, down
}

/// `Defaults.migrate(_:to: .v5)`: older forms rewritten in the current one; reading works before and after.
@Suite("Migration to the current forms")
struct MigrationTests {
	private let since = Date(timeIntervalSinceReferenceDate: 100)

	@Test func theOriginalsVersion4TextOfACollectionBecomesAnArray() {
		let suite = Isolated.userDefaults()
		suite.set(#"["a","b"]"#, forKey: "tags\(run)")
		let key = Defaults.Key<[String]>("tags\(run)", default: [], suite: suite)
		#expect(Defaults[key] == ["a", "b"], "reads before")
		Defaults.migrate(key, to: .v5)
		#expect(suite.object(forKey: "tags\(run)").map { propertyListsAreIdentical($0, ["a", "b"]) } == true)
		#expect(Defaults[key] == ["a", "b"], "reads after")
	}

	@Test func version4TextOfADictionaryOfDatesUsesTheOriginalsDateForm() {
		let suite = Isolated.userDefaults()
		suite.set(#"{"start":100}"#, forKey: "dates\(run)")
		let key = Defaults.Key<[String: Date]>("dates\(run)", default: [:], suite: suite)
		#expect(Defaults[key] == ["start": since])
		Defaults.migrate(key, to: .v5)
		#expect(suite.object(forKey: "dates\(run)").map { propertyListsAreIdentical($0, ["start": since] as [String: Any]) } == true)
	}

	@Test func thisPackagesEarlierFormsBecomeTheOriginals() {
		let suite = Isolated.userDefaults()
		suite.set("2001-01-01T00:01:40Z", forKey: "date\(run)")
		suite.set(["name": "Ada", "since": "2001-01-01T00:01:40Z"] as [String: Any], forKey: "profile\(run)")
		suite.set("AAE=", forKey: "data\(run)")
		let date = Defaults.Key<Date>("date\(run)", default: .distantPast, suite: suite)
		let profile = Defaults.Key<Profile?>("profile\(run)", suite: suite)
		let data = Defaults.Key<Data>("data\(run)", default: Data(), suite: suite)
		#expect(Defaults[date] == since && Defaults[profile]?.name == "Ada" && Defaults[data] == Data([0, 1]))
		Defaults.migrate(date, to: .v5)
		Defaults.migrate(profile, to: .v5)
		Defaults.migrate(data, to: .v5)
		#expect(suite.object(forKey: "date\(run)") as? Date == since)
		#expect(suite.string(forKey: "profile\(run)") == #"{"name":"Ada","since":100}"#)
		#expect(suite.object(forKey: "data\(run)") as? Data == Data([0, 1]))
		#expect(Defaults[date] == since && Defaults[profile] == Profile(name: "Ada", since: since) && Defaults[data] == Data([0, 1]))
	}

	@Test func aValueAlreadyCurrentAndAMissingOneAreLeftAlone() {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<[Int]>(uniqueKeyName(), default: [9], suite: suite)
		let missing = Defaults.Key<[Int]?>(uniqueKeyName(), suite: suite)
		Defaults[key] = [1]
		let changes = Locked(0)
		let observation = Defaults.observe(key, options: []) { _ in changes.withLock { $0 += 1 } }
		Defaults.migrate(key, to: .v5)
		Defaults.migrate(missing, to: .v5)
		observation.invalidate()
		#expect(changes.value == 0)
		#expect(suite.object(forKey: missing.name) == nil)
	}

	@Test func aValueInNoKnownFormIsReportedAndLeftAsItIs() {
		let suite = Isolated.userDefaults()
		suite.set("[1,", forKey: "numbers\(run)")
		let key = Defaults.Key<[Int]>("numbers\(run)", default: [], suite: suite)
		let (_, reported) = problems { Defaults.migrate(key, to: .v5) }
		#expect(reported.map(\.kind) == [.undecodableValue])
		#expect(suite.string(forKey: "numbers\(run)") == "[1,")
	}

	@Test func jsonStoresReadTheOriginalsTextOfPlainCodableValuesAndURLs() {
		let store = InMemoryStore()
		store.setStoredValue(#""down""#, forKey: "direction\(run)")
		store.setStoredValue(#""https:\/\/example.com\/a""#, forKey: "url\(run)")
		#expect(Defaults[Defaults.Key<Direction>("direction\(run)", default: .up, suite: store)] == .down)
		#expect(Defaults[Defaults.Key<URL?>("url\(run)", suite: store)] == URL(string: "https://example.com/a"))
	}

	@Test(arguments: [StoreKind.file, .inMemory])
	func jsonStoresTurnTheOriginalsTextIntoTheJSONForm(store kind: StoreKind) {
		let store = kind.makeStore()
		store.setStoredValue(.string(#"{"name":"Ada","since":100}"#), forKey: "profile\(run)")
		store.setStoredValue(.string(#"["a"]"#), forKey: "tags\(run)")
		let profile = Defaults.Key<Profile?>("profile\(run)", suite: store)
		let tags = Defaults.Key<[String]>("tags\(run)", default: [], suite: store)
		#expect(Defaults[profile] == Profile(name: "Ada", since: since) && Defaults[tags] == ["a"])
		Defaults.migrate(profile, to: .v5)
		Defaults.migrate(tags, to: .v5)
		#expect(store.storedValue(forKey: "profile\(run)") == ["name": "Ada", "since": "2001-01-01T00:01:40Z"])
		#expect(store.storedValue(forKey: "tags\(run)") == ["a"])
		#expect(Defaults[profile] == Profile(name: "Ada", since: since) && Defaults[tags] == ["a"])
	}
}
