import Defaults
import DefaultsTOML
import Foundation
import Testing
import TestRequirements

/// The TOML format reads what Python's `tomllib` reads, and writes files that read back.
@Suite struct TOMLFileFormatTests {
	/// How the values of `text` differ from what Python's `tomllib` reads, `nil` when they do not.
	static func differenceFromTomllib(_ values: [String: Defaults.JSONValue], _ text: [UInt8]) throws -> String? {
		let python = try #require(try TOMLReference.values(of: [text]).first)
		try #require(!python.isNull, "tomllib refuses the text")
		return TOMLReference.difference(.object(values), python)
	}

	@Test(.requires(.pythonTOML), arguments: [
		("starship", TOMLSamples.starship), ("cargo", TOMLSamples.cargo), ("values", TOMLSamples.values),
	])
	func readsAsTomllibDoes(name: String, text: String) throws {
		let values = try TOMLFileFormat().decode(Array(text.utf8))
		#expect(try Self.differenceFromTomllib(values, Array(text.utf8)) == nil, "\(name)")
	}

	@Test(.requires(.pythonTOML), arguments: [("cargo", TOMLSamples.cargo), ("values", TOMLSamples.values)])
	func writesWhatReadsBack(name: String, text: String) throws {
		let format = TOMLFileFormat()
		let values = try format.decode(Array(text.utf8))
		let written = try format.encode(values)
		#expect(try format.decode(written) == values, "\(name)")
		#expect(try Self.differenceFromTomllib(values, written) == nil, "\(name)")
	}

	@Test func keepsDatesAsWrittenAndReadsNonFiniteFloats() throws {
		let values = try TOMLFileFormat().decode(Array("when = 1979-05-27 07:32:00Z\nup = inf\ndown = -inf\nnothing = nan\n".utf8))
		#expect(values["when"] == .string("1979-05-27 07:32:00Z"))
		#expect(values["up"] == .double(.infinity))
		#expect(values["down"] == .double(-.infinity))
		#expect(values["nothing"]?.doubleValue?.isNaN == true)
	}

	@Test(arguments: [
		("a = 1\nb = = 2\n", 2, 5),
		("a = 1\n[t]\nx = 1\nx = 2\n", 4, 1),
		("[t]\n[t]\n", 2, 1),
		("n = 9223372036854775808\n", 1, 5),
		("n = -9223372036854775809\n", 1, 5),
		("s = \"bad \\q\"\n", 1, 10),
		("a = 1 b = 2\n", 1, 7),
		("a = 01\n", 1, 5),
		("d = 1979-02-30\n", 1, 5),
	])
	func refusesWhatIsNotTOMLNamingLineAndColumn(text: String, line: Int, column: Int) {
		#expect {
			try TOMLFileFormat().decode(Array(text.utf8))
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("line \(line), column \(column):") == true
		}
	}

	@Test func refusesNullAndUnsignedBeyondSixtyFourBits() {
		#expect(throws: FileFormatError.self) { try TOMLFileFormat().encode(["a": .null]) }
		#expect(throws: FileFormatError.self) { try TOMLFileFormat().encode(["a": .unsignedInteger(UInt64.max)]) }
	}

	@Test func namesTomlFiles() {
		#expect(TOMLFileFormat().fileExtensions == ["toml"])
		#expect(TOMLFileFormat().standardFileName == "settings.toml")
	}
}
