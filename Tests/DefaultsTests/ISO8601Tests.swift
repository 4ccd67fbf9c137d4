@testable import Defaults
import Foundation
import Testing

/// Dates as text: exactly the same `Date` back, in the fewest digits that give it.
@Suite("ISO 8601 dates")
struct ISO8601Tests {
	@Test(arguments: [
		"2026-03-01T10:00:00Z", "2026-03-01T10:00:00.5Z", "2026-03-01T10:00:00.123Z", "2026-03-01T10:00:00.123456Z",
		"1999-12-31T23:59:59.999Z", "2026-01-01T00:00:00.001Z",
	])
	func aDateWrittenAsGivenIsWrittenBackAsGiven(text: String) throws {
		let date = try #require(ISO8601.date(from: text))
		#expect(ISO8601.string(from: date) == text)
	}

	/// Any `Date` (a clock's, with binary fractions) still reads back exactly.
	@Test func everyDateReadsBackExactly() throws {
		var state: UInt64 = 0x1234_5678
		for _ in 0..<20_000 {
			state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
			let interval = Double(state >> 11) / Double(1 << 53) * 2_000_000_000 - 500_000_000
			let date = Date(timeIntervalSinceReferenceDate: interval)
			let text = ISO8601.string(from: date)
			#expect(ISO8601.date(from: text) == date, "\(text)")
		}
		let now = Date()
		#expect(ISO8601.date(from: ISO8601.string(from: now)) == now)
	}
}
