@testable import Defaults
import DefaultsYAML
import Foundation
import Testing

/// Keys added at several depths in one save all go to the end of the last value's block: the
/// inner mapping's before the outer one's, or they would land in the wrong mapping (found by
/// SchemaStore's YAML schemas written ten settings to a save).
@Suite("YAML: keys added at several depths in one save")
struct YAMLNestedAdditionTests {
	private func edited(_ text: String, to values: [String: Defaults.JSONValue]) throws -> String {
		let format = YAMLFileFormat()
		var problems: [FileFormatProblem] = []
		let (old, document) = try format.decodeForEditing(Array(text.utf8), problems: &problems)
		let changes = Defaults.ChangeBatch(values: Set(old.keys).union(values.keys).reduce(into: [:]) { $0[$1] = values[$1] })
		return String(decoding: try format.edit(document, applying: changes, giving: values).bytes, as: UTF8.self)
	}

	@Test func anInnerMappingsNewKeyComesBeforeTheOuterOnes() throws {
		let text = "a:\n  b:\n    c: 1\n"
		#expect(try edited(text, to: ["a": ["b": ["c": 1, "d": 2], "e": 3]]) == "a:\n  b:\n    c: 1\n    d: 2\n  e: 3\n")
	}

	@Test func aNewTopLevelKeyComesAfterTheLastKeysNewMembers() throws {
		let text = "# settings\na:\n  b: 1 # one\n"
		#expect(try edited(text, to: ["0": true, "a": ["b": 1, "c": 2]]) == "# settings\na:\n  b: 1 # one\n  c: 2\n\"0\": true\n")
	}
}
