import Foundation

extension Requirement {
	/// JSON-Schema-Test-Suite, JSON Schema's published tests (its `tests` and `remotes` folders), with
	/// the drafts' metaschemas in `metaschemas`, which `.ci/run` unpacks from the source archives of
	/// PyPI's jsonschema and jsonschema-specifications into `.build-suites/JSON-Schema-Test-Suite`
	/// (git-ignored; no file of it is committed). Found at `DEFAULTS_JSON_SCHEMA_TEST_SUITE` when that is set.
	public static let jsonSchemaTestSuite = Requirement(
		name: "JSON-Schema-Test-Suite (JSON Schema's published tests)",
		installation: "bash .ci/run fetches it into .build-suites/JSON-Schema-Test-Suite, or set DEFAULTS_JSON_SCHEMA_TEST_SUITE to a folder of its tests, remotes and metaschemas",
		isInstalled: FileManager.default.fileExists(atPath: jsonSchemaTestSuiteURL.appendingPathComponent("tests/draft2020-12").path)
	)

	/// Where the suite is: `DEFAULTS_JSON_SCHEMA_TEST_SUITE`, else `.build-suites/JSON-Schema-Test-Suite` in the clone.
	public static var jsonSchemaTestSuiteURL: URL {
		if let path = ProcessInfo.processInfo.environment["DEFAULTS_JSON_SCHEMA_TEST_SUITE"], !path.isEmpty {
			return URL(fileURLWithPath: path, isDirectory: true)
		}
		return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent(".build-suites/JSON-Schema-Test-Suite", isDirectory: true)
	}
}
