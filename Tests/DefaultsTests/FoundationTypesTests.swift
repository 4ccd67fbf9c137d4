import Defaults
import Foundation
import Testing

@Suite("Date, Data, URL and UUID")
struct FoundationTypesTests {
	@Test(arguments: StoreKind.allCases)
	func datesRoundTripExactly(store kind: StoreKind) {
		let store = kind.makeStore()
		let now = Date()
		expectRoundTrip(now, default: .distantPast, in: store)
		expectRoundTrip(Date(timeIntervalSince1970: -1234.000_001), default: .distantPast, in: store)
		expectRoundTrip(Date.distantFuture, default: .distantPast, in: store)
		#expect(expectRoundTrip(Date(timeIntervalSince1970: 0), default: .distantPast, in: store) == "1970-01-01T00:00:00Z")
		#expect(expectRoundTrip(Date(timeIntervalSince1970: 1_795_324_064.5), default: .distantPast, in: store) == "2026-11-22T05:07:44.5Z")
	}

	@Test func datesAreReadFromSeveralIso8601Forms() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		let key = Defaults.Key<Date>(name, default: .distantPast, suite: store)
		let expected = Date(timeIntervalSince1970: 1_795_324_064)
		for text in ["2026-11-22T05:07:44Z", "2026-11-22T07:07:44+02:00", "2026-11-22 05:07:44z", "2026-11-22T00:07:44-0500"] {
			store.setStoredValue(.string(text), forKey: name)
			#expect(Defaults[key] == expected, "\(text)")
		}
		store.setStoredValue("2026-11-22", forKey: name)
		#expect(Defaults[key] == Date(timeIntervalSince1970: 1_795_305_600))
		store.setStoredValue(.integer(1_795_324_064), forKey: name)
		#expect(Defaults[key] == expected, "a number is seconds since 1970")
	}

	@Test func invalidDatesReadAsTheDefault() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		let key = Defaults.Key<Date>(name, default: .distantPast, suite: store)
		for text in ["2026-02-30T00:00:00Z", "2026-11-22T05:07:44", "yesterday", "2026-13-01", "2026-11-22T25:00:00Z"] {
			store.setStoredValue(.string(text), forKey: name)
			_ = collectProblems { #expect(Defaults[key] == .distantPast, "\(text)") }
		}
	}

	@Test(arguments: StoreKind.allCases)
	func dataIsBase64(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(Data([0, 1, 2, 255]), default: Data(), in: store) == "AAEC/w==")
		expectRoundTrip(Data(), default: Data([1]), in: store)
	}

	@Test(arguments: StoreKind.allCases)
	func urlsAreTheirAbsoluteString(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let web = try #require(URL(string: "https://example.com/a?b=c#d"))
		#expect(expectRoundTrip(web, default: URL(fileURLWithPath: "/"), in: store) == "https://example.com/a?b=c#d")
		#expect(expectRoundTrip(URL(fileURLWithPath: "/tmp/notes.txt"), default: web, in: store) == "file:///tmp/notes.txt")
	}

	@Test(arguments: StoreKind.allCases)
	func uuidsAreTheirString(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
		#expect(expectRoundTrip(uuid, default: UUID(), in: store) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
		let name = uniqueKeyName()
		store.setStoredValue("e621e1f8-c36c-495a-93fc-0c247a3e6e5f", forKey: name)
		#expect(Defaults[Defaults.Key<UUID>(name, default: UUID(), suite: store)] == uuid, "lowercase reads too")
	}
}
