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

/// Input that would take unbounded time or stack is refused with a message.
@Suite struct TOMLBoundsTests {
	@Test(arguments: ["a = " + String(repeating: "[", count: 100_000), "a = " + String(repeating: "{ b = ", count: 100_000)])
	func deepNestingIsRefused(text: String) {
		#expect {
			try TOMLFileFormat().decode(Array(text.utf8))
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("nested too deeply") == true
		}
	}

	@Test func invalidUTF8IsNamed() {
		#expect {
			try TOMLFileFormat().decode([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22, 0x0A])
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("line 1, column 6: the text is not UTF-8") == true
		}
	}

	/// Where the first byte that is no UTF-8 stands: a lone continuation byte, an overlong form, a
	/// surrogate, a character cut short (at the text's end too), beyond U+10FFFF.
	@Test(arguments: [
		([0x61, 0x0A, 0x23, 0x20, 0xC3, 0xA9, 0x80, 0x0A], 2, 5),
		([0x61, 0x3D, 0x22, 0xC0, 0xAF, 0x22], 1, 4),
		([0x61, 0x3D, 0x22, 0xED, 0xA0, 0x80, 0x22], 1, 4),
		([0x23, 0xE2, 0x82], 1, 2),
		([0x23, 0xF4, 0x90, 0x80, 0x80], 1, 2),
	] as [([UInt8], Int, Int)])
	func invalidUTF8IsNamedWhereItStands(bytes: [UInt8], line: Int, column: Int) {
		#expect {
			try TOMLFileFormat().decode(bytes)
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("line \(line), column \(column): the text is not UTF-8") == true
		}
	}

	/// TOML 1.0: an integer that does not fit in 64 bits is an error, in every base.
	@Test(arguments: ["n = 9223372036854775808", "n = -9_223_372_036_854_775_809", "n = 0xFFFF_FFFF_FFFF_FFFF", "n = 0o1777777777777777777777"])
	func integersBeyondSixtyFourBitsAreRefusedSayingSo(text: String) {
		#expect {
			try TOMLFileFormat().decode(Array(text.utf8))
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("line 1, column 5: the integer") == true
				&& (error as? FileFormatError)?.reason.contains("TOML's integers are 64-bit") == true
		}
	}
}
