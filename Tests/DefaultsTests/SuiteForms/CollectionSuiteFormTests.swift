@testable import Defaults
import Foundation
import Testing

private struct Pin: Codable, Hashable, Defaults.Serializable {
	var id: Int
}

/// Arrays, sets, dictionaries and ranges in a `UserDefaults` suite: property lists of their elements' forms.
@Suite("Suite forms: collections")
struct CollectionSuiteFormTests {
	private let epoch = Date(timeIntervalSince1970: 0)
	private let later = Date(timeIntervalSince1970: 60)

	@Test func arrayOfDatesIsAnArrayOfDates() {
		expectSuiteForms([epoch, later], default: [], original: [epoch, later], earlier: ["1970-01-01T00:00:00Z", "1970-01-01T00:01:00Z"])
	}

	@Test func arrayOfCodableIsAnArrayOfJSONText() {
		expectSuiteForms([Pin(id: 1), Pin(id: 2)], default: [], original: [#"{"id":1}"#, #"{"id":2}"#], earlier: [["id": 1], ["id": 2]] as [Any])
	}

	@Test func arrayOfURLsIsAnArrayOfJSONText() {
		let urls = [URL(fileURLWithPath: "/tmp/a")]
		expectSuiteForms(urls, default: [], original: [#""file:\/\/\/tmp\/a""#], earlier: ["file:///tmp/a"])
	}

	@Test func setIsAnArray() {
		expectSuiteForms(Set([3, 1, 2]), default: [], original: [1, 2, 3])
		expectSuiteForms(Set([epoch]), default: [], original: [epoch], earlier: ["1970-01-01T00:00:00Z"])
	}

	@Test func stringKeyedDictionaryIsADictionaryOfForms() {
		expectSuiteForms(
			["start": epoch],
			default: [:],
			original: ["start": epoch] as [String: Any],
			earlier: ["start": "1970-01-01T00:00:00Z"] as [String: Any]
		)
		expectSuiteForms(["a": [1, 2]], default: [:], original: ["a": [1, 2]] as [String: Any])
		expectSuiteForms(["p": Pin(id: 3)], default: [:], original: ["p": #"{"id":3}"#] as [String: Any], earlier: ["p": ["id": 3]] as [String: Any])
	}

	@Test func rangesAreTwoElementArrays() {
		expectSuiteForms(1..<5, default: 0..<0, original: [1, 5])
		expectSuiteForms(epoch...later, default: epoch...epoch, original: [epoch, later], earlier: ["1970-01-01T00:00:00Z", "1970-01-01T00:01:00Z"])
	}

	@Test func nestedCollections() {
		expectSuiteForms([["a": Set([epoch])]], default: [], original: [["a": [epoch]]] as [Any])
	}

	@Test func nilInsideACollectionIsReportedAndNotStored() {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<[Int?]>(uniqueKeyName(), default: [], suite: suite)
		Defaults[key] = [1]
		let (_, reported) = problems { Defaults[key] = [1, nil] }
		#expect(reported.map(\.kind) == [.unsupportedValue])
		#expect(Defaults[key] == [1])
	}
}
