import Defaults
import Foundation
import Testing

@Suite("The stored form: text that is read but not as written")
struct JSONParseWarningTests {
	private let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

	private func parseKeepingWarnings(_ text: String) throws -> (value: Defaults.JSONValue, warnings: [Defaults.JSONParseWarning]) {
		var warnings: [Defaults.JSONParseWarning] = []
		let value = try Defaults.JSONValue(parsing: text, warnings: &warnings)
		return (value, warnings)
	}

	@Test func aLeadingByteOrderMarkIsSkipped() throws {
		let bytes = byteOrderMark + Array(#" {"a": 1}"#.utf8)
		#expect(try Defaults.JSONValue(parsing: bytes) == ["a": 1])
		var warnings: [Defaults.JSONParseWarning] = []
		#expect(try Defaults.JSONValue(parsing: bytes, warnings: &warnings) == ["a": 1])
		#expect(warnings.isEmpty)
		#expect(try Defaults.JSONValue(parsing: "\u{FEFF}[true]") == [true])
	}

	@Test func aByteOrderMarkAnywhereElseIsStillAnError() {
		for bytes in [Array(" ".utf8) + byteOrderMark + Array("1".utf8), Array("1".utf8) + byteOrderMark, [0xEF, 0xBB] + Array("1".utf8)] {
			#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: bytes) }
		}
	}

	@Test(arguments: ["1e400", "-1e400", "1.5E+309", String(repeating: "9", count: 400), "-" + String(repeating: "1", count: 400)])
	func aNumberOutOfRangeIsKeptAsItsTextWithAWarning(text: String) throws {
		let (value, warnings) = try parseKeepingWarnings(text)
		#expect(value == .string(text))
		#expect(warnings.count == 1)
		#expect(warnings.first?.text == text)
		#expect(warnings.first?.path == [])
		#expect(warnings.first?.reason.contains("out of range") == true)
	}

	@Test(arguments: ["1e400", "-1e400", String(repeating: "9", count: 400)])
	func withoutWarningsANumberOutOfRangeStillFailsTheParse(text: String) {
		#expect {
			try Defaults.JSONValue(parsing: "[\(text)]")
		} throws: { error in
			(error as? Defaults.JSONParseError)?.reason.contains("out of range") == true
		}
	}

	/// Too large for `Int64` and `UInt64`, but a finite `Double`: read as the nearest `Double`,
	/// in both parsing modes and without a warning (JSON numbers are doubles to most readers).
	@Test func anIntegerBeyondUInt64ThatDoubleHoldsIsReadAsTheNearestDouble() throws {
		let text = "1234567890123456789012345"
		let (value, warnings) = try parseKeepingWarnings(text)
		#expect(value == .double(1.2345678901234568e24))
		#expect(warnings.isEmpty)
		#expect(try Defaults.JSONValue(parsing: text) == .double(1.2345678901234568e24))
		#expect(try Defaults.JSONValue(parsing: "-" + text) == .double(-1.2345678901234568e24))
	}

	@Test func eachWarningSaysWhereItsValueIs() throws {
		let (value, warnings) = try parseKeepingWarnings(#"{"a": {"b": [0, 1e400]}, "ok": [1, 2.5], "c": [-1e999, {"d": 1e400}]}"#)
		#expect(value == ["a": ["b": [0, "1e400"]], "ok": [1, 2.5], "c": ["-1e999", ["d": "1e400"]]])
		#expect(warnings.map(\.path) == [
			[.key("a"), .key("b"), .index(1)],
			[.key("c"), .index(0)],
			[.key("c"), .index(1), .key("d")],
		])
		#expect(warnings.map(\.text) == ["1e400", "-1e999", "1e400"])
		#expect(warnings.first?.description == "1e400 at a.b[1] is a number out of range, so it was kept as a string holding its text")
		#expect(warnings.first?.path.first?.key == "a")
	}

	@Test func aLongNumberIsShortenedInTheDescription() throws {
		let digits = String(repeating: "7", count: 400)
		let (_, warnings) = try parseKeepingWarnings(#"{"n": \#(digits)}"#)
		let description = try #require(warnings.first?.description)
		#expect(description.hasPrefix(String(repeating: "7", count: 24) + "… (400 characters) at n "))
		#expect(warnings.first?.text == digits, "the warning keeps the whole text")
	}

	@Test func warningsAreAddedToThoseAlreadyCollected() throws {
		var warnings: [Defaults.JSONParseWarning] = []
		_ = try Defaults.JSONValue(parsing: "[1e400]", warnings: &warnings)
		_ = try Defaults.JSONValue(parsing: Array("[2e400]".utf8), warnings: &warnings)
		#expect(warnings.map(\.text) == ["1e400", "2e400"])
	}

	@Test(arguments: [#"{"a": 1e400,"#, #"[1e400 1]"#, #"{"a": 1e400} x"#, "1e"])
	func invalidTextStillThrowsWhenWarningsAreCollected(text: String) {
		var warnings: [Defaults.JSONParseWarning] = []
		#expect(throws: Defaults.JSONParseError.self) {
			try Defaults.JSONValue(parsing: text, warnings: &warnings)
		}
	}
}
