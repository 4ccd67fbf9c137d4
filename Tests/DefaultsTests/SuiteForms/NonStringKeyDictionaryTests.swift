@testable import Defaults
import Foundation
import Testing

/// A key type of one's own, stored through its string form.
private struct Code: LosslessStringConvertible, Hashable {
	var value: Int
	init(_ value: Int) { self.value = value }
	init?(_ description: String) {
		guard description.hasPrefix("#"), let value = Int(description.dropFirst()) else { return nil }
		self.value = value
	}

	var description: String { "#\(value)" }
}

private struct Pin: Codable, Equatable, Defaults.Serializable {
	var id: Int
}

/// Dictionaries whose keys are not strings: stored with the keys' string forms, as the original does.
@Suite("Dictionaries with keys other than String")
struct NonStringKeyDictionaryTests {
	@Test(arguments: StoreKind.allCases)
	func roundTrip(store kind: StoreKind) {
		let store = kind.makeStore()
		expectRoundTrip([1: "one", 2: "two"], default: [:], in: store)
		expectRoundTrip([Code(7): 1.5], default: [:], in: store)
		expectRoundTrip([true: [Date(timeIntervalSince1970: 1)]], default: [:], in: store)
		expectRoundTrip([1: [2: "deep"]], default: [:], in: store)
	}

	@Test func theFileStoreKeepsPlainJSON() throws {
		let text = try fileStoreText { store in
			Defaults[Defaults.Key<[Int: String]>("names", default: [:], suite: store)] = [1: "one", 10: "ten"]
			Defaults[Defaults.Key<[Int: Pin]>("pins", default: [:], suite: store)] = [3: Pin(id: 3)]
		}
		#expect(text == """
		{
		  "names": {
		    "1": "one",
		    "10": "ten"
		  },
		  "pins": {
		    "3": {
		      "id": 3
		    }
		  }
		}

		""")
	}

	@Test func inASuitePlainValuesAreTheJSONTextTheOriginalsBridgeMakes() {
		expectSuiteForms([1: "x"], default: [:], original: ["1": #""x""#] as [String: Any], earlier: ["1": "x"] as [String: Any])
		expectSuiteForms([1: 5], default: [:], original: ["1": "5"] as [String: Any], earlier: ["1": 5] as [String: Any])
		expectSuiteForms([1: true], default: [:], original: ["1": "true"] as [String: Any])
		expectSuiteForms([Code(2): 0.5], default: [:], original: ["#2": "0.5"] as [String: Any])
		let date = Date(timeIntervalSinceReferenceDate: 0.5)
		expectSuiteForms([1: date], default: [:], original: ["1": "0.5"] as [String: Any], earlier: ["1": "2001-01-01T00:00:00.5Z"] as [String: Any])
		expectSuiteForms([1: Data([1, 2, 255])], default: [:], original: ["1": #""AQL\/""#] as [String: Any])
		// Arrays of plain values hand the text form on to their elements; sets do not.
		expectSuiteForms([1: [2, 3]], default: [:], original: ["1": ["2", "3"]] as [String: Any])
		expectSuiteForms([1: Set([2])], default: [:], original: ["1": [2]] as [String: Any])
		// Other types take their own form.
		expectSuiteForms([1: Pin(id: 4)], default: [:], original: ["1": #"{"id":4}"#] as [String: Any])
	}

	@Test func aMemberNameThatIsNoKeyIsReportedNotDropped() {
		let store = InMemoryStore()
		store.setStoredValue(["1": "one", "x": "bad"], forKey: "names")
		let key = Defaults.Key<[Int: String]>("names", default: [0: "default"], suite: store)
		let (value, reported) = problems { Defaults[key] }
		#expect(value == [0: "default"])
		#expect(reported.map(\.kind) == [.undecodableValue])
		#expect(store.storedValue(forKey: "names") == ["1": "one", "x": "bad"])
	}

	@Test func twoKeysWithTheSameStringFormAreReportedNotMerged() {
		let key = Defaults.Key<[Loose: Int]>(uniqueKeyName(), default: [:], suite: InMemoryStore())
		Defaults[key] = [Loose(a: 1, b: 0): 1]
		let (_, reported) = problems { Defaults[key] = [Loose(a: 1, b: 1): 1, Loose(a: 1, b: 2): 2] }
		#expect(reported.map(\.kind) == [.unencodableValue])
		#expect(Defaults[key] == [Loose(a: 1, b: 0): 1])
	}
}

/// A key type whose string form leaves out part of the value.
private struct Loose: LosslessStringConvertible, Hashable {
	var a: Int
	var b: Int
	init(a: Int, b: Int) {
		self.a = a
		self.b = b
	}

	init?(_ description: String) {
		guard let a = Int(description) else { return nil }
		self.init(a: a, b: 0)
	}

	var description: String { "\(a)" }
}
