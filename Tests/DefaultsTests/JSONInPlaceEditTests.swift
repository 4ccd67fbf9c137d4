@testable import Defaults
import Testing

@Suite("JSON in place: another program's file changed only where a value changed")
struct JSONInPlaceEditTests {
	/// `text` with `changes` made in place; the result must read as the old values with the changes made.
	private func edit(
		_ text: String, _ changes: [(key: String, value: Defaults.JSONValue?)], sourceLocation: SourceLocation = #_sourceLocation
	) throws -> String {
		let document = try EditableJSONText(parsing: Array(text.utf8))
		let bytes = try document.applying(changes)
		var expected = document.values
		for (key, value) in changes { expected[key] = value }
		#expect(try JSONFileFormat().decode(bytes) == expected, "the edited text reads back as changed", sourceLocation: sourceLocation)
		return String(decoding: bytes, as: UTF8.self)
	}

	/// Comments of both kinds before, after and between members, blank lines, keys not sorted.
	private let commented = """
	// Settings for the build
	{
	  /* Where the output goes */
	  "outDir": "dist", // relative to the project

	  "compilerOptions": {
	    "strict": false,
	    // Checked by the editor too
	    "target": "es2020"
	  },
	  "include": ["src", /* generated */ "gen"]
	}

	"""

	// MARK: - Changing a value

	@Test func aTopLevelValueChangesOnlyItsOwnBytes() throws {
		#expect(try edit(commented, [("outDir", "build")]) == commented.replacingOccurrences(of: #""dist""#, with: #""build""#))
	}

	@Test func aNestedMemberChangesOnlyItsOwnBytes() throws {
		let options: Defaults.JSONValue = ["strict": true, "target": "es2020"]
		#expect(try edit(commented, [("compilerOptions", options)]) == commented.replacingOccurrences(of: #""strict": false"#, with: #""strict": true"#))
	}

