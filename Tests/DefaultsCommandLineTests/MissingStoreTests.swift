import Foundation
import Testing

/// A store file named with `--store` that is not there is most often a typo: commands that
/// read say so (status 1) instead of showing nothing, and so do those that change settings
/// when no schema says what the settings are.
@Suite("The command line and a store file that is not there")
struct MissingStoreTests {
	private var schema: String {
		URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent("Assets/demo-schema.json").path
	}

	@Test(arguments: [["list"], ["get", "theme"], ["export", "-"], ["schema"]])
	func aCommandThatReadsSaysTheFileIsNotThere(command: [String]) throws {
		let cli = CLI()
		let typo = cli.configHome.appendingPathComponent("setings.json").path
		let result = try cli.run(command + ["--store", typo])
		#expect(result.status == 1, "\(result.output)")
		#expect(result.errors.contains("the store \(typo) does not exist"), "\(result.errors)")
		#expect(result.output.isEmpty)
		#expect(!FileManager.default.fileExists(atPath: typo), "nothing was created")
	}

	@Test func aChangeNeedsASchemaToStartANewFile() throws {
		let cli = CLI()
		let file = cli.configHome.appendingPathComponent("new/settings.json").path
		let without = try cli.run(["set", "theme", "dark", "--store", file])
		#expect(without.status == 1)
		#expect(without.errors.contains("does not exist (give --schema to start a new one)"), "\(without.errors)")
		let with = try cli.run(["set", "theme", "dark", "--store", file, "--schema", schema])
		#expect(with.status == 0, "\(with.errors)")
		#expect(try cli.run(["get", "theme", "--store", file, "--schema", schema]).output == "dark\n")
	}

	@Test func importingADirectorySaysSo() throws {
		let cli = CLI()
		let result = try cli.run(["import", cli.configHome.path])
		#expect(result.status == 1)
		#expect(result.errors.contains("it is a directory, not a JSON file"), "\(result.errors)")
	}

	@Test func aValueThatIsNotJSONIsSaidToBeSo() throws {
		let result = try CLI().run(["set", "mainWindow", "not json"])
		#expect(result.status == 2)
		#expect(result.errors.contains(#"'not json' is not JSON; text needs quotes: '"not json"'"#), "\(result.errors)")
	}
}

/// In a settings file without a schema the settings are its keys: a key reset away is gone,
/// and `set --create` adds it (or any new key) back, its kind from its value.
@Suite("The command line and keys of a file without a schema")
struct SchemalessKeyTests {
	@Test func aKeyResetAwayCanBeAddedBackWithCreate() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("app.json").path
		try Data(#"{"retries": 1}"#.utf8).write(to: URL(fileURLWithPath: file))
		#expect(try cli.run(["reset", "retries", "--store", file]).status == 0)
		let refused = try cli.run(["set", "retries", "2", "--store", file])
		#expect(refused.status == 1 && refused.errors.contains("set --create retries VALUE adds it"), "\(refused.errors)")
		#expect(try cli.run(["set", "--create", "retries", "2", "--store", file]).status == 0)
		#expect(try cli.run(["set", "--create", "label", "two words", "--store", file]).status == 0)
		#expect(try cli.run(["get", "retries", "--store", file, "--json"]).output == "2\n", "a number, from its JSON")
		#expect(try cli.run(["get", "label", "--store", file, "--json"]).output == "\"two words\"\n", "text, as it is not JSON")
		#expect(try cli.run(["set", "--create", "retries", "oops", "--store", file]).status == 2, "a key that exists keeps its kind")
	}

	@Test func createIsRefusedWhereASchemaSaysWhatTheSettingsAre() throws {
		let result = try CLI().run(["set", "--create", "newKey", "1"])
		#expect(result.status == 2)
		#expect(result.errors.contains("--create adds keys to a settings file without a schema"), "\(result.errors)")
	}
}
