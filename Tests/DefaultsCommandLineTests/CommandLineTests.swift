import ChildProcess
import Defaults
import DefaultsTUI
import Foundation
import TestEnvironment
import Testing

/// Runs the built `defaults-tui` with its own configuration directory.
struct CLI {
	let configHome = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
		.appendingPathComponent("cli-\(UUID().uuidString)", isDirectory: true)

	var storeFile: URL { configHome.appendingPathComponent("defaults-tui/settings.json") }
	/// The tool's `$XDG_CONFIG_DIRS`: the system-wide layers live in `<this>/defaults-tui/`.
	var systemDirectory: URL { configHome.appendingPathComponent("xdg-system", isDirectory: true) }
	/// The tool's `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`, where programs' schemas are registered.
	var dataHome: URL { configHome.appendingPathComponent("xdg-data", isDirectory: true) }
	var dataDirectory: URL { configHome.appendingPathComponent("xdg-data-dirs", isDirectory: true) }
	/// The tool's `$XDG_CACHE_HOME`: schemas and catalogues fetched are kept in `<this>/defaults-tui/schemas/`.
	var cacheHome: URL { configHome.appendingPathComponent("xdg-cache", isDirectory: true) }
	var environment: [String: String] {
		[
			"XDG_CONFIG_HOME": configHome.path, "XDG_CONFIG_DIRS": systemDirectory.path, "XDG_DATA_HOME": dataHome.path, "XDG_DATA_DIRS": dataDirectory.path,
			"XDG_CACHE_HOME": cacheHome.path,
			// Nothing is fetched (SchemaStore's catalogue is the default) unless a test serves it: see ``online``.
			"DEFAULTS_TUI_OFFLINE": "1",
		]
	}

	/// The variables a test adds that serves schemas on loopback and lets the tool fetch them.
	static let online = ["DEFAULTS_TUI_OFFLINE": "0"]

	/// The tool the tests run.
	static var defaultsTUI: URL {
		ChildProcess.builtProduct("defaults-tui")
	}

	struct Result {
		var status: Int32
		var output: String
		var errors: String
	}

	@discardableResult
	func run(_ arguments: String...) throws -> Result {
		try run(arguments)
	}

	/// Runs `defaults-tui` with the file mode creation mask `umask` (through the shell, which sets it).
	func run(umask: String, _ arguments: String...) throws -> Result {
		let executable = Self.defaultsTUI.path
		return try run([executable] + arguments, executable: URL(fileURLWithPath: "/bin/sh"), prefix: ["-c", "umask \(umask) && exec \"$@\"", "sh"])
	}

	func run(_ arguments: [String], executable: URL? = nil, prefix: [String] = [], environment: [String: String] = [:]) throws -> Result {
		let path = (executable ?? Self.defaultsTUI).path
		let variables = self.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }.merging(environment) { $1 }
		// A tool that hangs is killed after two minutes, so a test fails rather than waits forever.
		let result = try ChildProcess.runCapturingErrors(path, prefix + arguments, environment: variables, killAfter: 120)
		return Result(status: result.status, output: result.output, errors: result.errors)
	}

	func stored() -> [String: Defaults.JSONValue] {
		FileStore(url: storeFile).storedValues()
	}

	/// Starts `defaults-tui` in the background (for `watch`), with its standard output on a pipe.
	func start(_ arguments: String...) throws -> (ChildProcess, FileHandle) {
		try ChildProcess.start(Self.defaultsTUI.path, arguments, environment: environment)
	}
}