	@Test func anArrayIsEditedItemByItemOrElseReplacedWholeInTheFilesIndentation() throws {
		// Items changed in place (issue #38: a list is edited as a form edits it, see JSONInPlaceArrayEditTests).
		let items = commented.replacingOccurrences(of: #"["src", /* generated */ "gen"]"#, with: #"["lib", /* generated */ "src"]"#)
		#expect(try edit(commented, [("include", ["lib", "src"])]) == items)
		// No single edit of a list: the whole array, in the file's indentation.
		let whole = commented.replacingOccurrences(of: #"["src", /* generated */ "gen"]"#, with: "[\n    \"x\",\n    \"y\",\n    \"z\"\n  ]")
		#expect(try edit(commented, [("include", ["x", "y", "z"])]) == whole)
	}

	@Test func aValueThatDidNotChangeIsNotWritten() throws {
		#expect(try edit(commented, [("outDir", "dist"), ("missing", nil)]) == commented)
	}

	@Test func aValueDeepInsideChangesAlone() throws {
		let text = "{\n  \"a\": {\n    \"b\": {\n      \"c\": 1, // deep\n      \"d\": 2\n    }\n  }\n}\n"
		#expect(try edit(text, [("a", ["b": ["c": 5, "d": 2]])]) == text.replacingOccurrences(of: #""c": 1"#, with: #""c": 5"#))
	}

	@Test func anObjectReplacingAScalarIsWrittenInTheFilesStyle() throws {
		let text = "{\r\n\t\"a\": {\r\n\t\t\"b\": 1\r\n\t}\r\n}\r\n"
		let expected = "{\r\n\t\"a\": {\r\n\t\t\"b\": {\r\n\t\t\t\"x\": [\r\n\t\t\t\t1\r\n\t\t\t]\r\n\t\t}\r\n\t}\r\n}\r\n"
		#expect(try edit(text, [("a", ["b": ["x": [1]]])]) == expected)
	}

	// MARK: - Adding a member

	@Test func aTopLevelMemberIsAddedAfterTheLastOne() throws {
		let expected = commented.replacingOccurrences(
			of: #"  "include": ["src", /* generated */ "gen"]"#,
			with: "  \"include\": [\"src\", /* generated */ \"gen\"],\n  \"exclude\": [\n    \"node_modules\"\n  ]"
		)
		#expect(try edit(commented, [("exclude", ["node_modules"])]) == expected)
	}

	@Test func aNestedMemberIsAddedAfterItsLastSibling() throws {
		let options: Defaults.JSONValue = ["strict": false, "target": "es2020", "module": "esnext"]
		let expected = commented.replacingOccurrences(of: "\"target\": \"es2020\"\n", with: "\"target\": \"es2020\",\n    \"module\": \"esnext\"\n")
		#expect(try edit(commented, [("compilerOptions", options)]) == expected)
	}

	@Test func aMemberIsAddedAfterTheCommentThatEndsTheLastLine() throws {
		let text = "{\n  \"a\": 1 // the only one\n}\n"
		#expect(try edit(text, [("b", 2)]) == "{\n  \"a\": 1, // the only one\n  \"b\": 2\n}\n")
	}

	@Test func tabsCRLFAndTrailingCommasAreKeptForNewMembers() throws {
		let text = "{\r\n\t\"editor.tabSize\": 4,\r\n\t\"files.exclude\": {\r\n\t\t\"**/.git\": true,\r\n\t},\r\n}\r\n"
		let nested = try edit(text, [("files.exclude", ["**/.git": true, "**/node_modules": true])])
		#expect(nested == "{\r\n\t\"editor.tabSize\": 4,\r\n\t\"files.exclude\": {\r\n\t\t\"**/.git\": true,\r\n\t\t\"**/node_modules\": true,\r\n\t},\r\n}\r\n")
		let top = try edit(text, [("[markdown]", ["editor.wordWrap": "on"])])
		#expect(top == "{\r\n\t\"editor.tabSize\": 4,\r\n\t\"files.exclude\": {\r\n\t\t\"**/.git\": true,\r\n\t},\r\n\t\"[markdown]\": {\r\n\t\t\"editor.wordWrap\": \"on\"\r\n\t},\r\n}\r\n")
	}

	@Test func fourSpacesAreTheUnitOfAFileIndentedByFour() throws {
		let text = "{\n    \"semi\": false,\n    \"singleQuote\": true\n}\n"
		let edited = try edit(text, [
			("overrides", [["files": "*.md", "options": ["proseWrap": "always"]]]),
			("printWidth", 100),
			("semi", true),
		])
		#expect(edited == """
		{
		    "semi": true,
		    "singleQuote": true,
		    "overrides": [
		        {
		            "files": "*.md",
		            "options": {
		                "proseWrap": "always"
		            }
		        }
		    ],
		    "printWidth": 100
		}

		""")
	}

	@Test func theFilesKeySeparatorIsUsedForNewMembersAndInsideNewValues() throws {
		let text = "{\n  \"a\" : 1\n}\n"
		#expect(try edit(text, [("b", ["c": 1])]) == "{\n  \"a\" : 1,\n  \"b\" : {\n    \"c\" : 1\n  }\n}\n")
	}

	@Test func anEmptyObjectGetsItsFirstMemberOneLevelDeeperThanItsLine() throws {
		#expect(try edit("{}", [("a", 1)]) == "{\n  \"a\": 1\n}")
		#expect(try edit("{\n\t\"paths\": {},\n\t\"x\": 1\n}\n", [("paths", ["@/*": ["src/*"]])])
			== "{\n\t\"paths\": {\n\t\t\"@/*\": [\n\t\t\t\"src/*\"\n\t\t]\n\t},\n\t\"x\": 1\n}\n")
		#expect(try edit("{\n  // nothing yet\n}\n", [("a", 1), ("b", 2)]) == "{\n  // nothing yet\n  \"a\": 1,\n  \"b\": 2\n}\n")
	}

	@Test func aFileOnOneLineStaysOnOneLine() throws {
		let text = #"{"a": 1, "b": 2}"#
		#expect(try edit(text, [("c", 3)]) == #"{"a": 1, "b": 2, "c": 3}"#)
		#expect(try edit(text, [("d", ["x": [1, 2]])]) == #"{"a": 1, "b": 2, "d": {"x":[1,2]}}"#)
		#expect(try edit(#"{"a":1,"b":2}"#, [("c", 3)]) == #"{"a":1,"b":2,"c":3}"#, "its spacing too")
		#expect(try edit(#"{"a": 1}"#, [("a", nil), ("b", 2)]) == #"{"b": 2}"#)
	}

	// MARK: - Removing a member

	@Test func aRemovedMemberTakesItsLineAndTheCommentEndingIt() throws {
		let expected = commented.replacingOccurrences(of: "  \"outDir\": \"dist\", // relative to the project\n", with: "")
		#expect(try edit(commented, [("outDir", nil)]) == expected)
		#expect(expected.contains("/* Where the output goes */"), "the comment on the line before stays")
	}

	@Test func removingTheLastMemberTakesTheCommaBeforeIt() throws {
		let options: Defaults.JSONValue = ["strict": false]
		let nested = commented.replacingOccurrences(of: "\"strict\": false,\n", with: "\"strict\": false\n")
			.replacingOccurrences(of: "    \"target\": \"es2020\"\n", with: "")
		#expect(try edit(commented, [("compilerOptions", options)]) == nested)
		#expect(nested.contains("// Checked by the editor too"), "another line's comment stays")
		let top = commented.replacingOccurrences(of: "  },\n  \"include\": [\"src\", /* generated */ \"gen\"]\n", with: "  }\n")
		#expect(try edit(commented, [("include", nil)]) == top)
	}

	@Test func withTrailingCommasTheLastMemberLeftKeepsItsComma() throws {
		let text = "{\r\n\t\"editor.tabSize\": 4,\r\n\t\"files.exclude\": {\r\n\t\t\"**/.git\": true,\r\n\t},\r\n}\r\n"
		#expect(try edit(text, [("files.exclude", nil)]) == "{\r\n\t\"editor.tabSize\": 4,\r\n}\r\n")
		#expect(try edit(text, [("editor.tabSize", nil)]) == "{\r\n\t\"files.exclude\": {\r\n\t\t\"**/.git\": true,\r\n\t},\r\n}\r\n")
	}

	@Test func membersSharingALineAreRemovedWithoutTheirNeighbours() throws {
		let text = "{\n  \"a\": 1, \"b\": 2,\n  \"c\": 3\n}\n"
		#expect(try edit(text, [("a", nil)]) == "{\n  \"b\": 2,\n  \"c\": 3\n}\n")
		#expect(try edit(text, [("b", nil)]) == "{\n  \"a\": 1,\n  \"c\": 3\n}\n")
		#expect(try edit(#"{"a": 1, "b": 2}"#, [("a", nil)]) == #"{"b": 2}"#)
		#expect(try edit(#"{"a": 1, "b": 2}"#, [("b", nil)]) == #"{"a": 1}"#)
		#expect(try edit(#"{"a": 1, "b": 2}"#, [("a", nil), ("b", nil)]) == "{}")
	}

	@Test func aCommentRunningOnToTheNextLinesIsNotTakenWithTheLine() throws {
		let text = "{\n  \"a\": 1, /* about a,\n     and b */\n  \"b\": 2\n}\n"
		#expect(try edit(text, [("a", nil)]) == "{\n  /* about a,\n     and b */\n  \"b\": 2\n}\n")
	}

	@Test func blankLinesAroundARemovedMemberStay() throws {
		let text = "{\n  \"a\": 1,\n\n  \"b\": 2,\n\n  \"c\": 3\n}\n"
		#expect(try edit(text, [("b", nil)]) == "{\n  \"a\": 1,\n\n\n  \"c\": 3\n}\n")
	}

	@Test func removingEveryMemberKeepsTheComments() throws {
		let edited = try edit(commented, [("outDir", nil), ("compilerOptions", nil), ("include", nil)])
		#expect(edited == "// Settings for the build\n{\n  /* Where the output goes */\n\n}\n")
	}

	@Test func aMemberRemovedAndAnotherAddedInOneEdit() throws {
		let text = "{\n  \"a\": 1,\n  \"b\": 2\n}\n"
		#expect(try edit(text, [("b", nil), ("c", 3)]) == "{\n  \"a\": 1,\n  \"c\": 3\n}\n")
		#expect(try edit(text, [("a", nil), ("b", nil), ("c", 3)]) == "{\n  \"c\": 3\n}\n")
	}

	// MARK: - The rest of the file

	@Test func aRepeatedKeyChangesWhereItIsReadAndGoesEverywhereWhenRemoved() throws {
		#expect(try edit(#"{"a": 1, "a": 2}"#, [("a", 3)]) == #"{"a": 1, "a": 3}"#)
		#expect(try edit(#"{"a": 1, "a": 2, "b": 0}"#, [("a", nil)]) == #"{"b": 0}"#)
	}

	@Test func numbersKeepTheirTextAndTheByteOrderMarkStays() throws {
		let text = "\u{FEFF}{\"big\": 1e400, \"pi\": 3.14159265358979323846, \"n\": 1}"
		#expect(try edit(text, [("n", 2)]) == text.replacingOccurrences(of: #""n": 1"#, with: #""n": 2"#))
	}

	@Test func keysThatNeedEscapesAreFoundAndWritten() throws {
		let text = "{\n  \"quote\\\"d\": 1\n}\n"
		#expect(try edit(text, [("quote\"d", 2)]) == "{\n  \"quote\\\"d\": 2\n}\n")
		#expect(try edit(text, [("new\nline", "é")]) == "{\n  \"quote\\\"d\": 1,\n  \"new\\nline\": \"é\"\n}\n")
	}

	@Test func aValueTooDeepIsRefused() throws {
		let document = try EditableJSONText(parsing: Array(#"{"a": 1}"#.utf8))
		var value: Defaults.JSONValue = 1
		for _ in 0..<(Defaults.JSONValue.maximumNestingDepth - 1) { value = [value] }
		#expect(throws: Defaults.JSONWriteError.self) { try document.applying([("a", value)]) }
	}
}
