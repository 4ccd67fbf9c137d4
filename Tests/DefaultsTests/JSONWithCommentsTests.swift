@testable import Defaults
import Testing

@Suite("JSON with comments: reading settings files that have them")
struct JSONWithCommentsTests {
	private func decode(_ text: String) throws -> [String: Defaults.JSONValue] {
		try JSONFileFormat().decode(Array(text.utf8))
	}

	private func parsed(_ text: String) throws -> EditableJSONText {
		try EditableJSONText(parsing: Array(text.utf8))
	}

	/// The text of `range` in `text`.
	private func slice(_ text: EditableJSONText, _ range: Range<Int>) -> String {
		String(decoding: text.bytes[range], as: UTF8.self)
	}

	@Test func commentsAnywhereBetweenTokensGiveTheValuesOfTheTextWithout() throws {
		let commented = """
		// A leading comment
		/* and a block */ {
		  "name": /* before a value */ "Notes", // after a member
		  /* before a key */ "size" /* before the colon */ : 14 /* before the comma */ ,
		  "nested": { // inside an object
		    "list": [1, /* between elements */ 2, // after one
		      3] /* after the array */
		  },
		  "url": "http://example.com/*not a comment*/" // strings keep what looks like comments
		} // after the object
		/* at the end */
		"""
		let plain = #"{"name": "Notes", "size": 14, "nested": {"list": [1, 2, 3]}, "url": "http://example.com/*not a comment*/"}"#
		#expect(try decode(commented) == (try Defaults.JSONValue(parsing: plain)).objectValue)
	}

	@Test func trailingCommasInObjectsAndArraysAreRead() throws {
		#expect(try decode(#"{"a": [1, 2,], "b": {"c": true,},}"#) == ["a": [1, 2], "b": ["c": true]])
	}

	@Test func numbersAndStringsAreReadAsInPlainJSON() throws {
		let text = #"{"big": 123456789012345678901234567890, "pi": 3.25e2, "escaped": "tab\tquote\"é\u00e9", "neg": -0}"#
		let withComments = text.replacingOccurrences(of: ", ", with: ", // comment\n")
		#expect(try decode(withComments) == (try Defaults.JSONValue(parsing: text)).objectValue)
		var problems: [FileFormatProblem] = []
		let values = try JSONFileFormat().decode(Array(#"{"a": /* huge */ 1e400}"#.utf8), problems: &problems)
		#expect(values == ["a": "1e400"])
		#expect(problems.map(\.key) == ["a"], "a number out of range costs its key only, comments or not")
	}

	@Test func plainJSONParsingStillRefusesCommentsAndTrailingCommas() {
		#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: #"{"a": 1 // no}"#) }
		#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: #"{"a": 1,}"#) }
		#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: "[1,]") }
	}

	@Test(arguments: [
		#"{"a": 1 /* never closed }"#,
		#"{"a": 1 / 2}"#,
		#"{"a": 1,, "b": 2}"#,
		#"{,}"#,
		#"[1, 2,,]"#,
		#"{"a": 1} /* fine, but then */ { "more": 2 }"#,
	])
	func textThatIsNotJSONWithCommentsIsRefused(text: String) {
		#expect(throws: FileFormatError.self) { try decode(text) }
	}

	@Test func anUnclosedCommentSaysSo() {
		#expect {
			try decode("{\n  \"a\": 1\n  /* open")
		} throws: { error in
			"\(error)".contains("unterminated comment") && "\(error)".contains("line 3")
		}
	}

	@Test func membersAreFoundWithTheirKeyValueAndComma() throws {
		let text = try parsed("{\n  \"a\": 1, // one\n  \"b\" : {\"c\": [true,],},\n  \"d\": \"x\"\n}")
		let top = try #require(text.objects.last)
		#expect(top.keys == ["a", "b", "d"])
		#expect(top.members.map { slice(text, $0.keyRange) } == [#""a""#, #""b""#, #""d""#])
		#expect(top.members.map { slice(text, $0.valueRange) } == ["1", #"{"c": [true,],}"#, #""x""#])
		#expect(top.members.map { $0.comma.map { slice(text, $0..<$0 + 1) } } == [",", ",", nil])
		let nested = try #require(top.members[1].object)
		#expect(slice(text, text.objects[nested].range) == #"{"c": [true,],}"#)
		#expect(text.objects[nested].members.first?.comma != nil, "the trailing comma is the member's")
		#expect(top.members[0].object == nil && top.members[2].object == nil)
	}

	@Test func aRepeatedKeyIsFoundEachTimeAndReadAsItsLastValue() throws {
		let text = try parsed(#"{"a": 1, "a": 2}"#)
		#expect(text.objects.last?.keys == ["a", "a"])
		#expect(text.values == ["a": 2])
	}

	@Test func theStyleIsReadFromTheFile() throws {
		let tabs = try parsed("{\r\n\t\"a\": {\r\n\t\t\"b\": 1,\r\n\t},\r\n}")
		#expect(tabs.style.lineEnding == [0x0D, 0x0A])
		#expect(tabs.style.indentation == [0x09])
		#expect(tabs.style.usesTrailingCommas)
		#expect(tabs.style.isMultiline)
		let four = try parsed("{\n    \"a\" :1\n}\n")
		#expect(four.style.lineEnding == [0x0A])
		#expect(four.style.indentation == Array("    ".utf8))
		#expect(four.style.keySeparator == Array(" :".utf8))
		#expect(!four.style.usesTrailingCommas)
		let nestedOnly = try parsed("{\"a\": {\n      \"b\": 1\n}}")
		#expect(nestedOnly.style.indentation == Array("      ".utf8), "read from a nested object when the top one is on one line")
		let oneLine = try parsed(#"{"a": 1}"#)
		#expect(!oneLine.style.isMultiline)
		#expect(oneLine.style.indentation == Array("  ".utf8), "two spaces when the file shows none")
	}

	@Test func aTextThatIsNotAnObjectIsNotEditable() {
		#expect(throws: Defaults.JSONParseError.self) { try parsed("[1, 2] // a list") }
		#expect(throws: Defaults.JSONParseError.self) { try parsed("// nothing but a comment") }
	}
}
