import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// Which schema a settings file gets: `--schema`, then the file's reference, then a registered
/// program's, then the catalogue's most specific pattern; ambiguity named, never guessed.
@Suite("Finding a settings file's schema")
struct SchemaLocatorTests {
	/// A catalogue of a few entries, each schema a path in `folder`.
	private func catalog(in folder: URL) -> SchemaCatalog {
		let text = """
		{"schemas": [
			{"name": "Starship", "fileMatch": ["starship.toml"], "url": "starship.json"},
			{"name": "Any TOML", "fileMatch": ["*.toml"], "url": "https://example.org/any.json"},
			{"name": "Workflow", "fileMatch": [".github/workflows/*.yml"], "url": "https://example.org/workflow.json"},
			{"name": "CI file", "fileMatch": ["ci.yml"], "url": "https://example.org/ci.json"},
			{"name": "Manifest A", "fileMatch": ["manifest.json"], "url": "https://example.org/a.json"},
			{"name": "Manifest B", "fileMatch": ["manifest.json"], "url": "https://example.org/b.json"},
			{"name": "Same as A", "fileMatch": ["manifest.json"], "url": "https://example.org/a.json"},
			{"name": "Configs", "fileMatch": ["*.config.json", "!**/vendor/**"], "url": "https://example.org/config.json"},
			{"name": "No files", "url": "https://example.org/none.json"}
		]}
		"""
		let address = folder.appendingPathComponent("catalog.json").path
		return (try? SchemaCatalog(data: Data(text.utf8), address: address)) ?? SchemaCatalog(entries: [], address: address)
	}

	private func folder() throws -> URL {
		let folder = Isolated.fileURL().deletingLastPathComponent()
		try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		return folder
	}

	@Test func theCatalogueEntriesAreReadAndRelativeURLsTakenFromItsFolder() throws {
		let folder = try folder()
		let catalog = catalog(in: folder)
		#expect(catalog.entries.count == 8, "the entry with no fileMatch is left out")
		#expect(catalog.entries.first?.url == folder.appendingPathComponent("starship.json").path)
		#expect(SchemaCatalog.resolve("b.json", against: "https://example.org/api/catalog.json") == "https://example.org/api/b.json")
	}

	@Test func theMostSpecificPatternWins() throws {
		let catalog = catalog(in: try folder())
		guard case .schema(let starship) = catalog.match(path: "/home/me/.config/starship.toml") else {
			Issue.record("starship.toml has Starship's schema")
			return
		}
		#expect(starship.entry.name == "Starship", "a literal name beats *.toml")
		guard case .schema(let workflow) = catalog.match(path: "/src/.github/workflows/ci.yml") else {
			Issue.record("a workflow has the Workflow schema")
			return
		}
		#expect(workflow.entry.name == "Workflow", "folders named beat a literal name")
		guard case .schema(let ci) = catalog.match(path: "/src/ci.yml") else {
			Issue.record("ci.yml elsewhere is the CI file")
			return
		}
		#expect(ci.entry.name == "CI file")
	}

	@Test func twoSchemasAlikeAreAmbiguousAndNeitherIsChosen() throws {
		let catalog = catalog(in: try folder())
		guard case .ambiguous(let candidates) = catalog.match(path: "/app/manifest.json") else {
			Issue.record("manifest.json is ambiguous")
			return
		}
		#expect(candidates.map(\.entry.name) == ["Manifest A", "Manifest B"], "each schema named once")
	}

	@Test func onlyATooGenericPatternChoosesNothing() throws {
		let catalog = catalog(in: try folder())
		guard case .tooGeneric(let candidates) = catalog.match(path: "/app/Cargo.toml") else {
			Issue.record("*.toml alone is too generic")
			return
		}
		#expect(candidates.map(\.entry.name) == ["Any TOML"])
	}

	@Test func anEntrysExclusionTakesTheFileOut() throws {
		let catalog = catalog(in: try folder())
		#expect(catalog.match(path: "/app/web.config.json") != .none)
		#expect(catalog.match(path: "/app/vendor/lib/web.config.json") == .none)
	}

	@Test func theSourcesComeInOrder() throws {
		let folder = try folder()
		let catalog = catalog(in: folder)
		let locator = SchemaLocator(catalog: catalog, source: LocalSchemaFiles())
		let file = folder.appendingPathComponent("starship.toml")
		try Data("#:schema ./own.json\nadd_newline = false\n".utf8).write(to: file)
		// --schema first.
		let given = locator.locate(file: file.path, syntax: .toml, option: "/tmp/given.json")
		#expect(given.location?.address == "/tmp/given.json")
		#expect(given.line == "/tmp/given.json\t--schema")
		// Then the file's own reference, from the file's folder.
		let referenced = locator.locate(file: file.path, syntax: .toml)
		#expect(referenced.line == "\(folder.appendingPathComponent("own.json").path)\t#:schema comment, line 1")
		// Then the catalogue.
		try Data("add_newline = false\n".utf8).write(to: file)
		let catalogued = locator.locate(file: file.path, syntax: .toml)
		#expect(catalogued.line == "\(folder.appendingPathComponent("starship.json").path)\tcatalogue: fileMatch \"starship.toml\" (Starship)")
		#expect(catalogued.location?.shortWhy == "catalogue")
	}

