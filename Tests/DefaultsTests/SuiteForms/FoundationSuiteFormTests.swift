@testable import Defaults
import Foundation
import Testing

/// `Date`, `Data`, `URL` and `UUID` in a `UserDefaults` suite.
@Suite("Suite forms: Foundation types")
struct FoundationSuiteFormTests {
	@Test func dateIsADate() {
		let date = Date(timeIntervalSince1970: 1_700_000_000.25)
		expectSuiteForms(date, default: .distantPast, original: date, earlier: "2023-11-14T22:13:20.25Z")
	}

	@Test func aDateReadsAsADateFromTheSuiteDirectly() {
		let suite = Isolated.userDefaults()
		let date = Date(timeIntervalSince1970: 12)
		let key = Defaults.Key<Date>(uniqueKeyName(), default: .distantPast, suite: suite)
		Defaults[key] = date
		#expect(suite.object(forKey: key.name) as? Date == date)
		// The registered default is a date too.
		let other = Defaults.Key<Date>(uniqueKeyName(), default: date, suite: suite)
		#expect(suite.object(forKey: other.name) as? Date == date)
	}

	@Test func dataIsData() {
		let data = Data([0, 1, 2, 255])
		expectSuiteForms(data, default: Data(), original: data, earlier: "AAEC/w==")
	}

	@Test func urlIsTheJSONTextOfItsString() {
		let url = URL(string: "https://example.com/a?b=c")
		expectSuiteForms(url, default: nil, original: #""https:\/\/example.com\/a?b=c""#, earlier: "https://example.com/a?b=c")
	}

	@Test func uuidIsItsString() {
		let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
		expectSuiteForms(uuid, default: nil, original: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", earlier: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
	}

	@Test func anOptionalIsItsWrappedValue() {
		let date = Date(timeIntervalSince1970: 5)
		expectSuiteForms(Optional(date), default: nil, original: date, earlier: "1970-01-01T00:00:05Z")
	}
}
