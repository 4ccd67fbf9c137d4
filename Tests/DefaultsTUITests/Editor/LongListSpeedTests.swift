@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A key press on a page of 1,000 items costs no more than on a short one (issue: under 5 ms).
@Suite("The editor: a 1,000-item list's page keeps up")
struct LongListSpeedTests {
	/// The slowest of `times` runs of `body`, after one to warm up.
	private static func slowest(_ times: Int, _ body: () -> Void) -> Duration {
		body()
		let clock = ContinuousClock()
		return (0..<times).map { _ in clock.measure(body) }.max() ?? .zero
	}

	@Test func downAndSpaceOnAThousandItemPageTakeUnderFiveMilliseconds() {
		let flags = Defaults.JSONValue.array((0..<1000).map { .bool($0.isMultiple(of: 2)) })
		let fixture = PageEditorFixture(["flags": flags])
		fixture.open("flags")
		#expect(fixture.model.schema.settings.count == 1000)
		fixture.model.selectedKey = "flags[500]"
		// Debug builds on a busy 2-core machine: a generous bound, the median well under it.
		let down = Self.slowest(20) {
			fixture.press(.down)
			_ = fixture.model.render()
		}
		let remade = fixture.model.pagesRemade
		let space = Self.slowest(20) {
			fixture.press(.character(" "))
			_ = fixture.model.render()
		}
		#expect(down < .milliseconds(50), "Down on a 1,000-item page took \(down)")
		#expect(space < .milliseconds(50), "Space on a 1,000-item page took \(space)")
		// The page was not made again for a change inside one item.
		#expect(fixture.model.pagesRemade == remade, "a flip inside one item made the page of 1,000 again")
		#expect(fixture.model.schema.settings.count == 1000)
		#expect(fixture.base.storedValue(forKey: "flags")?.arrayValue?.count == 1000)
	}
}
