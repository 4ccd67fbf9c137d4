import Defaults
import DefaultsTOML
import Testing

/// Whole tables removed, keys added to tables written as dotted keys or only by their
/// sub-tables, new tables beside their parent, and members of arrays of tables, in place.
@Suite struct TOMLInPlaceEditTableTests {
	static let sections = """
	# settings

	top = 1

	# about a
	[a]
	x = 1

	[a.sub]
	y = 2

	# about b
	[b]
	z = 3

	"""

	@Test func removesATableWithItsSubTablesAndTheCommentsDescribingIt() throws {
		let edited = try TOMLInPlaceEditTests.edit(Self.sections, ["a": nil])
		#expect(edited == "# settings\n\ntop = 1\n\n# about b\n[b]\nz = 3\n")
	}

	@Test func aCommentRightBelowOtherTextStaysAndTheLastTableTakesTheBlankLinesBeforeIt() throws {
		#expect(try TOMLInPlaceEditTests.edit("top = 1\n# about a\n[a]\nx = 1\n", ["a": nil]) == "top = 1\n# about a\n")
		#expect(try TOMLInPlaceEditTests.edit("top = 1\n\n\n[a]\nx = 1\n", ["a": nil]) == "top = 1\n")
		#expect(try TOMLInPlaceEditTests.edit("# the file\n[a]\nx = 1\n\n[b]\n", ["a": nil]) == "# the file\n[b]\n", "the file's opening comment stays")
	}

	@Test func removesATableOfDottedKeysAnImplicitTableAndAnArrayOfTables() throws {
		let values = try TOMLFileFormat().decode(Array(TOMLSamples.cargo.utf8))
		guard case .object(var dependencies) = values["dependencies"] else {
			Issue.record("the manifest has no [dependencies]")
			return
		}
		dependencies["tokio"] = nil
		let edited = try TOMLInPlaceEditTests.edit(TOMLSamples.cargo, ["dependencies": .object(dependencies), "bin": nil])
		let expected = TOMLSamples.cargo
			.replacingOccurrences(of: "tokio.version = \"1\"\ntokio.features = [\"full\"]\n", with: "")
			.replacingOccurrences(of: "\n\n[[bin]]\nname = \"demo\"\npath = \"src/main.rs\"\n\n[[bin]]\nname = \"tool\"\npath = \"src/bin/tool.rs\"\n", with: "\n")
		#expect(edited == expected)
		#expect(try TOMLInPlaceEditTests.edit("[a.b]\nx = 1\n\n[a.c]\ny = 2\n\n[d]\nz = 1\n", ["a": nil]) == "[d]\nz = 1\n")
	}

	@Test func removesEveryValue() throws {
		let format = TOMLFileFormat()
		var problems: [FileFormatProblem] = []
		let text = "# c\na = 1\n\n[t]\nb = 2\n"
		let (_, document) = try format.decodeForEditing(Array(text.utf8), problems: &problems)
		let edited = try format.edit(document, applying: Defaults.ChangeBatch(removedAll: true), giving: [:])
		#expect(String(decoding: edited.bytes, as: UTF8.self) == "# c\n")
	}

