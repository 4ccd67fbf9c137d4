@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

@Suite("Where programs' settings are found")
struct SettingsRegistryTests {
	/// `XDG_DATA_HOME` and two `XDG_DATA_DIRS` of the test's own.
	private func environment() -> (environment: [String: String], home: URL, shared: [URL]) {
		let root = Isolated.fileURL().deletingLastPathComponent()
		let home = root.appendingPathComponent("data-home")
		let shared = [root.appendingPathComponent("local-share"), root.appendingPathComponent("share")]
		return (["XDG_DATA_HOME": home.path, "XDG_DATA_DIRS": shared.map(\.path).joined(separator: ":")], home, shared)
	}

	private func schema(_ title: String) -> SettingsSchema {
		SettingsSchema(title: title, sections: [.init(title: "General", settings: [Setting(key: "volume", title: "Volume", kind: .integer, defaultValue: 5)])])
	}

	@Test func theDirectoriesFollowTheXDGVariables() {
		let defaults = SettingsRegistry.schemaDirectories(environment: ["HOME": "/home/ada"]).map(\.path)
		#expect(defaults == ["/home/ada/.local/share/defaults/schemas", "/usr/local/share/defaults/schemas", "/usr/share/defaults/schemas"])
		let given = SettingsRegistry.schemaDirectories(environment: ["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/a:relative:/d:/b"]).map(\.path)
		#expect(given == ["/d/defaults/schemas", "/a/defaults/schemas", "/b/defaults/schemas"], "relative and repeated directories are left out")
	}

	@Test func anInstalledSchemaIsFoundByNameAndTheFirstDirectoryWins() throws {
		let (environment, home, shared) = environment()
		let sharedSchemas = shared[1].appendingPathComponent("defaults/schemas")
		try FileManager.default.createDirectory(at: sharedSchemas, withIntermediateDirectories: true)
		try Data(schema("Shared notes").jsonString().utf8).write(to: sharedSchemas.appendingPathComponent("notes.json"))
		try Data(schema("Player").jsonString().utf8).write(to: sharedSchemas.appendingPathComponent("player.json"))
		try Data("{}".utf8).write(to: sharedSchemas.appendingPathComponent(".hidden.json"))
		try Data("{}".utf8).write(to: sharedSchemas.appendingPathComponent("README.txt"))
		#expect(SettingsRegistry.programs(environment: environment).map(\.name) == ["notes", "player"])
		let url = try SettingsRegistry.install(schema("My notes"), forProgram: "notes", environment: environment)
		#expect(url.path == home.appendingPathComponent("defaults/schemas/notes.json").path)
		let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
		#expect((attributes[.posixPermissions] as? Int) == 0o644)
		let found = try #require(SettingsRegistry.program(named: "notes", environment: environment))
		#expect(found.schemaURL.path == url.path, "the user's own schema comes first")
		#expect(try SettingsSchema.load(from: found.schemaURL).title == "My notes")
		#expect(SettingsRegistry.programs(environment: environment).first { $0.name == "notes" }?.schemaURL.path == url.path)
		#expect(SettingsRegistry.program(named: "absent", environment: environment) == nil)
	}

	@Test func aNameThatCannotBeAFileNameIsRefused() {
		let (environment, _, _) = environment()
		for name in ["", ".hidden", "a/b", "..", "."] {
			#expect(throws: SettingsRegistryError.invalidName(name)) { try SettingsRegistry.install(schema("x"), forProgram: name, environment: environment) }
			#expect(SettingsRegistry.program(named: name, environment: environment) == nil)
		}
	}
}
