import Defaults
import DefaultsTOML
import Foundation
import Testing

/// A save changes a TOML file in place: the changed values' bytes only.
@Suite struct TOMLInPlaceEditTests {
	/// `text` read for editing, then `changes` made to what it holds.
	static func edit(_ text: String, _ changes: [String: Defaults.JSONValue?]) throws -> String {
		let format = TOMLFileFormat()
		var problems: [FileFormatProblem] = []
		let (values, document) = try format.decodeForEditing(Array(text.utf8), problems: &problems)
		let batch = Defaults.ChangeBatch(values: changes)
		let edited = try format.edit(document, applying: batch, giving: batch.applied(to: values))
		return String(decoding: edited.bytes, as: UTF8.self)
	}

	@Test func replacesTopLevelValuesKeepingEveryOtherByte() throws {
		let edited = try Self.edit(TOMLSamples.starship, ["add_newline": .bool(false), "command_timeout": .integer(500)])
		let expected = TOMLSamples.starship
			.replacingOccurrences(of: "add_newline = true", with: "add_newline = false")
			.replacingOccurrences(of: "command_timeout = 1_000", with: "command_timeout = 500")
		#expect(Array(edited.utf8) == Array(expected.utf8))
	}

	@Test func replacesValuesInTablesKeepingEveryOtherByte() throws {
		let values = try TOMLFileFormat().decode(Array(TOMLSamples.cargo.utf8))
		guard case .object(var package) = values["package"], case .object(var profile) = values["profile"],
		      case .object(var release) = profile["release"]
		else {
			Issue.record("the manifest has no [package] or [profile.release]")
			return
		}
		package["version"] = .string("0.2.0")
		release["lto"] = .bool(false)
		profile["release"] = .object(release)
		let edited = try Self.edit(TOMLSamples.cargo, ["package": .object(package), "profile": .object(profile)])
		let expected = TOMLSamples.cargo
			.replacingOccurrences(of: "version = \"0.1.0\"", with: "version = \"0.2.0\"")
			.replacingOccurrences(of: "lto = true   # link", with: "lto = false   # link")
		#expect(Array(edited.utf8) == Array(expected.utf8))
	}

	@Test func replacesAnInlineTableWhole() throws {
		let edited = try Self.edit("# deps\nserde = { version = \"1.0\" } # pinned\n", ["serde": .object(["version": .string("2.0")])])
		#expect(edited == "# deps\nserde = { version = \"2.0\" } # pinned\n")
	}

	/// Tables made by `[a.b]` alone, and arrays of tables.
	static let implicitTables = "[a.b]\nx = 1\n\n[[bin]]\nname = 'x'\n"

	/// What cannot be changed in place (removing a whole table, adding to an implicit table,
	/// changing a member of `[[bin]]` and adding an element were refused here too until they were
	/// made in place).
	@Test(arguments: [
		(implicitTables, ["bin": .array([.object(["name": .string("x")]), .string("y")])] as [String: Defaults.JSONValue?]),
		(implicitTables, ["bin": .array([])]),
		(implicitTables, ["a": .integer(1)]),
		("[a]\nb.c = 1\n[a.b.d]\ne = 1\n", ["a": .object(["b": .object(["c": .integer(1), "x": .integer(2), "d": .object(["e": .integer(1)])])])]),
	])
	func refusesWhatItCannotEditInPlace(text: String, changes: [String: Defaults.JSONValue?]) {
		#expect {
			try Self.edit(text, changes)
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("cannot edit the TOML file in place") == true
		}
	}

	@Test func removesAKeysOwnLinesKeepingEveryOtherByte() throws {
		let edited = try Self.edit(TOMLSamples.starship, ["command_timeout": nil])
		#expect(edited == TOMLSamples.starship.replacingOccurrences(of: "command_timeout = 1_000\n", with: ""))
	}

	@Test func removesMembersOfTablesWithTheirLineComments() throws {
		let values = try TOMLFileFormat().decode(Array(TOMLSamples.cargo.utf8))
		guard case .object(var package) = values["package"], case .object(var profile) = values["profile"],
		      case .object(var release) = profile["release"]
		else {
			Issue.record("the manifest has no [package] or [profile.release]")
			return
		}
		package["authors"] = nil
		release["lto"] = nil
		profile["release"] = .object(release)
		let edited = try Self.edit(TOMLSamples.cargo, ["package": .object(package), "profile": .object(profile)])
		let expected = TOMLSamples.cargo
			.replacingOccurrences(of: "authors = [\n    \"Ann <ann@example.com>\", # first\n    'Bob',\n]\n", with: "")
			.replacingOccurrences(of: "lto = true   # link-time optimisation\n", with: "")
		#expect(Array(edited.utf8) == Array(expected.utf8))
	}

	@Test func removesTheLastLineAndALineOfACRLFFile() throws {
		#expect(try Self.edit("a = 1\r\nb = 2\r\nc = 3", ["c": nil]) == "a = 1\r\nb = 2\r\n")
		#expect(try Self.edit("\u{FEFF}a = 1\r\nb = 2\r\n", ["a": nil]) == "\u{FEFF}b = 2\r\n")
	}

	@Test func addsATopLevelKeyAfterTheLastTopLevelStatement() throws {
		let edited = try Self.edit(TOMLSamples.starship, ["palette": .string("dark")])
		#expect(edited == TOMLSamples.starship.replacingOccurrences(of: "(bold green) \"\"\"\n", with: "(bold green) \"\"\"\npalette = \"dark\"\n"))
	}

	@Test func addsAMemberAfterItsTablesLastStatementAndATableAtTheEnd() throws {
		let edited = try Self.edit(TOMLSamples.starship, [
			"package": .object(["disabled": .bool(true), "symbol": .string("P")]), "python": .object(["symbol": .string("py")]),
		])
		let expected = TOMLSamples.starship.replacingOccurrences(of: "disabled = true\n", with: "disabled = true\nsymbol = \"P\"\n")
			+ "\n[python]\nsymbol = \"py\"\n"
		#expect(edited == expected)
	}

	@Test func addsToATableOfDottedKeysAndInTheFilesIndentationAndLineEnds() throws {
		let values = try TOMLFileFormat().decode(Array(TOMLSamples.cargo.utf8))
		guard case .object(var dependencies) = values["dependencies"] else {
			Issue.record("the manifest has no [dependencies]")
			return
		}
		dependencies["rand"] = .string("0.8")
		let edited = try Self.edit(TOMLSamples.cargo, ["dependencies": .object(dependencies)])
		#expect(edited == TOMLSamples.cargo.replacingOccurrences(of: "tokio.features = [\"full\"]\n", with: "tokio.features = [\"full\"]\nrand = \"0.8\"\n"))
		#expect(try Self.edit("[t]\r\n  a = 1\r\n", ["t": .object(["a": .integer(1), "b": .integer(2)])]) == "[t]\r\n  a = 1\r\n  b = 2\r\n")
		#expect(try Self.edit("a = 1", ["b": .integer(2)]) == "a = 1\nb = 2\n")
		#expect(try Self.edit("a = 1\n", ["c": .integer(3), "b": .integer(2)]) == "a = 1\nb = 2\nc = 3\n", "in the order of their names")
		#expect(try Self.edit("[t]\n\n[u]\nx = 1\n", ["t": .object(["a": .integer(1)])]) == "[t]\na = 1\n\n[u]\nx = 1\n")
		#expect(try Self.edit("a = 1\r\n", ["t": .object(["b": .integer(2)])]) == "a = 1\r\n\r\n[t]\r\nb = 2\r\n")
	}

	@Test func writesANewFileWithoutADocument() throws {
		let edited = try TOMLFileFormat().edit(nil, applying: Defaults.ChangeBatch(values: ["a": .integer(1)]), giving: ["a": .integer(1), "t": .object(["b": .string("x")])])
		#expect(String(decoding: edited.bytes, as: UTF8.self) == "a = 1\n\n[t]\nb = \"x\"\n")
	}
}

