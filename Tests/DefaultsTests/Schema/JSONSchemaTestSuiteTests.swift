import Defaults
@testable import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/**
JSON-Schema-Test-Suite, JSON Schema's published tests, on every required test (not those under
`optional/`) of drafts 4, 6, 7, 2019-09 and 2020-12: each value is valid or not as the suite says,
but for the deliberate differences below, each of which must still be one, so that the list cannot
rot. The suite's `remotes` are given as documents at `http://localhost:1234/` and the drafts'
metaschemas at their own URIs (nothing is fetched). The suite is not in the repository: `.ci/run`
fetches it (see ``Requirement/jsonSchemaTestSuite``).
*/
@Suite(.requires(.jsonSchemaTestSuite)) struct JSONSchemaTestSuiteTests {
	static let drafts = ["draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"]

	/**
	The deliberate differences, by test (`draft/file: group: test`), with why. One more, by rule:
	in drafts 2019-09 and 2020-12 `format` is only an annotation unless a metaschema turns on the
	format-assertion vocabulary, and the suite's `format.json` says a malformed string passes;
	this validator checks the formats it knows (``JSONSchemaFormat``) in every draft, because a
	settings file with a malformed date or URI is a mistake to point out.
	*/
	static let knownDifferences: [String: String] = [:]

	/// Whether a test is a difference by the rule on formats: a string of a format this validator
	/// checks, which the suite calls "only an annotation by default".
	static func isFormatAnnotation(file: String, group: String, test: String) -> Bool {
		guard file == "format.json", test.contains("only an annotation by default") else { return false }
		return JSONSchemaFormat.allCases.contains { group == "\($0.rawValue) format" }
	}

	/// The suite's remote documents at `http://localhost:1234/…` and the drafts' metaschemas at their `$id`.
	static func documents() throws -> JSONSchemaDocuments {
		var documents = JSONSchemaDocuments()
		let root = Requirement.jsonSchemaTestSuiteURL
		for (folder, isRemote) in [("remotes", true), ("metaschemas", false)] {
			let base = root.appendingPathComponent(folder)
			for path in try files(under: base) {
				guard let document = try? Defaults.JSONValue(parsing: try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)) else { continue }
				if isRemote {
					documents.add(document, at: "http://localhost:1234/" + path)
				} else if let id = (document.objectValue?["$id"] ?? document.objectValue?["id"])?.stringValue {
					documents.add(document, at: id)
				}
			}
		}
		return documents
	}

	/// The files under `folder`, as paths relative to it, in order.
	static func files(under folder: URL) throws -> [String] {
		guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
		var paths: [String] = []
		while let path = enumerator.nextObject() as? String {
			var isDirectory: ObjCBool = false
			if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
				paths.append(path)
			}
		}
		return paths.sorted()
	}

	/// A test's schema, naming its draft: the tests of drafts 4 to 7 do not (a schema that names
	/// none follows draft 2020-12 here), those of drafts 2019-09 and 2020-12 do.
	static func schema(_ schema: Defaults.JSONValue, of draft: String) -> Defaults.JSONValue {
		let metaschemas = ["draft4": "http://json-schema.org/draft-04/schema#", "draft6": "http://json-schema.org/draft-06/schema#",
			"draft7": "http://json-schema.org/draft-07/schema#"]
		guard case .object(var keywords) = schema, keywords["$schema"] == nil, let metaschema = metaschemas[draft] else { return schema }
		keywords["$schema"] = .string(metaschema)
		return .object(keywords)
	}

	@Test(arguments: drafts) func everyRequiredTestPasses(draft: String) async throws {
		let documents = try Self.documents()
		let folder = Requirement.jsonSchemaTestSuiteURL.appendingPathComponent("tests/\(draft)")
		let files = try Self.files(under: folder).filter { !$0.hasPrefix("optional/") && $0.hasSuffix(".json") }
		#expect(files.count >= 30)
		var failures: [String] = []
		var (count, passed) = (0, 0)
		for file in files {
			let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
			for group in try Defaults.JSONValue(parsing: text).arrayValue ?? [] {
				guard let written = group.objectValue?["schema"], let tests = group.objectValue?["tests"]?.arrayValue else { continue }
				let groupName = group.objectValue?["description"]?.stringValue ?? "?"
				let validator = JSONSchemaValidator(schema: Self.schema(written, of: draft), documents: documents)
				for test in tests {
					guard let data = test.objectValue?["data"], let valid = test.objectValue?["valid"]?.boolValue else { continue }
					let testName = test.objectValue?["description"]?.stringValue ?? "?"
					let id = "\(draft)/\(file): \(groupName): \(testName)"
					let agrees = validator.isValid(data) == valid
					let isDifference = Self.knownDifferences[id] != nil || Self.isFormatAnnotation(file: file, group: groupName, test: testName)
					count += 1
					if agrees { passed += 1 }
					if !agrees, !isDifference { failures.append("\(id): expected \(valid ? "valid" : "invalid")") }
					if agrees, isDifference { failures.append("\(id) agrees with the suite now: take it out of the deliberate differences") }
				}
			}
			// Other tests run beside this long loop: let them have the thread between files.
			await Task.yield()
		}
		print("JSON-Schema-Test-Suite \(draft): \(passed) of \(count) tests agree (\(String(format: "%.1f", 100 * Double(passed) / Double(max(count, 1))))%)")
		#expect(failures.isEmpty, "\(failures.count) of \(count) tests:\n\(failures.joined(separator: "\n"))")
	}
}
