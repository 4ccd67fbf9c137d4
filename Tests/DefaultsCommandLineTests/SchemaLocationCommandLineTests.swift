import ChildProcess
import Defaults
import Foundation
import Testing

extension CLI {
	/// Runs `defaults-tui` in the folder `folder` (for paths relative to it), with `environment` added.
	func run(in folder: URL, environment: [String: String] = [:], _ arguments: String...) throws -> Result {
		try run([Self.defaultsTUI.path] + arguments, executable: URL(fileURLWithPath: "/bin/sh"), prefix: ["-c", "cd \"$0\" && exec \"$@\"", folder.path], environment: environment)
	}
}

/// Every settings file finds its own schema: `which-schema` says which and why, every command on
/// `--store FILE` and `defaults-tui FILE` use it; nothing reaches the network.
@Suite("The command line: a settings file's own schema", .timeLimit(.minutes(2)))
struct SchemaLocationCommandLineTests {
	/// A folder with a schema whose `fontSize` is from 8 to 72, and a catalogue naming it for `app*.json`.
	private func setUp(_ cli: CLI) throws -> (folder: URL, schema: URL, catalog: URL) {
		let folder = cli.configHome.appendingPathComponent("work", isDirectory: true)
		try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		let schema = folder.appendingPathComponent("app.schema.json")
		try Data(#"""
		{"title": "App", "type": "object", "properties": {
			"fontSize": {"type": "integer", "minimum": 8, "maximum": 72, "default": 12},
			"wrap": {"type": "boolean", "default": true}}}
		"""#.utf8).write(to: schema)
		let catalog = folder.appendingPathComponent("catalog.json")
		try Data(#"""
		{"schemas": [
			{"name": "My App", "fileMatch": ["app*.json", "app.toml", "app.yaml"], "url": "app.schema.json"},
			{"name": "Manifest A", "fileMatch": ["manifest.json"], "url": "https://example.org/a.json"},
			{"name": "Manifest B", "fileMatch": ["manifest.json"], "url": "https://example.org/b.json"}
		]}
		"""#.utf8).write(to: catalog)
		return (folder, schema, catalog)
	}

	@Test func whichSchemaNamesEachSourceAndWhy() throws {
		let cli = CLI()
		let (folder, schema, catalog) = try setUp(cli)
		let json = folder.appendingPathComponent("own.json")
		try Data(#"{"$schema": "./app.schema.json", "fontSize": 14}"#.utf8).write(to: json)
		let toml = folder.appendingPathComponent("own.toml")
		try Data("# mine\n#:schema app.schema.json\nfontSize = 14\n".utf8).write(to: toml)
		let yaml = folder.appendingPathComponent("own.yaml")
		try Data("fontSize: 14\n# yaml-language-server: $schema=https://example.org/app.json\n".utf8).write(to: yaml)
		let plain = folder.appendingPathComponent("app-settings.json")
		try Data(#"{"fontSize": 14}"#.utf8).write(to: plain)

		let given = try cli.run("which-schema", json.path, "--schema", schema.path)
		#expect(given.status == 0)
		#expect(given.output == "\(schema.path)\t--schema\n")
		#expect(try cli.run("which-schema", json.path).output == "\(schema.path)\t$schema in the file\n", "a relative reference is from the file's folder")
		#expect(try cli.run("which-schema", toml.path).output == "\(schema.path)\t#:schema comment, line 2\n")
		#expect(try cli.run("which-schema", yaml.path).output == "https://example.org/app.json\tyaml-language-server $schema comment, line 2\n")
		let catalogued = try cli.run("which-schema", plain.path, "--catalog", catalog.path)
		#expect(catalogued.status == 0)
		#expect(catalogued.output == "\(schema.path)\tcatalogue: fileMatch \"app*.json\" (My App)\n")
		// The variable, and a catalogue a distribution installs, name it too; --catalog comes first.
		#expect(try cli.run(in: folder, environment: ["DEFAULTS_TUI_CATALOG": "catalog.json"], "which-schema", "app-settings.json").output.hasPrefix("\(schema.path)\tcatalogue:"))
		let installed = cli.dataDirectory.appendingPathComponent("defaults/catalog.json")
		try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"schemas": [{"name": "Installed", "fileMatch": ["app-settings.json"], "url": "/usr/share/installed.json"}]}"#.utf8).write(to: installed)
		#expect(try cli.run("which-schema", plain.path).output == "/usr/share/installed.json\tcatalogue: fileMatch \"app-settings.json\" (Installed)\n")
		#expect(try cli.run("which-schema", plain.path, "--catalog", catalog.path).output.contains("(My App)"))
	}

	@Test func aRegisteredProgramsFileHasItsSchema() throws {
		let cli = CLI()
		let registered = cli.dataHome.appendingPathComponent("defaults/schemas/notes.json")
		try FileManager.default.createDirectory(at: registered.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"title": "Notes", "sections": [{"title": "Editor", "settings": [{"key": "fontSize", "title": "Font Size", "kind": "integer", "type": "Int", "default": 12, "minimum": 8, "maximum": 32}]}]}"#.utf8)
			.write(to: registered)
		let file = cli.configHome.appendingPathComponent("notes/settings.json")
		let found = try cli.run("which-schema", file.path)
		#expect(found.status == 0, "\(found.errors)")
		#expect(found.output == "\(registered.path)\tregistered program notes\n")
	}

	@Test func noSchemaExitsOneAndSaysWhyAmbiguityNamesBoth() throws {
		let cli = CLI()
		let (folder, _, catalog) = try setUp(cli)
		let none = try cli.run("which-schema", folder.appendingPathComponent("other.json").path, "--catalog", catalog.path)
		#expect(none.status == 1)
		#expect(none.output.hasPrefix("none\tno reference in the file, and no pattern of the catalogue \(catalog.path) matches 'other.json'"), "\(none.output)")
		let ambiguous = try cli.run("which-schema", folder.appendingPathComponent("manifest.json").path, "--catalog", catalog.path)
		#expect(ambiguous.status == 1)
		#expect(ambiguous.output.hasPrefix("none\tambiguous: "))
		#expect(ambiguous.output.contains("(Manifest A) https://example.org/a.json") && ambiguous.output.contains("(Manifest B) https://example.org/b.json"), "\(ambiguous.output)")
		// Without a catalogue at hand: SchemaStore's is not fetched by the tests (DEFAULTS_TUI_OFFLINE), and it says so.
		let unfetched = try cli.run("which-schema", folder.appendingPathComponent("other.json").path)
		#expect(unfetched.status == 1)
		#expect(unfetched.output.contains("the catalogue https://www.schemastore.org/api/json/catalog.json cannot be read: it is not in the schema cache"), "\(unfetched.output)")
	}

	@Test func getAndSetOnAFileUseTheSchemaItNames() throws {
		let cli = CLI()
		let (folder, _, catalog) = try setUp(cli)
		let file = folder.appendingPathComponent("own.json")
		let text = #"{"$schema": "./app.schema.json", "fontSize": 14}"#
		try Data(text.utf8).write(to: file)
		let refused = try cli.run("set", "fontSize", "100", "--store", file.path)
		#expect(refused.status == 2)
		#expect(refused.errors.contains("fontSize") && refused.errors.contains("72"), "the schema's limit: \(refused.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8) == text, "nothing written")
		#expect(try cli.run("get", "wrap", "--store", file.path).output == "true\n", "the schema's default")
		#expect(try cli.run("set", "fontSize", "20", "--store", file.path).status == 0)
		#expect(FileStore(url: file).storedValues()["fontSize"] == 20)
		// Through ArgumentParser too (an option only it takes), and with the catalogue's schema.
		let other = folder.appendingPathComponent("app-x.json")
		try Data(#"{"fontSize": 14}"#.utf8).write(to: other)
		let byCatalogue = try cli.run("get", "fontSize", "--origin", "--store", other.path, "--catalog", catalog.path)
		#expect(byCatalogue.status == 0, "\(byCatalogue.errors)")
		#expect(try cli.run("set", "fontSize", "7", "--store", other.path, "--catalog", catalog.path).status == 2)
		#expect(try cli.run("list", "--store", other.path, "--catalog", catalog.path).output.contains("wrap"), "the schema's settings are listed")
		#expect(try cli.run("export", "--store", other.path, "--catalog", catalog.path).output.contains("fontSize"))
	}

	@Test func ambiguousPatternsAreSaidByEveryCommand() throws {
		let cli = CLI()
		let (folder, _, catalog) = try setUp(cli)
		let file = folder.appendingPathComponent("manifest.json")
		try Data(#"{"name": "x"}"#.utf8).write(to: file)
		let result = try cli.run("get", "name", "--store", file.path, "--catalog", catalog.path)
		#expect(result.status == 0)
		#expect(result.output == "x\n")
		#expect(result.errors.contains("manifest.json has no schema: ambiguous"), "\(result.errors)")
	}

	@Test func aBarePathOpensTheFileWithTheSchemaInTheTitle() throws {
		let cli = CLI()
		let (folder, _, catalog) = try setUp(cli)
		try Data(#"{"fontSize": 14}"#.utf8).write(to: folder.appendingPathComponent("app.json"))
		let opened = try cli.run(in: folder, environment: ["DEFAULTS_TUI_CATALOG": catalog.path], "app.json", "--plain")
		#expect(opened.status == 0, "\(opened.errors)")
		// The line prompts wrap the title at the width (a space becomes the break): checked without white space.
		#expect(opened.output.filter { !$0.isWhitespace }.contains("MyApp(catalogue)—\(folder.path)/app.json"), "\(opened.output)")
		// After the options, and after edit.
		#expect(try cli.run(in: folder, "--catalog", catalog.path, "app.json", "--plain").output.contains("My App (catalogue)"))
		#expect(try cli.run(in: folder, "edit", "app.json", "--catalog", catalog.path, "--plain").output.contains("My App (catalogue)"))
		// A file named like a command: the word is the command; ./list is the file.
		try Data(#"{"fromTheFile": 1}"#.utf8).write(to: folder.appendingPathComponent("list"))
		let command = try cli.run(in: folder, "list")
		#expect(command.status == 0)
		#expect(!command.output.contains("fromTheFile"), "the demo's settings, listed")
		#expect(try cli.run(in: folder, "./list", "--plain").output.contains("From the file: 1"))
		#expect(try cli.run(in: folder, "./list", "get", "fromTheFile").output == "1\n", "a command after the file works on it")
		// Two files, or a file and --store, are refused.
		#expect(try cli.run(in: folder, "app.json", "list.json").status == 2)
	}
}
