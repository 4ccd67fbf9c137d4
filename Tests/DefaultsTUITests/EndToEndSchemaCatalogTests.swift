import ChildProcess
import Defaults
import Foundation
import Testing
import TestEnvironment
import TestRequirements

/// Settings files opened with the schema the catalogue names: `defaults-tui FILE`, and this
/// machine's files in the list of programs, driven in tmux. The catalogue is a file installed
/// where a distribution puts it; nothing reaches the network.
@Suite("The editor in a terminal: settings files and their schemas", .requires(.tmux), .timeLimit(.minutes(2)))
struct EndToEndSchemaCatalogTests {
	private static let schema = #"""
	{"title": "starship", "type": "object", "properties": {
		"add_newline": {"type": "boolean", "default": true, "description": "Adds a blank line before the prompt."},
		"scan_timeout": {"type": "integer", "minimum": 1, "default": 30, "description": "How long to scan files, in milliseconds."}}}
	"""#

	/// Installs a catalogue naming `starship.toml`'s schema (a file) in `dataDirectory`, and writes `~/.config/starship.toml`.
	private static func prepare(configHome: URL, dataDirectory: URL) throws -> URL {
		let schema = configHome.appendingPathComponent("schemas/starship.json")
		try FileManager.default.createDirectory(at: schema.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(Self.schema.utf8).write(to: schema)
		let catalog = dataDirectory.appendingPathComponent("defaults/catalog.json")
		try FileManager.default.createDirectory(at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"schemas": [{"name": "Starship", "fileMatch": ["starship.toml"], "url": "\#(schema.path)"}]}"#.utf8).write(to: catalog)
		let file = configHome.appendingPathComponent("starship.toml")
		try Data("# my prompt\nadd_newline = false # keep it tight\n".utf8).write(to: file)
		return file
	}

	/// A new folder of this test's own, under the tests' private directory.
	private static func folder() -> URL {
		URL(fileURLWithPath: String(cString: defaults_tests_config_directory())).appendingPathComponent("catalog-\(UUID().uuidString)", isDirectory: true)
	}

	@Test func aFileNamedAloneOpensWithTheCataloguesSchemaInTheTitle() async throws {
		let folder = Self.folder()
		let data = folder.appendingPathComponent("data")
		let file = try Self.prepare(configHome: folder, dataDirectory: data)
		let session = try TmuxSession(arguments: [file.path], environment: ["XDG_DATA_DIRS": data.path])
		#expect(await session.waitForScreen { $0.contains("Starship (catalogue) — \(file.path.prefix(40))") && $0.contains("Add newline") && $0.contains("Scan timeout") })
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}

	@Test func theListShowsThisMachinesSettingsFilesAndOpensOne() async throws {
		let configHome = Self.folder()
		let data = configHome.appendingPathComponent("xdg-data-dirs")
		let file = try Self.prepare(configHome: configHome, dataDirectory: data)
		// Many files the catalogue does not know, around the one it does.
		for index in 0..<200 {
			let other = configHome.appendingPathComponent("app\(index % 20)/file\(index).json")
			try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
			try Data("{}".utf8).write(to: other)
		}
		let session = try TmuxSession(environment: [
			"HOME": configHome.path, "XDG_CONFIG_HOME": configHome.path, "XDG_DATA_DIRS": data.path,
		])
		#expect(await session.waitForScreen { $0.contains("2 programs") && $0.contains("~/starship.toml") && $0.contains("Starship") && $0.contains("1 modified") })
		try session.send("j", "Enter")
		#expect(await session.waitForScreen { $0.contains("Starship (catalogue) — \(file.path.prefix(40))") && $0.contains("[ ] off") })
		try session.send("Space")
		#expect(await session.waitForScreen { $0.contains("[✓] on") || $0.contains("[x] on") })
		try session.send("Escape")
		#expect(await session.waitForScreen { $0.contains("~/starship.toml") && $0.contains("0 modified") }, "saved and counted on the way back")
		#expect(try String(contentsOf: file, encoding: .utf8) == "# my prompt\nadd_newline = true # keep it tight\n", "only the value's bytes changed")
		// The search covers the file's settings.
		try session.send("/")
		try session.type("milliseconds")
		#expect(await session.waitForScreen { $0.contains("~/starship.toml › starship › Scan timeout") })
		try session.send("Escape", "q")
		#expect(await session.waitForExit() == 0)
	}
}
