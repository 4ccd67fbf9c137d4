import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// This machine's settings files that a catalogue names a schema for, found by name and place
/// in a bounded walk of `$XDG_CONFIG_HOME` and the home directory.
@Suite("Finding this machine's settings files")
struct SettingsFileDiscoveryTests {
	private let catalog = SchemaCatalog(entries: [
		.init(name: "Starship", description: nil, url: "/schemas/starship.json", fileMatch: [FilePattern("starship.toml")]),
		.init(name: "VS Code settings", description: nil, url: "/schemas/vscode.json", fileMatch: [FilePattern("Code/User/settings.json")]),
		.init(name: "Docker", description: nil, url: "/schemas/docker.json", fileMatch: [FilePattern(".docker/config.json")]),
		.init(name: "package.json", description: nil, url: "/schemas/package.json", fileMatch: [FilePattern("package.json")]),
		.init(name: "Any YAML", description: nil, url: "/schemas/any.json", fileMatch: [FilePattern("*.yml")]),
	], address: "/schemas/catalog.json")

	/// A home directory with three settings files the catalogue knows, among many files it does
	/// not and some it knows in places never walked; returns the home and its environment.
	private func makeHome() throws -> (URL, [String: String]) {
		let home = Isolated.fileURL().deletingLastPathComponent().appendingPathComponent("home")
		let config = home.appendingPathComponent(".config")
		let manager = FileManager.default
		func write(_ path: String, in folder: URL = home) throws {
			let url = folder.appendingPathComponent(path)
			try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
			try Data("{}".utf8).write(to: url)
		}
		try write("starship.toml", in: config)
		try write("Code/User/settings.json", in: config)
		try write(".docker/config.json")
		// Many others, and known names where the walk does not go: caches, dependencies, projects, too deep.
		for index in 0..<40 {
			for file in 0..<50 { try write("app\(index)/data/file\(file).dat", in: config) }
		}
		try write(".cache/starship.toml")
		try write("node_modules/x/package.json", in: config)
		try write("projects/web/package.json")
		try write("a/b/c/d/e/starship.toml", in: config)
		try write("ci.yml", in: config)
		// A link to a folder above: not followed.
		try manager.createSymbolicLink(atPath: config.appendingPathComponent("loop").path, withDestinationPath: home.path)
		return (home, ["HOME": home.path, "XDG_CONFIG_HOME": config.path])
	}

	@Test func findsTheFilesACatalogueKnowsWithoutWalkingCachesProjectsOrLinks() throws {
		let (home, environment) = try makeHome()
		var limits = SettingsFileDiscovery.Limits()
		// Completeness is what is checked here; the time limit has its own test.
		limits.time = .seconds(30)
		let found = SettingsFileDiscovery.find(catalog: catalog, limits: limits, environment: environment)
		let homePath = home.standardizedFileURL.path
		#expect(found.files.map { String($0.path.dropFirst(homePath.count)) } == [
			"/.config/Code/User/settings.json", "/.config/starship.toml", "/.docker/config.json",
		], "too generic patterns (*.yml) name no file either")
		#expect(found.files.map(\.candidate.entry.name) == ["VS Code settings", "Starship", "Docker"])
		#expect(found.isComplete)
	}

	@Test func theStandardLimitsFindThemAmongThousandsOfOtherFiles() throws {
		let (_, environment) = try makeHome()
		// Milliseconds on a quiet machine; tried three times so that a busy moment does not fail it.
		let complete = (0..<3).contains { _ in
			let found = SettingsFileDiscovery.find(catalog: catalog, environment: environment)
			return found.isComplete && found.files.count == 3
		}
		#expect(complete, "the 2,000 other files and 40 folders are walked within the standard time")
	}

	@Test func theWalkStopsWhenItsTimeIsUp() throws {
		let (_, environment) = try makeHome()
		var limits = SettingsFileDiscovery.Limits()
		limits.time = .zero
		let clock = ContinuousClock()
		let start = clock.now
		let found = SettingsFileDiscovery.find(catalog: catalog, limits: limits, environment: environment)
		#expect(!found.isComplete)
		#expect(clock.now - start < .seconds(5))
		#expect(SettingsFileDiscovery.Limits().time <= .milliseconds(200), "the list of programs waits no longer")
	}
}