	@Test func addsToATableOfDottedKeysAsADottedKey() throws {
		let values = try TOMLFileFormat().decode(Array(TOMLSamples.cargo.utf8))
		guard case .object(var dependencies) = values["dependencies"], case .object(var tokio) = dependencies["tokio"] else {
			Issue.record("the manifest has no tokio dependency")
			return
		}
		tokio["optional"] = true
		tokio["path"] = .object(["to": "x"])
		dependencies["tokio"] = .object(tokio)
		let edited = try TOMLInPlaceEditTests.edit(TOMLSamples.cargo, ["dependencies": .object(dependencies)])
		#expect(edited == TOMLSamples.cargo.replacingOccurrences(
			of: "tokio.features = [\"full\"]\n", with: "tokio.features = [\"full\"]\ntokio.optional = true\ntokio.path = { to = \"x\" }\n"
		))
		#expect(try TOMLInPlaceEditTests.edit("a.b = 1\n", ["a": .object(["b": 1, "c": 2])]) == "a.b = 1\na.c = 2\n")
	}

	@Test func addsToATableKnownOnlyByItsSubTablesItsOwnSectionBeforeThem() throws {
		let text = "# tools\n\n[tool.ruff]\nline-length = 88\n"
		let edited = try TOMLInPlaceEditTests.edit(text, ["tool": .object(["ruff": ["line-length": 88], "x": 1, "y": "z"])])
		#expect(edited == "# tools\n\n[tool]\nx = 1\ny = \"z\"\n\n[tool.ruff]\nline-length = 88\n")
	}

	@Test func placesANewTableAfterItsParentsLastSubTable() throws {
		let text = "[a]\nx = 1\n\n[a.b]\ny = 2\n\n# about c\n[c]\nz = 3\n"
		let edited = try TOMLInPlaceEditTests.edit(text, ["a": .object(["x": 1, "b": ["y": 2], "new": ["k": 1]])])
		#expect(edited == "[a]\nx = 1\n\n[a.b]\ny = 2\n\n[a.new]\nk = 1\n\n# about c\n[c]\nz = 3\n")
		#expect(try TOMLInPlaceEditTests.edit("[c]\nz = 3", ["c": .object(["z": 3, "d": ["k": 1]])]) == "[c]\nz = 3\n\n[c.d]\nk = 1\n")
	}

	@Test func changesMembersOfAnArrayOfTablesInPlace() throws {
		let values = try TOMLFileFormat().decode(Array(TOMLSamples.cargo.utf8))
		guard case .array(var bins) = values["bin"], case .object(var first) = bins[0], case .object(var second) = bins[1] else {
			Issue.record("the manifest has no two [[bin]]")
			return
		}
		first["test"] = false
		first["meta"] = .object(["a": 1])
		second["path"] = "src/tool.rs"
		second["name"] = nil
		bins[0] = .object(first)
		bins[1] = .object(second)
		let edited = try TOMLInPlaceEditTests.edit(TOMLSamples.cargo, ["bin": .array(bins)])
		let expected = TOMLSamples.cargo
			.replacingOccurrences(of: "path = \"src/main.rs\"\n", with: "path = \"src/main.rs\"\ntest = false\n\n[bin.meta]\na = 1\n")
			.replacingOccurrences(of: "name = \"tool\"\npath = \"src/bin/tool.rs\"\n", with: "path = \"src/tool.rs\"\n")
		#expect(edited == expected)
	}

	@Test func addsATopLevelKeyAfterTheCommentsOpeningTheFileAndToAFileOfOnlyComments() throws {
		#expect(try TOMLInPlaceEditTests.edit("# my settings\n# more\n\n[a]\nx = 1\n", ["k": 1]) == "# my settings\n# more\n\nk = 1\n\n[a]\nx = 1\n")
		#expect(try TOMLInPlaceEditTests.edit("# about a\n[a]\n", ["k": 1]) == "k = 1\n\n# about a\n[a]\n")
		#expect(try TOMLInPlaceEditTests.edit("# nothing yet\n", ["k": 1]) == "# nothing yet\n\nk = 1\n")
		#expect(try TOMLInPlaceEditTests.edit("# nothing yet", ["t": ["a": 1]]) == "# nothing yet\n\n[t]\na = 1\n")
		#expect(try TOMLInPlaceEditTests.edit("\u{FEFF}# c\r\n", ["k": 1]) == "\u{FEFF}# c\r\n\r\nk = 1\r\n")
	}

	@Test func aFileHoldingNaNIsEdited() throws {
		#expect(try TOMLInPlaceEditTests.edit("a = nan\nb = [nan]\nc = 1\n", ["c": 2]) == "a = nan\nb = [nan]\nc = 2\n")
	}

	/// A table without a header of its own that loses its last key stays, written empty where it began.
	@Test func aTableWithoutAHeaderThatLosesItsLastKeyStaysEmpty() throws {
		#expect(try TOMLInPlaceEditTests.edit("[deps]\n  tokio.version = \"1\" # pinned\n  tokio.features = []\nserde = \"1\"\n", [
			"deps": ["tokio": [:], "serde": "1"],
		]) == "[deps]\n  tokio = {}\nserde = \"1\"\n")
		#expect(try TOMLInPlaceEditTests.edit("x = 1\n\n[a.b]\ny = 2\n\n[a.c]\nz = 3\n", ["a": [:]]) == "x = 1\n\n[a]\n")
	}

	static let bins = """
	[package]
	name = "demo"

	# the command
	[[bin]]
	name = "demo" # main
	path = "src/main.rs"

	[[bin]]
	name = "tool"
	[bin.metadata]
	x = 1

	[[bin]]
	name = "last"

	"""

	@Test func removesElementsOfAnArrayOfTablesWithTheirSections() throws {
		#expect(try TOMLInPlaceEditTests.edit(Self.bins, ["bin": [["name": "demo", "path": "src/main.rs"], ["name": "last"]]])
			== Self.bins.replacingOccurrences(of: "[[bin]]\nname = \"tool\"\n[bin.metadata]\nx = 1\n\n", with: ""))
		#expect(try TOMLInPlaceEditTests.edit(Self.bins, ["bin": [["name": "tool", "metadata": ["x": 1]], ["name": "last"]]])
			== Self.bins.replacingOccurrences(of: "# the command\n[[bin]]\nname = \"demo\" # main\npath = \"src/main.rs\"\n\n", with: ""))
	}

	@Test func addsElementsToAnArrayOfTablesAfterItsLastOne() throws {
		let values = try TOMLFileFormat().decode(Array(Self.bins.utf8))
		guard case .array(let bins)? = values["bin"] else {
			Issue.record("no [[bin]]")
			return
		}
		let edited = try TOMLInPlaceEditTests.edit(Self.bins, ["bin": .array(bins + [["name": "new", "meta": ["a": 1]]])])
		#expect(edited == Self.bins + "\n[[bin]]\nname = \"new\"\n\n[bin.meta]\na = 1\n")
		let nested = "[[a]]\nx = 1\n[[a.b]]\ny = 1\n\n[[a]]\nx = 2\n"
		let added = try TOMLInPlaceEditTests.edit(nested, ["a": [["x": 1, "b": [["y": 1], ["y": 3]]], ["x": 2]]])
		#expect(added == "[[a]]\nx = 1\n[[a.b]]\ny = 1\n\n[[a.b]]\ny = 3\n\n[[a]]\nx = 2\n")
	}

	@Test func changesElementsInPlaceAndRemovesTheOnesPastTheEnd() throws {
		let edited = try TOMLInPlaceEditTests.edit(Self.bins, ["bin": [["name": "first", "path": "src/main.rs"], ["name": "tool", "metadata": ["x": 2]]]])
		#expect(edited == Self.bins
			.replacingOccurrences(of: "name = \"demo\" # main", with: "name = \"first\" # main")
			.replacingOccurrences(of: "x = 1\n\n[[bin]]\nname = \"last\"\n", with: "x = 2\n"))
	}

	/// Changes of one save that meet at one place of the text (found by random batches of changes).
	@Test func changesThatMeetAtOnePlace() throws {
		#expect(try TOMLInPlaceEditTests.edit("[a]\nk = 1\n", ["a": ["k": 1, "z": 2], "t": ["u": 3]]) == "[a]\nk = 1\nz = 2\n\n[t]\nu = 3\n",
		        "a key added to the last table stays above a new table added after it")
		#expect(try TOMLInPlaceEditTests.edit("# c\n\n[a]\nx = 1\n\n[b]\ny = 2\n", ["a": nil, "b": nil]) == "# c\n",
		        "two tables next to each other removed")
		#expect(try TOMLInPlaceEditTests.edit("[a.x]\nk = 1\n\n[b.y]\nm = 2\n", ["a": [:], "b": [:]]) == "[a]\n\n[b]\n",
		        "two tables next to each other emptied")
		#expect(try TOMLInPlaceEditTests.edit("[a.x]\nk = 1\n\n[b]\nm = 2\n", ["a": [:], "b": nil]) == "[a]\n",
		        "a table emptied and the last one removed")
		#expect(try TOMLInPlaceEditTests.edit("[a]\nx = 1\n\n[b]\ny = 2\n", ["a": ["x": 1, "sub": ["k": 1]], "b": nil]) == "[a]\nx = 1\n\n[a.sub]\nk = 1\n",
		        "a table added where the last one is taken out")
	}
}
