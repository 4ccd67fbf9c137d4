import ChildProcess
import Defaults
import Foundation
import Testing

/// The demo's system-wide layers for a `CLI`: `settings.json` and `locks` in its `$XDG_CONFIG_DIRS`.
extension CLI {
	var systemFile: URL { systemDirectory.appendingPathComponent("defaults-tui/settings.json") }
	var locksFile: URL { systemDirectory.appendingPathComponent("defaults-tui/locks") }

	func writeSystem(settings: String? = nil, locks: String? = nil) throws {
		try FileManager.default.createDirectory(at: systemFile.deletingLastPathComponent(), withIntermediateDirectories: true)
		if let settings { try Data(settings.utf8).write(to: systemFile) }
		if let locks { try Data(locks.utf8).write(to: locksFile) }
	}

	/// The line of `list` for `key`.
	func listLine(_ key: String) throws -> String {
		try run("list").output.split(separator: "\n").first { $0.hasPrefix(key + " ") }.map(String.init) ?? ""
	}
}

@Suite("The command line: settings in layers", .timeLimit(.minutes(2)))
struct LayersCommandLineTests {
	@Test func listSaysWhereEachValueComesFrom() throws {
		let cli = CLI()
		try cli.writeSystem(settings: #"{"fontSize": 18, "theme": "dark"}"#, locks: "theme\nsync*  # the site's sync\n")
		try cli.run("set", "launchAtLogin", "on")
		let header = try cli.run("list").output.split(separator: "\n").first ?? ""
		#expect(header.contains("ORIGIN"))
		#expect(try cli.listLine("fontSize").hasSuffix("system \(cli.systemFile.path)"))
		#expect(try cli.listLine("theme").hasSuffix("locked by \(cli.locksFile.path)"))
		#expect(try cli.listLine("syncInterval").hasSuffix("locked by \(cli.locksFile.path)"), "a prefix locks")
		#expect(try cli.listLine("launchAtLogin").hasSuffix("user"))
		#expect(try cli.listLine("lineSpacing").hasSuffix("default"))
		let json = try Defaults.JSONValue(parsing: cli.run("list", "--json").output)
		let theme = json.arrayValue?.first { $0.objectValue?["key"] == "theme" }
		#expect(theme?.objectValue?["origin"] == "system")
		#expect(theme?.objectValue?["lockedBy"] == .string(cli.locksFile.path))
		#expect(theme?.objectValue?["value"] == "dark")
		let spacing = json.arrayValue?.first { $0.objectValue?["key"] == "lineSpacing" }
		#expect(spacing?.objectValue?["origin"] == "default", "origins are named as the table names them")
	}

	@Test func getOriginPrintsTheOrigin() throws {
		let cli = CLI()
		try cli.writeSystem(settings: #"{"fontSize": 18}"#)
		#expect(try cli.run("get", "fontSize", "--origin").output == "18\norigin: system \(cli.systemFile.path)\n")
		try cli.run("set", "fontSize", "20")
		#expect(try cli.run("get", "fontSize", "--origin").output == "20\norigin: user\n")
		let json = try Defaults.JSONValue(parsing: cli.run("get", "fontSize", "--origin", "--json").output)
		#expect(json.objectValue?["value"] == 20)
		#expect(json.objectValue?["origin"] == "user")
		try cli.run("reset", "fontSize")
		#expect(try cli.run("get", "fontSize").output == "18\n", "a reset goes back to the system-wide value")
	}

	@Test func lockedSettingsAreRefusedAndNothingIsWritten() throws {
		let cli = CLI()
		try cli.writeSystem(locks: "theme\n")
		try cli.run("set", "fontSize", "20")
		let before = try Data(contentsOf: cli.storeFile)
		for arguments in [["set", "theme", "light"], ["set", "theme", "--", "light"], ["reset", "theme"], ["reset", "fontSize", "theme"]] {
			let result = try cli.run(arguments)
			#expect(result.status == 1, "\(arguments)")
			#expect(result.errors.contains("locked by \(cli.locksFile.path)"), "\(result.errors)")
			#expect(result.errors.contains("nothing was changed"))
		}
		let importFile = cli.configHome.appendingPathComponent("import.json")
		try Data(#"{"lineSpacing": 1.5, "theme": "dark"}"#.utf8).write(to: importFile)
		let imported = try cli.run("import", importFile.path)
		#expect(imported.status == 1)
		#expect(imported.errors.contains("cannot import 'theme'"))
		#expect(try Data(contentsOf: cli.storeFile) == before, "no command wrote anything")
		let all = try cli.run("reset", "--all")
		#expect(all.status == 0)
		#expect(all.errors.contains("left theme as it is: locked by \(cli.locksFile.path)"))
		#expect(cli.stored().isEmpty)
	}

	@Test func exportWritesTheUsersOwnValues() throws {
		let cli = CLI()
		try cli.writeSystem(settings: #"{"fontSize": 18, "theme": "dark"}"#)
		try cli.run("set", "lineSpacing", "1.5")
		#expect(try Defaults.JSONValue(parsing: cli.run("export").output) == ["lineSpacing": 1.5])
	}

	@Test func badSystemFilesAreReportedAndSkipped() throws {
		let cli = CLI()
		try cli.writeSystem(settings: #"{"fontSize": "huge", "lineSpacing": 1.8}"#)
		try FileManager.default.createDirectory(at: cli.locksFile, withIntermediateDirectories: true)
		let list = try cli.run("get", "fontSize", "--origin")
		#expect(list.status == 0)
		#expect(list.output == "14\norigin: default\n", "a wrong-typed system value reads as the next layer")
		#expect(list.errors.contains("system settings file \(cli.systemFile.path)"))
		#expect(list.errors.contains("The locks file \(cli.locksFile.path) could not be used"))
		#expect(try cli.run("get", "lineSpacing").output == "1.8\n", "the rest of the system file applies")
		try Data("{ broken".utf8).write(to: cli.systemFile)
		let broken = try cli.run("set", "fontSize", "16")
		#expect(broken.status == 0)
		#expect(broken.errors.contains(cli.systemFile.path))
		#expect(try String(contentsOf: cli.systemFile, encoding: .utf8) == "{ broken", "a system file is never moved or rewritten")
		#expect(cli.stored() == ["fontSize": 16])
	}

	@Test func aStoreFileHasNoLayers() throws {
		let cli = CLI()
		try cli.writeSystem(settings: #"{"theme": "dark"}"#, locks: "theme\n")
		let file = cli.configHome.appendingPathComponent("other.json")
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		try Data(#"{"theme": "light"}"#.utf8).write(to: file)
		#expect(try cli.run("set", "theme", "system", "--store", file.path).status == 0)
		#expect(try cli.run("get", "theme", "--store", file.path, "--origin").output == "system\norigin: user\n")
	}
}
