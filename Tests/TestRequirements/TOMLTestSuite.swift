import Foundation

extension Requirement {
	/// toml-test, TOML's published conformance suite (its `tests` folder: `valid`, `invalid` and
	/// `files-toml-1.0.0`), which `.ci/run` unpacks from tomlkit's source archive on PyPI into
	/// `.build-suites/toml-test` (git-ignored; no file of it is committed). Found at
	/// `DEFAULTS_TOML_TEST_SUITE` when that is set.
	public static let tomlTestSuite = Requirement(
		name: "toml-test (TOML's conformance suite)",
		installation: "bash .ci/run fetches it into .build-suites/toml-test, or set DEFAULTS_TOML_TEST_SUITE to its tests folder",
		isInstalled: FileManager.default.fileExists(atPath: tomlTestSuiteURL.appendingPathComponent("files-toml-1.0.0").path)
	)

	/// Where toml-test's `tests` folder is: `DEFAULTS_TOML_TEST_SUITE`, else `.build-suites/toml-test` in the clone.
	public static var tomlTestSuiteURL: URL {
		if let path = ProcessInfo.processInfo.environment["DEFAULTS_TOML_TEST_SUITE"], !path.isEmpty {
			return URL(fileURLWithPath: path, isDirectory: true)
		}
		return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent(".build-suites/toml-test", isDirectory: true)
	}
}
