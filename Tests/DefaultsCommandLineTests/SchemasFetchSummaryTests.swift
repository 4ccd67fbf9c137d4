@testable import defaults_tui
import Testing

/// The last line of `schemas fetch`: a document many schemas refer to fails once for each of
/// them, and `--all` on a catalogue may fail hundreds; the summary names each address once and
/// the first few only (every failure has its own line above it).
@Suite struct SchemasFetchSummaryTests {
	@Test func eachFailedAddressIsNamedOnce() {
		var report = FetchReport()
		report.fetched = 3
		report.failed = ["http://a/x.json", "http://a/y.json", "http://a/x.json", "http://a/x.json"]
		#expect(report.summary == "3 fetched, 0 unchanged, 2 failed: http://a/x.json, http://a/y.json")
	}

	@Test func aLongListIsCutNamingHowManyMore() {
		var report = FetchReport()
		report.failed = (1...25).map { "http://a/\($0).json" }
		let limit = FetchReport.summaryLimit
		#expect(report.summary.hasPrefix("0 fetched, 0 unchanged, 25 failed: http://a/1.json, "))
		#expect(report.summary.hasSuffix("http://a/\(limit).json, and \(25 - limit) more (each on its line above)"), "\(report.summary)")
		#expect(!report.summary.contains("http://a/\(limit + 1).json"))
	}
}
