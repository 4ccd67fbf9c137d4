@testable import Defaults
@testable import DefaultsTOML
@testable import DefaultsYAML
import Foundation
import Testing

/// A save of values changed on their lines does not read the TOML or YAML file again: the
/// document it keeps for the next save must be the one reading the saved bytes gives, after one
/// change and after many in a row, or the next save would write at the wrong places.
@Suite("TOML and YAML: saves that skip reading the file again")
struct QuickEditTests {
	/// Each scalar of `values`, with its path, for a change that the quick edit makes.
	private static func scalars(_ value: Defaults.JSONValue, path: [String] = []) -> [[String]] {
		switch value {
		case .object(let members): members.sorted { $0.key < $1.key }.flatMap { scalars($0.value, path: path + [$0.key]) }
		case .array: []
		default: [path]
		}
	}

	/// `value` with the scalar at `path` replaced by another of its kind.
	private static func changing(_ value: Defaults.JSONValue, at path: [String], step: Int) -> Defaults.JSONValue {
		guard let first = path.first, case .object(var members) = value, let member = members[first] else {
			switch value {
			case .integer(let number): return .integer(number + Int64(step) * 7)
			case .double(let number) where number.isFinite: return .double(number + 0.25)
			case .bool(let flag): return .bool(!flag)
			case .string(let text): return .string(text + " é\(step)")
			default: return .integer(Int64(step))
			}
		}
		members[first] = changing(member, at: Array(path.dropFirst()), step: step)
		return .object(members)
	}

	@Test func tomlValuesChangedOneAfterAnotherKeepTheDocumentAReadWouldGive() throws {
		let format = TOMLFileFormat()
		var problems: [FileFormatProblem] = []
		var (values, document) = try format.decodeForEditing(Array(TOMLSamples.starship.utf8), problems: &problems)
		var quick = 0
		for (step, path) in Self.scalars(.object(values)).enumerated() {
			let key = path[0]
			let new = Self.changing(.object(values), at: path, step: step)
			guard case .object(let newValues) = new, let current = document else { continue }
			let changes = Defaults.ChangeBatch(values: [key: newValues[key]])
			if let result = try TOMLQuickEdit.apply(changes, to: current, giving: newValues) {
				quick += 1
				let fresh = try format.decodeForEditing(result.bytes, problems: &problems)
				#expect(fresh.document?.entries == result.document.entries, "\(path)")
				#expect(TOMLValues.same(.object(fresh.values), .object(newValues)), "\(path)")
				#expect(fresh.document?.headers == result.document.headers, "\(path)")
				document = result.document
			} else {
				let result = try format.edit(current, applying: changes, giving: newValues)
				document = result.document
			}
			values = newValues
		}
		#expect(quick >= 10, "most changes of the sample are values on their lines (\(quick))")
	}

	@Test func yamlValuesChangedOneAfterAnotherKeepTheDocumentAReadWouldGive() throws {
		let format = YAMLFileFormat()
		var problems: [FileFormatProblem] = []
		var (values, document) = try format.decodeForEditing(Array(YAMLSamples.everyStyle.utf8), problems: &problems)
		var quick = 0
		for (step, path) in Self.scalars(.object(values)).enumerated() {
			let key = path[0]
			let new = Self.changing(.object(values), at: path, step: step)
			guard case .object(let newValues) = new, let current = document else { continue }
			let changes = Defaults.ChangeBatch(values: [key: newValues[key]])
			if let result = try YAMLQuickEdit.apply(changes, to: current, giving: newValues) {
				quick += 1
				let fresh = try format.decodeForEditing(result.bytes, problems: &problems)
				let differing = zip(fresh.document?.entries ?? [], result.document.entries).first { $0 != $1 }
				#expect(differing == nil, "\(path): read \(String(describing: differing?.0)), kept \(String(describing: differing?.1))")
				#expect(YAMLFileFormat.same(fresh.values, newValues), "\(path)")
				let freshNodes = fresh.document?.tree.nodes.map { [$0.start, $0.contentStart, $0.end] }
				#expect(freshNodes == result.document.tree.nodes.map { [$0.start, $0.contentStart, $0.end] }, "\(path)")
				document = result.document
			} else {
				let result = try format.edit(current, applying: changes, giving: newValues)
				document = result.document
			}
			values = newValues
		}
		#expect(quick >= 8, "most changes of the sample are scalars on their lines (\(quick))")
	}
}
