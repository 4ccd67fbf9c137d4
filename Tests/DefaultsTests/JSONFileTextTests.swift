@testable import Defaults
import Testing

/// A save tells the library's own file from another program's by going through the members
/// where the text has them: the own text only when every byte is what the library writes.
@Suite("JSON file text: the library's own text known member by member")
struct JSONFileTextTests {
	private let values: [String: Defaults.JSONValue] = [
		"a": 1, "b": ["x": [1, 2.5, "s"], "y": [:]], "c": "text with \"quotes\" and \\ */", "é": .null, "big": 1e300,
	]

	private var own: String {
		get throws { String(decoding: try JSONFileFormat().encode(values), as: UTF8.self) }
	}

	/// What a save finds in `text`: "own", "foreign" or "none".
	private func kind(of text: String) throws -> String {
		let bytes = Array(text.utf8)
		let format = JSONFileFormat()
		var problems: [FileFormatProblem] = []
		let (values, numberTexts, read) = try format.decodeKeepingNumberTexts(bytes, problems: &problems, recordingObjects: true)
		var wholeReads = 0
		let found = try format.fileText(of: bytes, values: values, numberTexts: numberTexts, read: read, wholeReads: &wholeReads)
		#expect(wholeReads == 0, "the text read once is not read again")
		switch found {
		case .own?: return "own"
		case .foreign?: return "foreign"
		case nil: return "none"
		}
	}

	@Test func theLibrarysOwnBytesAreItsOwnTextWithWhereEachMemberLies() throws {
		#expect(try kind(of: own) == "own")
		let bytes = Array(try own.utf8)
		let read = try EditableJSONText(parsing: bytes)
		let text = try #require(PrettyObjectText(exactly: read, values: values, keepingTextsOf: [:]))
		#expect(text.bytes == bytes)
		#expect(text.keys == values.keys.sorted())
		#expect(text.valueBytes(forKey: "c").map { String(decoding: $0, as: UTF8.self) } == #""text with \"quotes\" and \\ */""#)
		// Changed where its members lie as if the library had just written it.
		let changes: [(key: String, value: Defaults.JSONValue?)] = [("a", nil), ("b", ["x": []]), ("d", 4)]
		var changed = values
		for (key, value) in changes { changed[key] = value }
		#expect(try text.applying(changes).bytes == JSONFileFormat().encode(changed))
	}

	@Test func aKeptNumberTextIsPartOfTheOwnText() throws {
		#expect(try kind(of: "{\n  \"a\": 1e400,\n  \"b\": [\n    12345678901234567890123\n  ]\n}\n") == "own")
	}

	/// `own` with `difference`.
	private static func text(_ own: String, with difference: String) -> String {
		switch difference {
		case "without the final line break": String(own.dropLast())
		case "CRLF line endings": own.replacingOccurrences(of: "\n", with: "\r\n")
		case "a key escaped otherwise": own.replacingOccurrences(of: #""a": 1"#, with: #""\u0061": 1"#)
		case "a number written otherwise": own.replacingOccurrences(of: #""a": 1"#, with: #""a": 1e0"#)
		case "a string escaped otherwise": own.replacingOccurrences(of: #"\\ */"#, with: #"\u005c */"#)
		case "keys out of order": own.replacingOccurrences(of: "\n  \"a\": 1,", with: "").replacingOccurrences(of: "\n}", with: ",\n  \"a\": 1\n}")
		case "a key written twice": own.replacingOccurrences(of: #""a": 1,"#, with: "\"a\": 1,\n  \"a\": 1,")
		case "four spaces": own.replacingOccurrences(of: "\n  \"", with: "\n    \"")
		case "a space before a colon": own.replacingOccurrences(of: #""c": "#, with: #""c" : "#)
		case "an empty object written otherwise": own.replacingOccurrences(of: "\"y\": {}", with: "\"y\": { }")
		case "a comment": own.replacingOccurrences(of: "{\n", with: "{\n  // mine\n")
		case "a trailing comma": own.replacingOccurrences(of: "\n}\n", with: ",\n}\n")
		case "a byte order mark": "\u{FEFF}" + own
		default: own + "\n"
		}
	}

	/// The own text with one thing written otherwise: another program's, edited in place.
	@Test(arguments: [
		"without the final line break", "CRLF line endings", "a key escaped otherwise", "a number written otherwise",
		"a string escaped otherwise", "keys out of order", "a key written twice", "four spaces", "a space before a colon",
		"an empty object written otherwise", "a comment", "a trailing comma", "a byte order mark", "a line after the object",
	])
	func anyOtherBytesAreAnotherProgramsText(difference: String) throws {
		let own = try own
		let text = Self.text(own, with: difference)
		try #require(text != own, "\(difference): the test changes the text")
		let read = try JSONFileFormat().decode(Array(text.utf8))
		try #require(read == values || difference == "a number written otherwise", "\(difference): the same values")
		#expect(try kind(of: text) == "foreign", "\(difference)")
	}
}
