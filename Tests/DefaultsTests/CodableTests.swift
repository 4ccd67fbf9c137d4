import Defaults
import Foundation
import Testing

private struct Settings: Codable, Equatable, Defaults.Serializable {
	var name: String
	var volume: Double
	var tags: [String]
	var lastOpened: Date?
	var window: Window

	struct Window: Codable, Equatable {
		var width: Int
		var height: Int
	}
}

private enum Theme: Codable, Equatable, Defaults.Serializable {
	case light
	case custom(accent: String)
}

@Suite("Codable values")
struct CodableTests {
	private let sample = Settings(
		name: "Hello",
		volume: 0.5,
		tags: ["a"],
		lastOpened: Date(timeIntervalSince1970: 86_400.25),
		window: .init(width: 800, height: 600)
	)

	@Test(arguments: StoreKind.allCases)
	func aStructIsStoredAsANestedObject(store kind: StoreKind) {
		let store = kind.makeStore()
		let defaultValue = Settings(name: "", volume: 0, tags: [], lastOpened: nil, window: .init(width: 1, height: 1))
		let stored = expectRoundTrip(sample, default: defaultValue, in: store)
		#expect(stored == [
			"name": "Hello",
			"volume": 0.5,
			"tags": ["a"],
			"lastOpened": "1970-01-02T00:00:00.25Z",
			"window": ["width": 800, "height": 600],
		])
	}

	@Test(arguments: StoreKind.allCases)
	func enumsWithAssociatedValuesRoundTrip(store kind: StoreKind) {
		let store = kind.makeStore()
		expectRoundTrip(Theme.custom(accent: "#ff0000"), default: .light, in: store)
		expectRoundTrip([Theme.light, .custom(accent: "blue")], default: [], in: store)
	}

	@Test func codableValuesInsideCollections() {
		let store = InMemoryStore()
		let stored = expectRoundTrip(["main": sample], default: [:], in: store)
		#expect(stored?.objectValue?["main"]?.objectValue?["name"] == "Hello")
	}

	@Test func anObjectMissingAFieldReadsAsTheDefaultAndIsKept() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		let broken: Defaults.JSONValue = ["name": "x", "volume": "loud"]
		store.setStoredValue(broken, forKey: name)
		let key = Defaults.Key<Settings>(name, default: sample, suite: store)
		let problems = collectProblems {
			#expect(Defaults[key] == sample)
			#expect(Defaults[key] == sample)
		}
		#expect(problems.count == 1, "the problem is reported once")
		#expect(problems.first?.key == name)
		#expect(store.storedValue(forKey: name) == broken)
	}

	@Test func aValueThatCannotBeEncodedKeepsThePreviousValue() {
		struct Refuses: Codable, Equatable, Defaults.Serializable {
			var fail: Bool
			func encode(to encoder: any Encoder) throws {
				if fail { throw EncodingError.invalidValue(fail, .init(codingPath: [], debugDescription: "no")) }
				var container = encoder.singleValueContainer()
				try container.encode(fail)
			}
			init(fail: Bool) { self.fail = fail }
			init(from decoder: any Decoder) throws { fail = try decoder.singleValueContainer().decode(Bool.self) }
		}
		let store = InMemoryStore()
		let key = Defaults.Key<Refuses>(uniqueKeyName(), default: .init(fail: false), suite: store)
		Defaults[key] = Refuses(fail: false)
		let problems = collectProblems {
			Defaults[key] = Refuses(fail: true)
		}
		#expect(problems.map(\.kind) == [.unencodableValue])
		#expect(store.storedValue(forKey: key.name) == false)
		#expect(Defaults[key] == Refuses(fail: false))
	}
}
