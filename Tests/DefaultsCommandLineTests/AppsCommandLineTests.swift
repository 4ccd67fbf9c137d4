import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing

extension CLI {
	/// Registers a schema for program `name` in the tool's `$XDG_DATA_HOME`.
	func register(_ name: String, title: String, settings: [Setting]) throws {
		let schema = SettingsSchema(title: title, sections: [.init(title: "General", settings: settings)])
		let directory = dataHome.appendingPathComponent("defaults/schemas")
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		try Data(schema.jsonString().utf8).write(to: directory.appendingPathComponent("\(name).json"))
	}

	/// Program `name`'s settings file.
	func settingsFile(of name: String) -> URL {
		configHome.appendingPathComponent("\(name)/settings.json")
	}
}

@Suite("The command line: programs by name", .timeLimit(.minutes(2)))
struct AppsCommandLineTests {
	private let notesSettings = [
		Setting(key: "fontSize", title: "Font Size", kind: .integer, defaultValue: 14, minimum: 8, maximum: 32),
		Setting(key: "wrap", title: "Wrap Lines", kind: .bool, defaultValue: false),
	]

	@Test func appsListsTheRegisteredProgramsAndAppEditsOne() throws {
		let cli = CLI()
		try cli.register("notes", title: "Notes", settings: notesSettings)
		try cli.register("player", title: "Player", settings: [Setting(key: "volume", title: "Volume", kind: .integer, defaultValue: 5)])
		#expect(try cli.run("--app", "notes", "set", "fontSize", "18").status == 0, "the option before the command")
		#expect(try cli.run("set", "wrap", "on", "--app", "notes").status == 0, "the option after it")
		#expect(FileStore(url: cli.settingsFile(of: "notes")).storedValues() == ["fontSize": 18, "wrap": true])
		#expect(try cli.run("get", "--app=notes", "fontSize").output == "18\n")
		let apps = try cli.run("apps")
		#expect(apps.status == 0)
		let lines = apps.output.split(separator: "\n").map(String.init)
		#expect(lines.first?.hasPrefix("NAME") == true)
		let notes = try #require(lines.first { $0.hasPrefix("notes ") })
		#expect(notes.contains("Notes") && notes.contains(" 2 ") && notes.hasSuffix(cli.dataHome.appendingPathComponent("defaults/schemas/notes.json").path))
		let json = try Defaults.JSONValue(parsing: cli.run("apps", "--json").output)
		#expect(json.arrayValue?.map { $0.objectValue?["name"] } == ["notes", "player"])
		#expect(json.arrayValue?.first?.objectValue?["modified"] == 2)
		#expect(json.arrayValue?.last?.objectValue?["modified"] == 0)
		#expect(try cli.run("--app", "notes", "set", "fontSize", "99").status == 2, "the program's schema checks the value")
	}

	@Test func theDemoIsTheProgramDefaultsTUIRegisteredOrNot() throws {
		let cli = CLI()
		try cli.register("notes", title: "Notes", settings: notesSettings)
		#expect(try cli.run("--app", "defaults-tui", "set", "fontSize", "20").status == 0)
		#expect(try cli.run("get", "fontSize").output == "20\n", "the demo's own file")
		#expect(try cli.run("--app", "defaults-tui", "get", "theme").status == 0)
		#expect(try cli.run("--app", "nothere", "get", "theme").status == 1)
	}

	@Test func aProgramsLayersApply() throws {
		let cli = CLI()
		try cli.register("notes", title: "Notes", settings: notesSettings)
		let system = cli.systemDirectory.appendingPathComponent("notes")
		try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
		try Data(#"{"fontSize": 20}"#.utf8).write(to: system.appendingPathComponent("settings.json"))
		try Data("wrap\n".utf8).write(to: system.appendingPathComponent("locks"))
		#expect(try cli.run("get", "fontSize", "--origin", "--app", "notes").output == "20\norigin: system \(system.appendingPathComponent("settings.json").path)\n")
		let refused = try cli.run("--app", "notes", "set", "wrap", "on")
		#expect(refused.status == 1)
		#expect(refused.errors.contains("locked by \(system.appendingPathComponent("locks").path)"))
	}

	@Test func anUnknownProgramOrAMixOfOptionsIsRefused() throws {
		let cli = CLI()
		let unknown = try cli.run("--app", "nothing", "list")
		#expect(unknown.status == 1)
		#expect(unknown.errors.contains("no program named 'nothing' has registered its settings"))
		try cli.register("notes", title: "Notes", settings: notesSettings)
		let mixed = try cli.run("list", "--app", "notes", "--store", "x.json")
		#expect(mixed.status == 2)
		#expect(mixed.errors.contains("--app and --store cannot be used together"))
		let empty = try CLI().run("apps")
		#expect(empty.status == 0 && empty.output.isEmpty)
		#expect(empty.errors.contains("no program has registered its settings"))
		let broken = cli.dataHome.appendingPathComponent("defaults/schemas/broken.json")
		try Data("{".utf8).write(to: broken)
		let listed = try cli.run("apps")
		#expect(listed.status == 0)
		#expect(listed.output.split(separator: "\n").contains { $0.hasPrefix("broken ") && $0.contains("✗") }, "a schema that cannot be read is named, and the rest are listed")
	}

	@Test func aBrokenSchemaIsNamedOnceWithItsWholeReason() throws {
		let cli = CLI()
		try cli.register("notes", title: "Notes", settings: notesSettings)
		let broken = cli.dataHome.appendingPathComponent("defaults/schemas/broken.json")
		let key = "aSettingWithAVeryLongNameIndeedSoThatTheReasonIsLongerThanAnyColumn"
		try Data(#"{"title": "Broken", "sections": [{"title": "A", "settings": [{"key": "\#(key)", "title": "A", "kind": "integer", "default": 5, "minimum": 10, "maximum": 20}]}]}"#.utf8)
			.write(to: broken)
		let reason = "The schema file \(broken.path) cannot be used: the default of \"\(key)\" (5) does not fit it: must be between 10 and 20."
		let whole = "the settings of 'broken' cannot be shown: \(reason)"

		let app = try cli.run("--app", "broken", "list")
		#expect(app.status == 1)
		#expect(app.errors == "defaults-tui: \(whole)\n")
		let apps = try cli.run("apps")
		#expect(apps.status == 0)
		#expect(apps.output.split(separator: "\n").contains { $0.hasPrefix("broken ") && $0.contains("✗ cannot be shown") && $0.hasSuffix(broken.path) }, "\(apps.output)")
		#expect(apps.errors == "defaults-tui: warning: \(whole)\n", "said once, uncut: \(apps.errors)")
		let json = try Defaults.JSONValue(parsing: cli.run("apps", "--json").output)
		#expect(json.arrayValue?.first?.objectValue?["problem"] == .string(whole))
	}

	@Test func settingsOptionsMayComeBeforeTheCommand() throws {
		let cli = CLI()
		let file = cli.configHome.appendingPathComponent("app.json")
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		try Data(#"{"retries": 3}"#.utf8).write(to: file)
		let list = try cli.run("--store", file.path, "list")
		#expect(list.status == 0, "\(list.errors)")
		#expect(list.output.contains("retries"))
		#expect(try cli.run("--store=\(file.path)", "get", "retries").output == "3\n")
		#expect(try cli.run("--store", file.path, "set", "retries", "5").status == 0)
		#expect(FileStore(url: file).storedValues() == ["retries": 5])
	}
}
