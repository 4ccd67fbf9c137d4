import Defaults
@testable import DefaultsTOML
import Foundation
import Testing

/// Parse, edit one value, parse: only that value differs, and only its bytes changed.
@Suite struct TOMLRoundTripTests {
	/// `value` with the member at `path` set to `member` (removed for `nil`).
	static func setting(_ path: ArraySlice<String>, to member: Defaults.JSONValue?, in value: Defaults.JSONValue) -> Defaults.JSONValue? {
		guard let name = path.first else { return member }
		guard case .object(var members) = value, let old = members[name] else { return value }
		members[name] = setting(path.dropFirst(), to: member, in: old)
		return .object(members)
	}

	@Test(arguments: [("starship", TOMLSamples.starship), ("cargo", TOMLSamples.cargo), ("values", TOMLSamples.values)])
	func everyValueReplacedAloneChangesOnlyItsBytes(name: String, text: String) throws {
		let format = TOMLFileFormat()
		var problems: [FileFormatProblem] = []
		let bytes = Array(text.utf8)
		let (values, document) = try format.decodeForEditing(bytes, problems: &problems)
		let entries = try #require(document).entries.filter { !$0.isInArrayOfTables }
		#expect(entries.count >= 10, "\(name)")
		for entry in entries {
			let key = entry.path[0]
			let changed = try #require(values[key].flatMap { Self.setting(entry.path.dropFirst()[...], to: .string("changed ✓"), in: $0) })
			let batch = Defaults.ChangeBatch(values: [key: changed])
			let edited = try format.edit(document, applying: batch, giving: batch.applied(to: values)).bytes
			#expect(try format.decode(edited) == batch.applied(to: values), "\(name): \(entry.path)")
			// The bytes before and after the value stay (a multi-line string stays multi-line, so the value's own may differ).
			#expect(Array(edited[..<entry.valueRange.lowerBound]) == Array(bytes[..<entry.valueRange.lowerBound]), "\(name): \(entry.path)")
			#expect(Array(edited.suffix(bytes.count - entry.valueRange.upperBound)) == Array(bytes[entry.valueRange.upperBound...]), "\(name): \(entry.path)")
		}
	}

	/// Every value of every corpus file (members of arrays of tables too) replaced alone: the
	/// file then reads as that one change, and only the value's bytes changed.
	@Test(arguments: TOMLCorpusTests.files)
	func everyValueOfTheCorpusReplacedAloneChangesOnlyItsBytes(file: TOMLCorpusFile) throws {
		let format = TOMLFileFormat()
		var problems: [FileFormatProblem] = []
		let bytes = file.bytes
		let (values, document) = try format.decodeForEditing(bytes, problems: &problems)
		let entries = try #require(document).entries
		#expect(entries.count >= 4, "\(file.name)")
		for entry in entries {
			let batch = TOMLDifferentialTests.batch(setting: entry.location, to: "changed ✓", in: values)
			let edited = try format.edit(document, applying: batch, giving: batch.applied(to: values)).bytes
			#expect(try format.decode(edited) == batch.applied(to: values), "\(file.name): \(entry.path)")
			#expect(edited.prefix(entry.valueRange.lowerBound).elementsEqual(bytes.prefix(entry.valueRange.lowerBound)), "\(file.name): \(entry.path)")
			#expect(edited.suffix(bytes.count - entry.valueRange.upperBound).elementsEqual(bytes.suffix(bytes.count - entry.valueRange.upperBound)), "\(file.name): \(entry.path)")
		}
	}
}
