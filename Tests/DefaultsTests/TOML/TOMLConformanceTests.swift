import Defaults
@testable import DefaultsTOML
import Foundation
import Testing
import TestRequirements

/**
toml-test, TOML's published suite, on the files its list `files-toml-1.0.0` names (the files of
TOML 1.1 only, such as a trailing comma in an inline table, are out of scope): every valid file
reads to the values of its `.json` twin, and every invalid one is refused with a message naming
a line and a column. The suite is not in the repository: `.ci/run` fetches it (see
``Requirement/tomlTestSuite``).
*/
@Suite(.requires(.tomlTestSuite)) struct TOMLConformanceTests {
	/// Files of the suite the format does not pass, with why. Each must still fail, so that the list cannot rot.
	static let knownExceptions: [String: String] = [:]

	/// The suite's files for TOML 1.0 under `folder` (`valid` or `invalid`), as paths relative to the suite.
	static func files(in folder: String) throws -> [String] {
		let list = try String(contentsOf: Requirement.tomlTestSuiteURL.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
		return list.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix(folder + "/") && $0.hasSuffix(".toml") }
	}

	static func bytes(_ path: String) throws -> [UInt8] {
		Array(try Data(contentsOf: Requirement.tomlTestSuiteURL.appendingPathComponent(path)))
	}

	@Test func readsEveryValidFileToItsExpectedValues() throws {
		let files = try Self.files(in: "valid")
		#expect(files.count >= 200)
		var failures: [String] = []
		for file in files {
			let expected = try Defaults.JSONValue(parsing: try Self.bytes(String(file.dropLast(5)) + ".json"))
			let bytes = try Self.bytes(file)
			let problem: String?
			do {
				let values = try TOMLFileFormat().decode(bytes)
				problem = Self.difference(.object(values), expected, at: "")
			} catch {
				problem = "refused: \(error)"
			}
			let isKnown = Self.knownExceptions[file] != nil
			if let problem, !isKnown { failures.append("\(file): \(problem)") }
			if problem == nil, isKnown { failures.append("\(file) passes now: take it out of knownExceptions") }
		}
		#expect(failures.isEmpty, "\(failures.count) of \(files.count) valid files:\n\(failures.joined(separator: "\n"))")
	}

	@Test func refusesEveryInvalidFileNamingALineAndAColumn() throws {
		let files = try Self.files(in: "invalid")
		#expect(files.count >= 400)
		var failures: [String] = []
		for file in files {
			let bytes = try Self.bytes(file)
			let problem: String?
			do {
				let values = try TOMLFileFormat().decode(bytes)
				problem = "read as \(Defaults.JSONValue.object(values))"
			} catch {
				problem = Self.placeProblem(error.reason, in: bytes)
			}
			let isKnown = Self.knownExceptions[file] != nil
			if let problem, !isKnown { failures.append("\(file): \(problem)") }
			if problem == nil, isKnown { failures.append("\(file) passes now: take it out of knownExceptions") }
		}
		#expect(failures.isEmpty, "\(failures.count) of \(files.count) invalid files:\n\(failures.joined(separator: "\n"))")
	}

	/// What is wrong with where a refusal says the error is: it must name a line and a column that lie in the text.
	static func placeProblem(_ reason: String, in bytes: [UInt8]) -> String? {
		guard let match = reason.firstMatch(of: #/line (\d+), column (\d+): /#), let line = Int(match.1), let column = Int(match.2) else {
			return "refused without a line and column: \(reason)"
		}
		let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
		guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count + 1 else {
			return "line \(line), column \(column) lies outside the text (\(lines.count) lines): \(reason)"
		}
		return nil
	}

	/// How `ours` differs from toml-test's typed JSON `expected` (`{"type": "integer", "value": "1"}`
	/// for a value), `nil` when it does not.
	static func difference(_ ours: Defaults.JSONValue, _ expected: Defaults.JSONValue, at path: String) -> String? {
		if case .object(let tagged) = expected, tagged.count == 2, case .string(let type)? = tagged["type"], case .string(let text)? = tagged["value"] {
			return valueDifference(ours, type: type, text: text).map { "\(path): \($0)" }
		}
		switch (ours, expected) {
		case (.array(let left), .array(let right)):
			guard left.count == right.count else { return "\(path): \(left.count) elements, expected \(right.count)" }
			for (index, (l, r)) in zip(left, right).enumerated() {
				if let found = difference(l, r, at: "\(path)[\(index)]") { return found }
			}
			return nil
		case (.object(let left), .object(let right)):
			guard Set(left.keys) == Set(right.keys) else { return "\(path): keys \(left.keys.sorted()), expected \(right.keys.sorted())" }
			for key in right.keys.sorted() {
				if let l = left[key], let r = right[key], let found = difference(l, r, at: "\(path).\(key)") { return found }
			}
			return nil
		default:
			return "\(path): \(ours), expected \(expected)"
		}
	}

	/// How one value differs from a typed one: dates and times compared as RFC 3339 text (`T` and `Z`
	/// in any case, a space for `T`), floats by value (NaN equal to NaN).
	static func valueDifference(_ ours: Defaults.JSONValue, type: String, text: String) -> String? {
		switch (type, ours) {
		case ("string", .string(let string)):
			return string == text ? nil : "\(string.debugDescription), expected \(text.debugDescription)"
		case ("integer", .integer(let number)):
			return Int64(text) == number ? nil : "\(number), expected \(text)"
		case ("float", .double(let number)):
			let wanted: Double? = switch text {
			case "inf", "+inf": .infinity
			case "-inf": -.infinity
			case "nan", "+nan", "-nan": .nan
			default: Double(text)
			}
			guard let wanted else { return "expected \(text), which is no float" }
			return (wanted.isNaN && number.isNaN) || wanted == number ? nil : "\(number), expected \(text)"
		case ("bool", .bool(let flag)):
			return String(flag) == text ? nil : "\(flag), expected \(text)"
		case ("datetime", .string(let string)), ("datetime-local", .string(let string)), ("date-local", .string(let string)),
		     ("time-local", .string(let string)):
			guard TOMLParser.isDateTime(ArraySlice(string.utf8)) else { return "\(string.debugDescription) is no date or time" }
			return normalizedDate(string) == normalizedDate(text) ? nil : "\(string), expected \(text)"
		default:
			return "\(ours), expected a \(type) \(text)"
		}
	}

	/// A date or time in one form: `T` and `Z` upper case, and trailing zeros of a fraction of a second dropped.
	static func normalizedDate(_ text: String) -> String {
		var characters = Array(text.uppercased())
		if characters.count > 10, characters[10] == " " { characters[10] = "T" }
		var result = String(characters)
		if let dot = result.firstIndex(of: ".") {
			let end = result[dot...].firstIndex { !$0.isNumber && $0 != "." } ?? result.endIndex
			var fraction = String(result[dot..<end])
			while fraction.hasSuffix("0") { fraction.removeLast() }
			if fraction == "." { fraction = "" }
			result = String(result[..<dot]) + fraction + String(result[end...])
		}
		return result
	}
}