/// A replaced value keeps the style it was written in where the new value allows it.
@Suite struct TOMLInPlaceEditStyleTests {
	@Test func aDateStaysUnquotedAndALiteralStringLiteral() throws {
		let text = "released = 1979-05-27T07:32:00Z # first\npath = 'C:\\Users' # literal\nname = 'x'\n"
		let edited = try TOMLInPlaceEditTests.edit(text, [
			"released": .string("2024-01-02T03:04:05Z"), "path": .string("D:\\Data"), "name": .string("it's"),
		])
		#expect(edited == "released = 2024-01-02T03:04:05Z # first\npath = 'D:\\Data' # literal\nname = \"it's\"\n")
	}

	@Test func anIntegerKeepsItsBaseAndItsGroupsOfDigits() throws {
		let text = "a = 0xFF\nb = 1_000_000 # big\nc = 0o755\nd = 0b1010\ne = 0xff\nf = 1_0\ng = -5_000\n"
		let edited = try TOMLInPlaceEditTests.edit(text, ["a": 4096, "b": 2_500_000, "c": 511, "d": -1, "e": 4095, "f": 1234, "g": -12])
		#expect(edited == "a = 0x1000\nb = 2_500_000 # big\nc = 0o777\nd = -1\ne = 0xfff\nf = 1234\ng = -12\n")
	}

	@Test func aDateChangedToTextThatIsNoDateIsQuoted() throws {
		let edited = try TOMLInPlaceEditTests.edit("when = 1979-05-27\n", ["when": .string("soon")])
		#expect(edited == "when = \"soon\"\n")
	}
}

/// A replaced string stays multi-line where it was, in the file's line ends.
@Suite struct TOMLInPlaceEditMultiLineTests {
	@Test func aMultiLineStringStaysMultiLine() throws {
		let text = "s = '''\nold\n'''\nb = \"\"\"\r\nx\"\"\"\n"
		let edited = try TOMLInPlaceEditTests.edit(text, ["s": "new\nline\n", "b": "say \"\"\"hi\"\"\" \\ \u{1}"])
		#expect(edited == "s = '''\nnew\nline\n'''\nb = \"\"\"\nsay \"\"\\\"hi\"\"\\\" \\\\ \\u0001\"\"\"\n")
	}

	@Test func aLiteralMultiLineStringThatCannotHoldTheNewTextBecomesABasicOne() throws {
		let edited = try TOMLInPlaceEditTests.edit("s = '''x'''\n", ["s": "it'''s\n"])
		#expect(edited == "s = \"\"\"it'''s\n\"\"\"\n")
	}

	@Test func aNewTextStartingWithALineEndKeepsIt() throws {
		#expect(try TOMLInPlaceEditTests.edit("s = \"\"\"x\"\"\"\r\n", ["s": "\nx"]) == "s = \"\"\"\r\n\r\nx\"\"\"\r\n")
	}
}
