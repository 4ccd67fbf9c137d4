import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing

/// A settings file a person wrote in a format other than JSON, with what each command makes of it.
struct FormatSample: CustomTestStringConvertible, Sendable {
	/// The file's ending (`toml`), which chooses its format.
	var ending: String
	/// The file as a person wrote it: comments, blank lines, a table or mapping `window` with `width`.
	var text: String
	/// The values it holds.
	var values: [String: Defaults.JSONValue]
	/// `text` after `set fontSize 18`: only the value's bytes changed.
	var afterSet: String
	/// `text` after `set fontSize 18` and `reset theme`: the key's own line gone.
	var afterReset: String
	/// `text` after `set window.height 600` through a JSON Schema (a new member of the table or mapping).
	var afterAddingAMember: String
	/// A file that does not parse, and the line and column the error names.
	var broken: String
	var brokenAt: String

	var testDescription: String { ending }

	static let toml = FormatSample(
		ending: "toml",
		text: """
		# Editor settings, by hand.
		theme = "dark"   # or "light"

		fontSize = 14 # points

		[window]
		# pixels
		width = 800
		""" + "\n",
		values: ["theme": "dark", "fontSize": 14, "window": ["width": 800]],
		afterSet: """
		# Editor settings, by hand.
		theme = "dark"   # or "light"

		fontSize = 18 # points

		[window]
		# pixels
		width = 800
		""" + "\n",
		afterReset: """
		# Editor settings, by hand.

		fontSize = 18 # points

		[window]
		# pixels
		width = 800
		""" + "\n",
		afterAddingAMember: """
		# Editor settings, by hand.
		theme = "dark"   # or "light"

		fontSize = 14 # points

		[window]
		# pixels
		width = 800
		height = 600
		""" + "\n",
		broken: "theme = \"dark\"\nfontSize = = 14\n",
		brokenAt: "line 2, column"
	)

	static let yaml = FormatSample(
		ending: "yaml",
		text: """
		# Editor settings, by hand.
		theme: dark   # or light

		fontSize: 14 # points

		window:
		  # pixels
		  width: 800
		""" + "\n",
		values: ["theme": "dark", "fontSize": 14, "window": ["width": 800]],
		afterSet: """
		# Editor settings, by hand.
		theme: dark   # or light

		fontSize: 18 # points

		window:
		  # pixels
		  width: 800
		""" + "\n",
		afterReset: """
		# Editor settings, by hand.

		fontSize: 18 # points

		window:
		  # pixels
		  width: 800
		""" + "\n",
		afterAddingAMember: """
		# Editor settings, by hand.
		theme: dark   # or light

		fontSize: 14 # points

		window:
		  # pixels
		  width: 800
		  height: 600
		""" + "\n",
		broken: "theme: dark\nfontSize: [14\n",
		brokenAt: "line 3, column"
	)

	static let all: [FormatSample] = [.toml, .yaml]
}

/// Every command on a TOML or YAML file, chosen by its ending or `--format`: the file is changed
/// in place (every comment and blank line kept) and never replaced by one the tool cannot read.
@Suite("The command line: TOML and YAML files", .timeLimit(.minutes(2)))
struct OtherFormatsCommandLineTests {
	private func file(_ sample: FormatSample, in cli: CLI, named name: String? = nil) throws -> URL {
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent(name ?? "app.\(sample.ending)")
		try Data(sample.text.utf8).write(to: file)
		return file
	}

	private func text(of file: URL) throws -> String {
		try String(contentsOf: file, encoding: .utf8)
	}

