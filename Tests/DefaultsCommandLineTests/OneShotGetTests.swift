@testable import defaults_tui
import Foundation
import Testing

/// `get` in its plain forms takes the one-shot path, which makes only the demo setting it prints
/// (and those a system-wide layer has a value for); `get … -- KEY` is parsed by ArgumentParser,
/// whose `get` makes the whole schema. For good and bad command lines and files, both print the
/// same, warn the same and exit with the same status.
@Suite("get's one-shot path against ArgumentParser's", .timeLimit(.minutes(2)))
struct OneShotGetTests {
	/// `get` with `options` and `key` run both ways; the first is checked to take the one-shot
	/// path and the second ArgumentParser's, so that the comparison compares two paths.
	private func expectSameBothWays(_ cli: CLI, _ key: String, _ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
		let quick = ["get", key] + options
		let full = ["get"] + options + ["--", key]
		#expect(OneShotCommand.parse(quick) != nil, "\(quick) takes the one-shot path", sourceLocation: sourceLocation)
		#expect(OneShotCommand.parse(full) == nil, "\(full) is ArgumentParser's", sourceLocation: sourceLocation)
		let (one, other) = (try cli.run(quick), try cli.run(full))
		#expect(one.output == other.output, "\(quick): standard output", sourceLocation: sourceLocation)
		#expect(one.errors == other.errors, "\(quick): standard error", sourceLocation: sourceLocation)
		#expect(one.status == other.status, "\(quick): exit status", sourceLocation: sourceLocation)
	}

	/// Every demo setting, each form of `get`, a secret with and without `--reveal`, and keys
	/// the demo does not have.
	@Test func everySettingPrintsTheSameBothWays() throws {
		let cli = CLI()
		for (key, value) in [("fontSize", "20"), ("theme", "dark"), ("exportFormats", "html, pdf"), ("syncSince", "2026-03-01T10:00:00Z"), ("accessToken", "s3cret")] {
			#expect(try cli.run("set", key, value).status == 0, "\(key)")
		}
		for key in ["launchAtLogin", "showWelcome", "theme", "sortOrder", "fontSize", "lineSpacing", "autosaveDelay", "spellChecking",
		            "spellingLanguages", "exportFormats", "syncEnabled", "serverURL", "username", "syncInterval", "syncSince", "mainWindow",
		            "recentNotes", "accessToken", "nosuchKey", "font"] {
			try expectSameBothWays(cli, key)
			try expectSameBothWays(cli, key, ["--json"])
		}
		// The demo by its program name, as the editor's list of programs opens it.
		for key in ["fontSize", "theme", "nosuchKey"] {
			try expectSameBothWays(cli, key, ["--app", "defaults-tui"])
		}
		try expectSameBothWays(cli, "accessToken", ["--reveal"])
		try expectSameBothWays(cli, "accessToken", ["--json", "--reveal"])
	}

	/// A stored value of the wrong type, a value out of range, a file that does not parse, and no file.
	@Test func badFilesAreReportedTheSameBothWays() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
		try expectSameBothWays(cli, "fontSize")
		try Data(#"{"fontSize": "big", "lineSpacing": 7, "theme": "purple"}"#.utf8).write(to: cli.storeFile)
		for key in ["fontSize", "lineSpacing", "theme", "syncInterval"] {
			try expectSameBothWays(cli, key)
		}
		try Data("{\n  \"fontSize\": 20,\n  \"theme\": \n}\n".utf8).write(to: cli.storeFile)
		let broken = try cli.run("get", "fontSize")
		#expect(broken.status == 1)
		#expect(broken.errors.contains(cli.storeFile.path) && broken.errors.contains("line 4, column 1"), "names the file, line and column: \(broken.errors)")
		try expectSameBothWays(cli, "fontSize")
		try expectSameBothWays(cli, "nosuchKey")
	}

	/// Values in the system-wide layer that do not fit their settings are reported whichever key
	/// is asked for; locked settings read the system's value.
	@Test func systemLayersAreReadTheSameBothWays() throws {
		let cli = CLI()
		try cli.run("set", "fontSize", "20")
		try cli.writeSystem(settings: #"{"theme": 5, "lineSpacing": 1.5, "syncInterval": "often", "unknownKey": 1}"#, locks: "lineSpacing\nsync*\n")
		for key in ["fontSize", "theme", "lineSpacing", "syncInterval", "syncEnabled", "nosuchKey"] {
			try expectSameBothWays(cli, key)
		}
		let get = try cli.run("get", "fontSize")
		#expect(get.output == "20\n")
		#expect(get.errors.contains("'theme'") && get.errors.contains("'syncInterval'"), "the system's values that do not fit are reported: \(get.errors)")
	}

	/// `--store` and `--schema` name a file of their own (no demo schema is made).
	@Test func storeAndSchemaFilesReadTheSameBothWays() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let store = cli.configHome.appendingPathComponent("app.json")
		try Data(#"{"volume": 7, "name": "x"}"#.utf8).write(to: store)
		let schema = cli.configHome.appendingPathComponent("schema.json")
		try Data(#"{"title": "App", "sections": [{"title": "S", "settings": [{"key": "volume", "title": "Volume", "kind": "integer", "default": 1}]}]}"#.utf8)
			.write(to: schema)
		for key in ["volume", "name", "nosuchKey"] {
			try expectSameBothWays(cli, key, ["--store", store.path])
			try expectSameBothWays(cli, key, ["--store", store.path, "--schema", schema.path])
		}
		try expectSameBothWays(cli, "volume", ["--store", cli.configHome.appendingPathComponent("missing.json").path])
	}
}
