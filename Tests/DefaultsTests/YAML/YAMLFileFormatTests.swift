import Defaults
import DefaultsYAML
import Foundation
import Testing
import TestRequirements

/// The YAML format reads what ruamel.yaml (YAML 1.2) and PyYAML (1.1, where they agree) read,
/// resolves scalars by the 1.2 core schema, and writes files that read back.
@Suite struct YAMLFileFormatTests {
	@Test(.requires(.pythonYAML), arguments: [("everyStyle", YAMLSamples.everyStyle), ("anchors", YAMLSamples.anchors)])
	func readsAsRuamelAndPyYAMLRead(name: String, text: String) throws {
		let ours = try #require(YAMLReference.ours(text), "\(name)")
		#expect(try YAMLReference.ruamel.values(of: [text]) == [ours], "\(name)")
		#expect(try YAMLReference.pyyaml.values(of: [text]) == [ours], "\(name)")
	}

	@Test(.requires(.pythonYAML), arguments: [("everyStyle", YAMLSamples.everyStyle), ("anchors", YAMLSamples.anchors)])
	func writesWhatReadsBack(name: String, text: String) throws {
		let format = YAMLFileFormat()
		let values = try format.decode(Array(text.utf8))
		let written = String(decoding: try format.encode(values), as: UTF8.self)
		#expect(try format.decode(Array(written.utf8)) == values, "\(name)")
		let normalized = YAMLReference.normalized(.object(values))
		#expect(try YAMLReference.ruamel.values(of: [written]) == [normalized], "\(name)")
		#expect(try YAMLReference.pyyaml.values(of: [written]) == [normalized], "\(name)")
	}

	@Test func writesBlockStyleWithSortedKeysAndQuotesOnlyWhereNeeded() throws {
		let values: [String: Defaults.JSONValue] = [
			"b": ["y": 1, "x": [true, .null]], "a": "plain", "yes": "yes", "n": "12", "e": "", "f": .double(.infinity),
			"g": .double(-.infinity), "h": .double(.nan), "i": "two\nlines\n", "j": "a: b", "k": "0o17", "l": 2.5, "m": [:], "p": "22:22", "q": "80:80",
		]
		let text = String(decoding: try YAMLFileFormat().encode(values), as: UTF8.self)
		#expect(text == """
		a: plain
		b:
		  x:
		    - true
		    - null
		  y: 1
		e: ""
		f: .inf
		g: -.inf
		h: .nan
		i: |
		  two
		  lines
		j: "a: b"
		k: "0o17"
		l: 2.5
		m: {}
		n: "12"
		p: "22:22"
		q: 80:80
		"yes": "yes"

		""")
		#expect(try YAMLFileFormat().encode([:]).isEmpty)
	}

	@Test(arguments: [
		("~", Defaults.JSONValue.null), ("null", .null), ("Null", .null), ("NULL", .null), ("", .null),
		("true", .bool(true)), ("True", .bool(true)), ("FALSE", .bool(false)), ("yes", .string("yes")), ("off", .string("off")),
		("42", .integer(42)), ("-17", .integer(-17)), ("+3", .integer(3)), ("0o17", .integer(15)), ("0x1F", .integer(31)),
		("012", .integer(12)), ("9223372036854775807", .integer(.max)), ("18446744073709551615", .unsignedInteger(.max)),
		("1.5", .double(1.5)), ("1e3", .double(1000)), ("-.5", .double(-0.5)), ("1.", .double(1)), (".inf", .double(.infinity)),
		("-.Inf", .double(-.infinity)), ("1_000", .string("1_000")), ("0b11", .string("0b11")), ("2024-01-01", .string("2024-01-01")),
		("'42'", .string("42")), ("\"true\"", .string("true")), ("!!str 42", .string("42")), ("!!float 1", .double(1)),
		("!!int '7'", .integer(7)), ("! 12", .string("12")), ("!Ref db", .string("db")), ("!!binary aGk=", .string("aGk=")),
	])
	func resolvesScalarsByTheCoreSchema(text: String, value: Defaults.JSONValue) throws {
		#expect(try YAMLFileFormat().decode(Array("a: \(text)\n".utf8))["a"] == value, "\(text)")
	}

	@Test func keepsTheTextOfNumbersItCannotHoldAndSaysSo() throws {
		var problems: [FileFormatProblem] = []
		let values = try YAMLFileFormat().decode(Array("big: 123456789012345678901234567890\nhuge: 1e400\nhex: 0x1FFFFFFFFFFFFFFFF\n".utf8), problems: &problems)
		#expect(values == ["big": "123456789012345678901234567890", "huge": "1e400", "hex": "0x1FFFFFFFFFFFFFFFF"])
		#expect(problems.map(\.key).sorted() == ["big", "hex", "huge"])
		#expect(problems.allSatisfy { $0.reason.contains("kept as a string holding its text") })
		#expect(try YAMLFileFormat().decode(Array("nan: .NaN\n".utf8))["nan"]?.doubleValue?.isNaN == true)
	}

	@Test func appliesMergeKeysOwnKeysWinningThenTheFirstMerged() throws {
		let values = try YAMLFileFormat().decode(Array(YAMLSamples.anchors.utf8))
		#expect(values["service"] == ["retries": 7, "region": "eu", "restart": "always", "name": "app"])
		#expect(values["copy"] == ["restart": "always", "retries": 3])
		#expect(values["listCopy"] == [1, 2])
	}

	@Test func readsTheFirstDocumentOrTheOneNamedAndSaysSo() throws {
		let text = Array("a: 1\n---\nb: 2\n---\nc: 3\n".utf8)
		var problems: [FileFormatProblem] = []
		#expect(try YAMLFileFormat().decode(text, problems: &problems) == ["a": 1])
		#expect(problems.count == 1)
		#expect(problems.first?.reason.contains("3 YAML documents") == true)
		#expect(problems.first?.reason.contains("document 1") == true)
		#expect(try YAMLFileFormat(document: 2).decode(text) == ["b": 2])
		#expect(throws: FileFormatError.self) { try YAMLFileFormat(document: 4).decode(text) }
		#expect(try YAMLFileFormat().decode([]) == [:])
		#expect(try YAMLFileFormat().decode(Array("# only a comment\n".utf8)) == [:])
		#expect(try YAMLFileFormat().decode(Array("---\n...\n".utf8)) == [:])
	}

	@Test func entriesGiveByteRangesAfterNonASCIITextABOMAndCRLF() throws {
		let text = "\u{FEFF}é: ü\r\nnext: \"a\u{2028}b\u{85}c\"\r\n\"日本\": 'value'\r\n"
		let bytes = Array(text.utf8)
		var problems: [FileFormatProblem] = []
		let document = try #require(try YAMLFileFormat().decodeForEditing(bytes, problems: &problems).document)
		for entry in document.entries {
			let key = String(decoding: bytes[entry.keyRange], as: UTF8.self)
			let value = String(decoding: bytes[entry.valueRange], as: UTF8.self)
			switch entry.path {
			case ["é"]: #expect((key, value) == ("é", "ü"))
			case ["日本"]: #expect((key, value) == ("\"日本\"", "'value'"))
			case ["next"]: #expect(key == "next")
			default: Issue.record("unexpected entry \(entry.path)")
			}
		}
		#expect(document.entries.count == 3)
	}

	@Test func extensions() {
		#expect(YAMLFileFormat().fileExtensions == ["yaml", "yml"])
		#expect(YAMLFileFormat().standardFileName == "settings.yaml")
	}
}
