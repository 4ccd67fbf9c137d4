import Defaults
import Foundation
import Testing

@Suite("The stored form: JSON values")
struct JSONValueTests {
	/// Integers are read as their digits are found up to 18 of them, from their text beyond.
	@Test(arguments: [
		("0", .integer(0)), ("-0", .integer(0)), ("7", .integer(7)), ("-7", .integer(-7)),
		("999999999999999999", .integer(999_999_999_999_999_999)), ("-999999999999999999", .integer(-999_999_999_999_999_999)),
		("1000000000000000000", .integer(1_000_000_000_000_000_000)), ("9223372036854775807", .integer(Int64.max)),
		("-9223372036854775808", .integer(Int64.min)), ("9999999999999999999", .unsignedInteger(9_999_999_999_999_999_999)),
		("18446744073709551616", .double(18_446_744_073_709_551_616)), ("12.5", .double(12.5)), ("-3e2", .double(-300)),
	] as [(String, Defaults.JSONValue)])
	func integersAreReadExactlyWhateverTheirLength(text: String, value: Defaults.JSONValue) throws {
		#expect(try Defaults.JSONValue(parsing: text) == value)
		#expect(try Defaults.JSONValue(parsing: "[\(text)]") == [value])
	}

	@Test func parsesEveryKindOfValue() throws {
		let value = try Defaults.JSONValue(parsing: #" {"a": [1, -2.5e3, true, false, null], "b": {"c": "d\n\u00e9\ud83e\udd84"}, "big": 18446744073709551615} "#)
		#expect(value == ["a": [1, -2500.0, true, false, nil], "b": ["c": "d\né🦄"], "big": .unsignedInteger(UInt64.max)])
	}

	@Test func aRepeatedObjectKeyKeepsItsLastValue() throws {
		let value = try Defaults.JSONValue(parsing: #"{"a": 1, "b": {"c": 1, "c": 2}, "a": 3}"#)
		#expect(value == ["a": 3, "b": ["c": 2]])
	}

	@Test func writesCompactAndPrettyTextWithSortedKeys() {
		let value: Defaults.JSONValue = ["b": [1, 2.5], "a": ["z": nil, "y": "\"q\"\t"], "c": [:], "d": []]
		#expect(value.jsonString() == #"{"a":{"y":"\"q\"\t","z":null},"b":[1,2.5],"c":{},"d":[]}"#)
		#expect(value.jsonString(pretty: true) == """
		{
		  "a": {
		    "y": "\\"q\\"\\t",
		    "z": null
		  },
		  "b": [
		    1,
		    2.5
		  ],
		  "c": {},
		  "d": []
		}

		""")
	}

	@Test(arguments: [
		Defaults.JSONValue.double(0.1), .double(1e-300), .double(-0.0), .double(1.0), .double(123_456_789.123_456_78),
		.integer(.min), .unsignedInteger(.max), .string("\u{0}\u{1F}\u{7F}\u{2028}"), .string("🦄"),
	])
	func textReadsBackAsTheSameValue(value: Defaults.JSONValue) throws {
		let reparsed = try Defaults.JSONValue(parsing: value.jsonString())
		#expect(reparsed == value)
		#expect(reparsed.jsonString() == value.jsonString())
	}

	@Test func numbersCompareAsJSONNumbers() {
		#expect(Defaults.JSONValue.integer(1) == .double(1.0))
		#expect(Defaults.JSONValue.unsignedInteger(1) == .integer(1))
		#expect(Defaults.JSONValue.integer(1) != .double(1.5))
		#expect(Defaults.JSONValue.integer(1) != .bool(true))
		#expect(Set<Defaults.JSONValue>([.integer(2), .double(2.0), .unsignedInteger(2)]).count == 1)
	}

	@Test(arguments: [
		("", "expected a value"),
		("{", "expected a string key"),
		("{\"a\" 1}", "expected ':'"),
		("[1,]", "expected a value"),
		("[1 2]", "expected ',' or ']'"),
		("\"abc", "unterminated string"),
		("01", "leading zeros"),
		("1.", "expected a digit after '.'"),
		("tru", "expected a value (text needs quotes) but found 'tru'"),
		("not json", "expected a value (text needs quotes) but found 'not'"),
		("nope", "expected a value (text needs quotes) but found 'nope'"),
		("\"\\x\"", "invalid escape"),
		("\"a\u{1}\"", "control character"),
		("{} {}", "unexpected text after"),
		("1e999", "out of range"),
		("\"\\ud800\"", "low surrogate"),
	])
	func rejectsInvalidText(text: String, reason: String) {
		#expect {
			try Defaults.JSONValue(parsing: text)
		} throws: { error in
			(error as? Defaults.JSONParseError)?.reason.contains(reason) == true
		}
	}

	/// The parser scans strings eight bytes at a time: whatever needs attention must be found
	/// at every position within and across those eight bytes.
	@Test func stringsAreReadRightWhereverTheirSpecialBytesFall() throws {
		let specials: [(text: String, value: String)] = [("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u00e9", "é"), ("é", "é"), ("🎈", "🎈"), ("\u{7F}", "\u{7F}")]
		for offset in 0..<20 {
			for special in specials {
				let prefix = String(repeating: "a", count: offset)
				let suffix = String(repeating: "b", count: 19 - offset)
				// Another string follows, so a closing quote missed inside a run would be seen.
				let value = try Defaults.JSONValue(parsing: "[\"\(prefix)\(special.text)\(suffix)\",\"\(suffix)\(prefix)\"]")
				#expect(value == [.string(prefix + special.value + suffix), .string(suffix + prefix)], "offset \(offset), \(special.text)")
			}
			// A raw control character or invalid UTF-8 is refused wherever it is.
			let control = Array("[\"\(String(repeating: "a", count: offset))\u{1}bbbbbbbbbb\"]".utf8)
			#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: control) }
			let invalid = Array("[\"\(String(repeating: "a", count: offset))".utf8) + [0xFF] + Array("bbbbbbbbbb\"]".utf8)
			#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: invalid) }
			// An unterminated string is refused too, however long its last run of plain bytes.
			#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: "[\"\(String(repeating: "a", count: offset))") }
		}
	}

	@Test func errorsNameTheLineAndColumn() {
		do {
			_ = try Defaults.JSONValue(parsing: "{\n  \"a\": 1,\n  \"b\": ?\n}")
			Issue.record("parsing should fail")
		} catch {
			#expect(error.line == 3)
			#expect(error.column == 8)
			#expect(error.description.hasPrefix("invalid JSON at line 3, column 8"))
		}
	}

	@Test func rejectsInvalidUTF8AndDeepNesting() {
		#expect(throws: Defaults.JSONParseError.self) {
			try Defaults.JSONValue(parsing: [0x22, 0xFF, 0xFE, 0x22])
		}
		#expect(throws: Defaults.JSONParseError.self) {
			try Defaults.JSONValue(parsing: String(repeating: "[", count: 10_000))
		}
	}

	@Test func convertsToAndFromPropertyLists() throws {
		let value: Defaults.JSONValue = ["flag": true, "count": 3, "ratio": 0.5, "names": ["a"], "nested": ["k": "v"]]
		let restored = try #require(Defaults.JSONValue(propertyList: value.propertyList))
		#expect(restored == value)
		#expect(Defaults.JSONValue(propertyList: NSObject()) == nil)
		#expect(Defaults.JSONValue(propertyList: [Date(timeIntervalSince1970: 0)]) == ["1970-01-01T00:00:00Z"])
	}

	@Test func isAValidSettingTypeItself() {
		let store = InMemoryStore()
		let key = Defaults.Key<Defaults.JSONValue>(uniqueKeyName(), default: ["any": "shape"], suite: store)
		#expect(Defaults[key] == ["any": "shape"])
		Defaults[key] = [1, [2, [3]]]
		#expect(store.storedValue(forKey: key.name) == [1, [2, [3]]])
	}
}