	@Test func aRegisteredProgramsFileHasItsSchemaBeforeTheCatalogues() throws {
		let folder = try folder()
		let environment = [
			"XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
			"XDG_DATA_DIRS": folder.appendingPathComponent("none").path, "HOME": folder.path,
		]
		let schema = try SettingsRegistry.install(SettingsSchema(title: "Starship", sections: [.init(title: "General", settings: [
			Setting(key: "add_newline", title: "New line", kind: .bool, typeName: "Bool", defaultValue: true),
		])]), forProgram: "starship", environment: environment)
		let locator = SchemaLocator(catalog: catalog(in: folder), source: LocalSchemaFiles(), environment: environment)
		let file = folder.appendingPathComponent("config/starship/settings.toml").path
		let lookup = locator.locate(file: file, syntax: .toml)
		#expect(lookup.line == "\(schema.path)\tregistered program starship")
		// Another file of the same name is the catalogue's.
		#expect(locator.locate(file: folder.appendingPathComponent("config/other/settings.toml").path, syntax: .toml).location?.reason != .registeredProgram("starship"))
	}

	@Test func noneSaysWhyAndNamesBothAmbiguousSchemas() throws {
		let folder = try folder()
		let locator = SchemaLocator(catalog: catalog(in: folder), source: LocalSchemaFiles())
		let ambiguous = locator.locate(file: "/app/manifest.json", syntax: .json)
		#expect(ambiguous.location == nil)
		#expect(ambiguous.line.hasPrefix("none\tambiguous: "))
		#expect(ambiguous.line.contains("https://example.org/a.json") && ambiguous.line.contains("https://example.org/b.json"))
		let unmatched = locator.locate(file: "/app/unknown.json", syntax: .json)
		#expect(unmatched.line.hasPrefix("none\tno reference in the file, and no pattern of the catalogue"))
	}

	@Test func aCatalogueThatCannotBeFetchedSaysSoAndChoosesNone() {
		let locator = SchemaLocator(catalogAddress: SchemaCatalog.schemaStoreAddress, source: LocalSchemaFiles())
		let lookup = locator.locate(file: "/app/starship.toml", syntax: .toml)
		#expect(lookup.location == nil)
		#expect(lookup.catalogProblem?.reason.contains("fetching is not available") == true)
		#expect(lookup.line.contains("the catalogue https://www.schemastore.org/api/json/catalog.json cannot be read: fetching is not available"))
	}

	@Test func theInstalledCatalogueComesBeforeSchemaStores() throws {
		let folder = try folder()
		let environment = ["XDG_DATA_DIRS": "\(folder.appendingPathComponent("a").path):\(folder.appendingPathComponent("b").path)"]
		#expect(SchemaCatalog.standardAddress(named: nil, environment: environment) == SchemaCatalog.schemaStoreAddress)
		let installed = folder.appendingPathComponent("b/defaults/catalog.json")
		try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"schemas": []}"#.utf8).write(to: installed)
		#expect(SchemaCatalog.standardAddress(named: nil, environment: environment) == installed.path)
		#expect(SchemaCatalog.standardAddress(named: "mine.json", environment: environment) == "mine.json")
	}

	/// A named pipe would wait for a writer: its reference is not looked for (found by `export --store` on one hanging).
	@Test(.timeLimit(.minutes(1))) func aNamedPipeIsNotReadForItsReference() throws {
		let folder = try folder()
		let pipe = folder.appendingPathComponent("app.json")
		#expect(mkfifo(pipe.path, 0o600) == 0)
		// Should it be opened for reading, a writer comes after a while, so that the test fails rather than hangs.
		let path = pipe.path
		Thread.detachNewThread {
			Thread.sleep(forTimeInterval: 10)
			let writer = open(path, O_WRONLY | O_NONBLOCK)
			if writer >= 0 { close(writer) }
		}
		let clock = ContinuousClock()
		let start = clock.now
		let lookup = SchemaLocator(catalog: catalog(in: folder), source: LocalSchemaFiles()).locate(file: pipe.path, syntax: .json)
		#expect(clock.now - start < .seconds(10), "the pipe was not opened")
		#expect(lookup.location == nil)
	}

	@Test func localFilesRefuseTheWebSayingSo() {
		#expect(throws: SchemaDocumentError.self) { try LocalSchemaFiles().data(at: "https://example.org/x.json") }
		#expect(LocalSchemaFiles().dataAtHand(at: "https://example.org/x.json") == nil)
		#expect(SchemaAddress("file:///etc/x.json") == .file("/etc/x.json"))
	}
}