	@Test(arguments: FormatSample.all)
	func setGetResetAndExportKeepThePersonsFile(_ sample: FormatSample) throws {
		let cli = CLI()
		let file = try file(sample, in: cli)
		let get = try cli.run("--store", file.path, "get", "theme")
		#expect(get.status == 0 && get.output == "dark\n", "\(get.errors)")
		let set = try cli.run("--store", file.path, "set", "fontSize", "18")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try text(of: file) == sample.afterSet)
		let reset = try cli.run("--store", file.path, "reset", "theme")
		#expect(reset.status == 0, "\(reset.errors)")
		#expect(try text(of: file) == sample.afterReset)
		let export = try cli.run("--store", file.path, "export")
		#expect(export.status == 0, "\(export.errors)")
		var expected = sample.values
		expected["theme"] = nil
		expected["fontSize"] = 18
		#expect(try Defaults.JSONValue(parsing: export.output) == .object(expected), "export prints the values as one JSON object")
		let list = try cli.run("--store", file.path, "list", "--json")
		#expect(list.status == 0 && list.output.contains("\"fontSize\""), "\(list.errors)")
	}

	@Test(arguments: FormatSample.all)
	func aFileThatDoesNotParseIsNamedAndLeftByteForByte(_ sample: FormatSample) throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("broken.\(sample.ending)")
		try Data(sample.broken.utf8).write(to: file)
		let json = cli.configHome.appendingPathComponent("in.json")
		try Data(#"{"theme": "light"}"#.utf8).write(to: json)
		for arguments in [["set", "theme", "light"], ["reset", "theme"], ["set", "--create", "other", "1"], ["import", json.path]] {
			let result = try cli.run(["--store", file.path] + arguments)
			#expect(result.status == 1, "\(arguments): \(result.errors)")
			#expect(result.errors.contains(file.path) && result.errors.contains(sample.brokenAt), "\(arguments): \(result.errors)")
			#expect(try text(of: file) == sample.broken, "\(arguments) left the file as it was")
		}
	}

	@Test(arguments: FormatSample.all)
	func formatNamesTheFormatOfAFileWhoseNameDoesNot(_ sample: FormatSample) throws {
		let cli = CLI()
		let file = try file(sample, in: cli, named: ".apprc")
		let plain = try cli.run("--store", file.path, "get", "theme")
		#expect(plain.status == 1, "without --format, .apprc is read as JSON: \(plain.errors)")
		let get = try cli.run("--store", file.path, "--format", sample.ending, "get", "theme")
		#expect(get.status == 0 && get.output == "dark\n", "\(get.errors)")
		let set = try cli.run("set", "fontSize", "18", "--store", file.path, "--format=\(sample.ending)")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try text(of: file) == sample.afterSet)
		let export = try cli.run("export", "--store", file.path, "--format", sample.ending.uppercased())
		#expect(export.status == 0, "a format's name in any case: \(export.errors)")
	}

	@Test func formatIsCheckedAndNeedsAStore() throws {
		let cli = CLI()
		let unknown = try cli.run("--store", "/tmp/x.conf", "--format", "ini", "list")
		#expect(unknown.status == 2 && unknown.errors.contains("--format takes json, jsonc, toml, yaml, yml"), "\(unknown.errors)")
		let alone = try cli.run("--format", "toml", "list")
		#expect(alone.status == 2 && alone.errors.contains("--format works with --store only"), "\(alone.errors)")
	}

	@Test(arguments: FormatSample.all)
	func aJSONSchemaAddsANestedMemberInItsTable(_ sample: FormatSample) throws {
		let cli = CLI()
		let file = try file(sample, in: cli)
		let schema = cli.configHome.appendingPathComponent("schema.json")
		try Data(#"""
		{"type": "object", "properties": {
		  "theme": {"type": "string", "enum": ["dark", "light"]},
		  "fontSize": {"type": "integer"},
		  "window": {"type": "object", "properties": {"width": {"type": "integer"}, "height": {"type": "integer"}}}
		}}
		"""#.utf8).write(to: schema)
		let set = try cli.run("--store", file.path, "--schema", schema.path, "set", "window.height", "600")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try text(of: file) == sample.afterAddingAMember)
		#expect(try cli.run("--store", file.path, "--schema", schema.path, "get", "window.height").output == "600\n")
	}

	@Test(arguments: FormatSample.all)
	func importKeepsTheComments(_ sample: FormatSample) throws {
		let cli = CLI()
		let file = try file(sample, in: cli)
		let json = cli.configHome.appendingPathComponent("in.json")
		try Data(#"{"fontSize": 18}"#.utf8).write(to: json)
		let result = try cli.run("--store", file.path, "import", json.path)
		#expect(result.status == 0, "\(result.errors)")
		#expect(try text(of: file) == sample.afterSet, "an import changes what it brings, in place")
	}

	@Test(arguments: FormatSample.all)
	func aProgramThatKeepsItsSettingsInTheFormatIsEditedInItsFile(_ sample: FormatSample) throws {
		let cli = CLI()
		try cli.register("notes", title: "Notes", settings: [
			Setting(key: "theme", title: "Theme", kind: .string, defaultValue: "light"),
			Setting(key: "fontSize", title: "Font Size", kind: .integer, defaultValue: 12),
		])
		let folder = cli.configHome.appendingPathComponent("notes")
		try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		let file = folder.appendingPathComponent("settings.\(sample.ending)")
		try Data(sample.text.utf8).write(to: file)
		// A system-wide default in the same format, one layer down.
		let system = cli.systemDirectory.appendingPathComponent("notes")
		try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
		let systemFile = system.appendingPathComponent("settings.\(sample.ending)")
		try Data(sample.afterReset.utf8).write(to: systemFile)

		let set = try cli.run("--app", "notes", "set", "fontSize", "18")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try text(of: file) == sample.afterSet)
		#expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("settings.json").path), "no JSON file beside it")
		#expect(try cli.run("--app", "notes", "reset", "theme").status == 0)
		#expect(try text(of: file) == sample.afterReset)
		let origin = try cli.run("--app", "notes", "get", "fontSize", "--origin")
		#expect(origin.output.contains("user"), "\(origin.output)")
		#expect(try cli.run("--app", "notes", "get", "theme").output == "light\n", "the declared default, as the system file has no theme")
		#expect(try text(of: systemFile) == sample.afterReset, "the system file is read, never written")
	}

	@Test(arguments: FormatSample.all)
	func watchSeesAChangeMadeByHand(_ sample: FormatSample) async throws {
		let cli = CLI()
		let file = try file(sample, in: cli)
		let (process, output) = try cli.start("watch", "--json", "--store", file.path)
		defer { if process.isRunning { process.terminate() } }
		try await Task.sleep(for: .milliseconds(300))
		try Data(sample.afterSet.utf8).write(to: file)
		let line = try await firstLine(of: output)
		#expect(try Defaults.JSONValue(parsing: line) == ["key": "fontSize", "old": 14, "new": 18])
		process.terminate()
		#expect(process.wait() == 0)
	}

	@Test func aYAMLFileOfSeveralDocumentsIsEditedInItsFirstAndSaysSo() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("manifests.yaml")
		try Data("# two documents\nkind: Deployment\nreplicas: 2\n---\nkind: Service\nport: 80\n".utf8).write(to: file)
		let set = try cli.run("--store", file.path, "set", "replicas", "3")
		#expect(set.status == 0, "\(set.errors)")
		#expect(set.errors.contains("The settings file \(file.path): the file holds 2 YAML documents"), "\(set.errors)")
		#expect(!set.errors.contains("The value of ''"), "\(set.errors)")
		#expect(try text(of: file) == "# two documents\nkind: Deployment\nreplicas: 3\n---\nkind: Service\nport: 80\n")
	}

	@Test func documentChoosesAnotherDocumentOfAYAMLFile() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("manifests.yaml")
		let original = "kind: Deployment\nreplicas: 2\n---\n# the service\nkind: Service\nport: 80 # http\n"
		try Data(original.utf8).write(to: file)
		let get = try cli.run("--store", file.path, "--document", "2", "get", "port")
		#expect(get.status == 0 && get.output == "80\n", "\(get.errors)")
		let set = try cli.run("--store", file.path, "--document", "2", "set", "port", "8080")
		#expect(set.status == 0, "\(set.errors)")
		#expect(set.errors.contains("document 2 of them is read and edited"), "\(set.errors)")
		#expect(try text(of: file) == original.replacingOccurrences(of: "port: 80 #", with: "port: 8080 #"))
		let beyond = try cli.run("--store", file.path, "--document", "3", "list")
		#expect(beyond.status == 1 && beyond.errors.contains("not the document 3"), "\(beyond.errors)")
		let toml = cli.configHome.appendingPathComponent("app.toml")
		try Data("a = 1\n".utf8).write(to: toml)
		let notYAML = try cli.run("--store", toml.path, "--document", "2", "list")
		#expect(notYAML.status == 2 && notYAML.errors.contains("--document chooses a document of a YAML file"), "\(notYAML.errors)")
		let alone = try cli.run("--document", "2", "list")
		#expect(alone.status == 2 && alone.errors.contains("--document works with --store only"), "\(alone.errors)")
	}
}