@Suite("The command line", .timeLimit(.minutes(2)))
struct CommandLineTests {
	@Test func setAndGetParseByType() throws {
		let cli = CLI()
		for (key, value, stored) in [("launchAtLogin", "yes", Defaults.JSONValue.bool(true)), ("fontSize", "18", 18), ("theme", "Dark", "dark"),
		                             ("username", "ada", "ada"), ("spellingLanguages", #"["en","de"]"#, ["en", "de"]), ("lineSpacing", "1.5", 1.5)] {
			#expect(try cli.run("set", key, value).status == 0, "\(key)")
			#expect(cli.stored()[key] == stored, "\(key)")
		}
		#expect(try cli.run("get", "username").output == "ada\n", "strings print without quotes")
		#expect(try cli.run("get", "username", "--json").output == "\"ada\"\n")
		#expect(try cli.run("get", "syncInterval").output == "15\n", "an unset key prints its default")
	}

	@Test func badValuesExitWithTwoAndChangeNothing() throws {
		let cli = CLI()
		try cli.run("set", "fontSize", "12")
		for (key, value, message) in [("fontSize", "99", "must be between 8 and 32"), ("theme", "purple", "expected one of light, dark, system"),
		                              ("launchAtLogin", "maybe", "expected true or false"), ("mainWindow", "{", "invalid JSON")] {
			let result = try cli.run("set", key, value)
			#expect(result.status == 2, "\(key)")
			#expect(result.errors.contains(message), "\(result.errors)")
			#expect(result.output.isEmpty)
		}
		#expect(cli.stored() == ["fontSize": 12])
	}

	@Test func unknownKeysExitWithOneAndNameTheKey() throws {
		let cli = CLI()
		let set = try cli.run("set", "nope", "1")
		#expect(set.status == 1)
		#expect(set.errors.contains("no setting named 'nope'"))
		let get = try cli.run("get", "nope")
		#expect(get.status == 1)
		#expect(get.errors.contains("'nope'"))
		try cli.run("set", "fontSize", "20")
		let reset = try cli.run("reset", "fontSize", "nope")
		#expect(reset.status == 1)
		#expect(cli.stored() == ["fontSize": 20], "nothing is reset when one key is unknown")
	}

	@Test func listAsATableAndAsJSON() throws {
		let cli = CLI()
		try cli.run("set", "theme", "dark")
		let table = try cli.run("list")
		#expect(table.status == 0)
		#expect(table.output.hasPrefix("KEY"))
		#expect(table.output.contains("theme") && table.output.contains("dark"))
		let modified = try cli.run("list", "--modified", "--json")
		let parsed = try Defaults.JSONValue(parsing: modified.output)
		#expect(parsed.arrayValue?.count == 1)
		#expect(parsed.arrayValue?.first?.objectValue?["key"] == "theme")
		#expect(parsed.arrayValue?.first?.objectValue?["default"] == "system")
		#expect(parsed.arrayValue?.first?.objectValue?["modified"] == true)
		let demoCount = DemoSettings.schema(store: InMemoryStore()).settings.count
		#expect(try Defaults.JSONValue(parsing: cli.run("list", "--json").output).arrayValue?.count == demoCount)
	}

	@Test func resetOneOrAll() throws {
		let cli = CLI()
		try cli.run("set", "theme", "dark")
		try cli.run("set", "fontSize", "20")
		#expect(try cli.run("reset", "theme").status == 0)
		#expect(cli.stored() == ["fontSize": 20])
		#expect(try cli.run("reset", "--all").status == 0)
		#expect(cli.stored().isEmpty)
		#expect(try cli.run("reset").status == 2, "neither keys nor --all is bad input")
	}

	@Test func exportAndAllOrNothingImport() throws {
		let cli = CLI()
		try cli.run("set", "theme", "dark")
		let exported = try cli.run("export")
		#expect(try Defaults.JSONValue(parsing: exported.output) == ["theme": "dark"])
		let file = cli.configHome.appendingPathComponent("import.json")
		try Data(#"{"fontSize": 20, "theme": "purple", "nope": 1}"#.utf8).write(to: file)
		let rejected = try cli.run("import", file.path)
		#expect(rejected.status == 2)
		#expect(rejected.errors.contains("theme:") && rejected.errors.contains("nope: there is no such setting"))
		#expect(cli.stored() == ["theme": "dark"], "nothing was applied")
		try Data(#"{"fontSize": 20, "theme": "light"}"#.utf8).write(to: file)
		#expect(try cli.run("import", file.path).status == 0)
		#expect(cli.stored() == ["theme": "light", "fontSize": 20])
		#expect(try cli.run("import", cli.configHome.appendingPathComponent("missing.json").path).status == 1)
	}

	@Test func schemaFilesAndStoresWithoutASchema() throws {
		let cli = CLI()
		let schemaOutput = try cli.run("schema")
		let schemaFile = cli.configHome.appendingPathComponent("schema.json")
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		try Data(schemaOutput.output.utf8).write(to: schemaFile)
		#expect(try cli.run("set", "fontSize", "10", "--schema", schemaFile.path).status == 0)
		#expect(try cli.run("get", "fontSize", "--schema", schemaFile.path, "--store", cli.storeFile.path).output == "10\n")
		let missing = try cli.run("list", "--schema", "/nonexistent/schema.json")
		#expect(missing.status == 1)
		#expect(missing.errors.contains("cannot be used"))
		let other = cli.configHome.appendingPathComponent("other.json")
		try Data(#"{"enabled": true, "name": "x", "limits": [1, 2]}"#.utf8).write(to: other)
		#expect(try cli.run("set", "enabled", "off", "--store", other.path).status == 0, "kinds inferred from the values")
		#expect(try cli.run("set", "enabled", "sometimes", "--store", other.path).status == 2)
		#expect(FileStore(url: other).storedValues()["enabled"] == false)
	}

	/// Every way a file can fail to parse, and every command on it: exit 1 naming the file, line
	/// and column, and the file, its directory and the values in it exactly as they were.
	static let filesThatDoNotParse: [(String, String, String)] = [
		("a missing comma", "{\"theme\": \"dark\"\n\"fontSize\": 20}", "line 2, column 1"),
		("half written", "{\"theme\": \"dark\", \"fontSize\": 2", "line 1, column 32"),
		("a top-level array", "[\"theme\", \"dark\"]", "line 1, column 1"),
		("a Latin-1 byte", "{\"theme\": \"caf\u{E9}\"}", "line 1, column"),
		("nesting past the limit", "{\"a\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}", "line 1, column"),
	]

	@Test(arguments: Self.filesThatDoNotParse)
	func everyCommandOnAFileThatDoesNotParseFailsAndChangesNothing(description: String, text: String, place: String) throws {
		let cli = CLI()
		let directory = cli.storeFile.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		// The Latin-1 case: one byte 0xE9, not its UTF-8 form.
		let bytes = description == "a Latin-1 byte" ? Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }) : Data(text.utf8)
		try bytes.write(to: cli.storeFile)
		let backup = directory.deletingLastPathComponent().appendingPathComponent("backup-\(UUID().uuidString).json")
		try Data(#"{"theme": "light"}"#.utf8).write(to: backup)
		defer { try? FileManager.default.removeItem(at: backup) }
		let before = try directoryState(directory)
		let commands: [[String]] = [
			["get", "theme"], ["get", "theme", "--json"], ["list"], ["list", "--json"], ["export"], ["export", directory.appendingPathComponent("out.json").path],
			["set", "theme", "dark"], ["set", "fontSize", "20"], ["reset", "theme"], ["reset", "--all"], ["import", backup.path],
			["set", "--create", "other", "1", "--store", cli.storeFile.path], ["get", "theme", "--store", cli.storeFile.path],
			["reset", "theme", "--store", cli.storeFile.path], ["list", "--store", cli.storeFile.path],
		]
		for arguments in commands {
			let result = try cli.run(arguments)
			#expect(result.status == 1, "\(description): \(arguments) exits 1: \(result)")
			#expect(result.output.isEmpty, "\(description): \(arguments) prints nothing: \(result.output)")
			#expect(result.errors.contains(cli.storeFile.path) && result.errors.contains(place), "\(description): \(arguments): \(result.errors)")
			#expect(!result.errors.contains("moved to"), "\(arguments)")
		}
		#expect(try directoryState(directory) == before, "no file created, renamed or written")
		#expect(try Data(contentsOf: cli.storeFile) == bytes)
	}

	@Test func readingCommandsLeaveACorruptStoreExactlyAsItWas() async throws {
		let cli = CLI()
		let directory = cli.storeFile.deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		try Data("{not json".utf8).write(to: cli.storeFile)
		let before = try directoryState(directory)
		for arguments in [["get", "theme"], ["list"], ["list", "--json"], ["export"]] {
			let result = try cli.run(arguments)
			#expect(result.status == 1, "\(arguments)")
			#expect(result.errors.contains(cli.storeFile.path) && result.errors.contains("not valid JSON"), "\(arguments): \(result.errors)")
		}
		// The demo's schema does not depend on the file's values.
		#expect(try cli.run("schema").status == 0)

		let watch = try ChildProcess.spawn(CLI.defaultsTUI.path, ["watch"],
			environment: ["XDG_CONFIG_HOME": cli.configHome.path])
		try await Task.sleep(for: .milliseconds(300))
		watch.terminate()
		_ = watch.wait()

		#expect(try directoryState(directory) == before, "no file created, renamed or written")
	}

	@Test func readingCommandsCreateNoDirectory() throws {
		let cli = CLI()
		for arguments in [["get", "theme"], ["list"], ["export"], ["schema"], ["--help"], ["get", "--help"]] {
			#expect(try cli.run(arguments).status == 0, "\(arguments)")
		}
		#expect(!FileManager.default.fileExists(atPath: cli.configHome.path))
	}

	@Test func withoutASchemaACorruptStoreIsNamedAsTheReason() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("app.json")
		try Data("{not json".utf8).write(to: file)
		let result = try cli.run("get", "theme", "--store", file.path)
		#expect(result.status == 1)
		#expect(result.errors.contains("\(file.path) cannot be used: it is not valid JSON"), "\(result.errors)")
		#expect(!result.errors.contains("no setting named"))
		#expect(try Data(contentsOf: file) == Data("{not json".utf8))
	}

	@Test func valuesMayStartWithADash() throws {
		let cli = CLI()
		let outOfRange = try cli.run("set", "fontSize", "-5")
		#expect(outOfRange.status == 2)
		#expect(outOfRange.errors.contains("must be between 8 and 32"), "the value itself is checked: \(outOfRange.errors)")
		#expect(try cli.run("set", "syncInterval", "-5").status == 0)
		#expect(cli.stored()["syncInterval"] == -5)
		#expect(try cli.run("set", "username", "--", "-ada").status == 0, "-- still ends the options")
		#expect(cli.stored()["username"] == "-ada")

		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("numbers.json")
		try Data(#"{"someNumber": 1}"#.utf8).write(to: file)
		#expect(try cli.run("set", "someNumber", "-2.5", "--store", file.path).status == 0, "options after the value")
		#expect(FileStore(url: file).storedValues()["someNumber"] == -2.5)
		#expect(try cli.run("set", "--store", file.path, "someNumber", "-7").status == 0, "options before the key")
		#expect(FileStore(url: file).storedValues()["someNumber"] == -7)

		let extra = try cli.run("set", "fontSize", "12", "--bogus")
		#expect(extra.status == 2, "a misspelt option is not taken as a value")
		#expect(extra.errors.contains("'--bogus'"))
		#expect(try cli.run("set", "fontSize").status == 2)
		#expect(try cli.run("set", "--help").output.contains("<value>"))
	}

	@Test func withoutASchemaANumberTakesAnyNumber() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("app.json")
		try Data(#"{"whole": 1, "fraction": 0.5}"#.utf8).write(to: file)
		#expect(try cli.run("set", "whole", "2.5", "--store", file.path).status == 0)
		#expect(try cli.run("set", "fraction", "3", "--store", file.path).status == 0)
		#expect(try cli.run("set", "fraction", "many", "--store", file.path).status == 2)
		let text = try String(contentsOf: file, encoding: .utf8)
		#expect(text.contains(#""whole": 2.5"#))
		#expect(text.contains(#""fraction": 3"#) && !text.contains("3.0"), "a whole number is written as one: \(text)")
	}

	@Test func exportWritesAPrivateFileAndReplacesOnlyWithForce() throws {
		let cli = CLI()
		try cli.run("set", "accessToken", "s3cret")
		let file = cli.configHome.appendingPathComponent("backup.json")
		#expect(try cli.run(umask: "000", "export", file.path).status == 0)
		#expect(try permissions(of: file) == 0o600, "0600 whatever the umask")
		#expect(try Defaults.JSONValue(parsing: Data(contentsOf: file)).objectValue?["accessToken"] == "s3cret")

		try Data("old".utf8).write(to: file)
		try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
		let refused = try cli.run("export", file.path)
		#expect(refused.status == 1)
		#expect(refused.errors.contains("already exists") && refused.errors.contains("--force"))
		#expect(try Data(contentsOf: file) == Data("old".utf8), "nothing was overwritten")

		#expect(try cli.run(umask: "277", "export", file.path, "--force").status == 0)
		#expect(try Defaults.JSONValue(parsing: Data(contentsOf: file)).objectValue?["accessToken"] == "s3cret")
		#expect(try permissions(of: file) == 0o600, "a replaced file is 0600 too, even where the umask takes the owner's write bit")
	}

	@Test func exportNeverWritesThroughASymbolicLink() throws {
		let cli = CLI()
		try cli.run("set", "theme", "dark")
		let target = cli.configHome.appendingPathComponent("elsewhere.json")
		let link = cli.configHome.appendingPathComponent("link.json")
		try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
		for arguments in [["export", link.path], ["export", link.path, "--force"]] {
			let result = try cli.run(arguments)
			#expect(result.status == 1, "\(arguments)")
			#expect(result.errors.contains("symbolic link"), "\(arguments)")
			#expect(!FileManager.default.fileExists(atPath: target.path), "\(arguments)")
		}
		#expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path, "the link is left alone")
	}

	@Test func helpShowsTheRealStorePath() throws {
		let cli = CLI()
		let path = cli.storeFile.path
		let root = try cli.run("--help").output
		#expect(root.contains(path), "\(root)")
		#expect(!root.contains("~/.config"))
		let get = try cli.run("get", "--help").output
		#expect(get.contains(path), "\(get)")
	}

	@Test func watchSeesASetFromAnotherProcess() async throws {
		let cli = CLI()
		try cli.run("set", "theme", "light")
		let (process, output) = try cli.start("watch", "--json")
		defer { if process.isRunning { process.terminate() } }
		try await Task.sleep(for: .milliseconds(300))
		try cli.run("set", "theme", "dark")
		let line = try await firstLine(of: output)
		#expect(try Defaults.JSONValue(parsing: line) == ["key": "theme", "old": "light", "new": "dark"])
		process.terminate()
		#expect(process.wait() == 0, "SIGTERM ends watch cleanly")
	}

	@Test func watchShowsControlCharactersEscaped() async throws {
		let cli = CLI()
		try cli.run("set", "recentNotes", "[]")
		let (process, output) = try cli.start("watch", "recentNotes")
		defer { if process.isRunning { process.terminate() } }
		try await Task.sleep(for: .milliseconds(300))
		try cli.run("set", "recentNotes", "[\"left\u{202E}right\"]")
		let line = try await firstLine(of: output)
		#expect(line == #"recentNotes: [] -> ["left\u{202e}right"]"#, "a bidirectional override is shown, not obeyed")
		process.terminate()
		_ = process.wait()
	}

	@Test func helpHasExamples() throws {
		let cli = CLI()
		let help = try cli.run("set", "--help")
		#expect(help.status == 0)
		#expect(help.output.contains("EXAMPLES:"))
		#expect(try cli.run("--help").output.contains("Exit status"))
		#expect(try cli.run("--bogus").status == 2)
	}
}

/// The names in `directory` with each file's contents and inode, to tell whether anything changed.
private func directoryState(_ directory: URL) throws -> [String: String] {
	var state: [String: String] = [:]
	for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
		let path = directory.appendingPathComponent(name).path
		let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int ?? -1
		state[name] = "\(inode): \(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))"
	}
	return state
}

/// The permission bits of a file.
private func permissions(of file: URL) throws -> Int {
	(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int ?? -1) & 0o777
}

/// The first line written to `handle`, read on a separate thread.
/// The first line `handle` gives (all of it when it ends without one).
func firstLine(of handle: FileHandle) async throws -> String {
	try await withCheckedThrowingContinuation { continuation in
		Thread.detachNewThread {
			var data = Data()
			while !data.contains(UInt8(ascii: "\n")) {
				let chunk = handle.availableData
				if chunk.isEmpty { break }
				data.append(chunk)
			}
			let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
			continuation.resume(returning: line)
		}
	}
}

@Suite("The command line and values that do not fit", .timeLimit(.minutes(2)))
struct CommandLineValueTests {
	private func cliWithStore(_ json: String) throws -> CLI {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(json.utf8).write(to: cli.storeFile)
		return cli
	}

	@Test func getPrintsTheEffectiveValueAndWarns() throws {
		let cli = try cliWithStore(#"{"fontSize":"big","theme":"neon","launchAtLogin":7}"#)
		let result = try cli.run("get", "fontSize")
		#expect(result.status == 0)
		#expect(result.output == "14\n", "the default, which programs read")
		#expect(result.errors.contains("the stored value of 'fontSize' (\"big\") is not valid: expected a whole number"))
		#expect(try cli.run("get", "theme", "--json").output == "\"system\"\n")
		#expect(try cli.run("get", "showWelcome").errors.isEmpty, "no warning for a value that fits")
	}

	@Test func listMarksInvalidValues() throws {
		let cli = try cliWithStore(#"{"fontSize":"big","theme":"dark"}"#)
		let lines = try cli.run("list").output.split(separator: "\n").map(String.init)
		#expect(lines.first?.hasSuffix("NOTE") == true)
		let fontSize = try #require(lines.first { $0.hasPrefix("fontSize ") })
		#expect(fontSize.contains(" 14 ") && fontSize.contains("stored big is invalid: expected a whole number"))
		let theme = try #require(lines.first { $0.hasPrefix("theme ") })
		#expect(!theme.contains("invalid"))
		let withRange = try cliWithStore(#"{"fontSize":99}"#).run("list").output
		#expect(withRange.contains("99") && withRange.contains("must be between 8 and 32"), "a value of the right type out of range is shown, and why")
		let json = try cli.run("list", "--json").output
		#expect(json.contains(#""problem": "expected a whole number"#) && json.contains(#""stored": "big""#))
	}

	@Test func listShowsControlCharactersEscaped() throws {
		let cli = try cliWithStore("{\"username\":\"a\\nb\\u001b[2Jc\"}")
		let output = try cli.run("list").output
		#expect(output.contains(#"a\nb\e[2Jc"#))
		#expect(!output.contains("\u{1B}"), "no escape sequence reaches the terminal")
		#expect(try cli.run("get", "username").output == "a\nb\u{1B}[2Jc\n", "get writes data as it is when it is not a terminal")
	}

	@Test func numbersAtTheBoundsThroughTheCommandLine() throws {
		let cli = CLI()
		#expect(try cli.run("set", "fontSize", "32").status == 0, "exactly the maximum")
		let above = try cli.run("set", "fontSize", "33")
		#expect(above.status == 2 && above.errors.contains("must be between 8 and 32"), "one step above")
		#expect(try cli.run("set", "fontSize", "8").status == 0, "exactly the minimum")
		#expect(try cli.run("set", "fontSize", "7").status == 2, "one step below")
		#expect(cli.stored()["fontSize"] == 8)
		#expect(try cli.run("set", "username", String(repeating: "u", count: 32)).status == 0, "exactly maxLength")
		#expect(try cli.run("set", "username", String(repeating: "u", count: 33)).status == 2, "one character more")
	}
}
