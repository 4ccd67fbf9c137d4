import ChildProcess
import Defaults
import Foundation
import SchemaServer
import Testing
import TestRequirements

/// Schemas found through a catalogue on a loopback server: fetched once and reused, offline,
/// a slow server, a cycle of references, a schema that is not JSON, `schemas fetch`.
@Suite(.requires(.python3), .timeLimit(.minutes(3)))
struct SchemaCacheCommandLineTests {
	/// A served catalogue naming `tryout.json`'s schema (`url`, a path on the server), the
	/// served files, and a settings file `tryout.json`.
	struct Fixture {
		let cli = CLI()
		let server: SchemaServer
		let settingsFile: URL

		init(schemaPath: String = "tryout.schema.json", files: [String: String] = [:]) throws {
			let served = cli.configHome.appendingPathComponent("served", isDirectory: true)
			try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
			server = try SchemaServer.start(serving: served)
			var all = ["tryout.schema.json": SchemaCacheCommandLineTests.schema].merging(files) { $1 }
			all["catalog.json"] = #"{"schemas": [{"name": "Tryout", "url": "\#(server.url(schemaPath))", "fileMatch": ["tryout.json"]}]}"#
			for (name, text) in all {
				try Data(text.utf8).write(to: served.appendingPathComponent(name))
			}
			settingsFile = cli.configHome.appendingPathComponent("tryout.json")
			try Data(#"{"wrap": true}"#.utf8).write(to: settingsFile)
		}

		var catalog: String { server.url("catalog.json") }

		/// `defaults-tui ARGUMENTS --catalog <served> --store tryout.json`.
		func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
			try cli.run(arguments + ["--catalog", catalog, "--store", settingsFile.path], environment: CLI.online.merging(environment) { $1 })
		}

		var cacheDirectory: URL { cli.cacheHome.appendingPathComponent("defaults-tui/schemas", isDirectory: true) }
	}

	static let schema = #"""
	{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
	 "properties": {"wrap": {"type": "boolean", "default": false}, "size": {"type": "integer", "minimum": 1, "maximum": 9, "default": 4}}}
	"""#

	@Test func aSchemaFetchedOnceIsReusedByTheNextRun() throws {
		let fixture = try Fixture()
		let first = try fixture.run(["get", "size"])
		#expect(first.status == 0 && first.output == "4\n", "\(first.errors)")
		let second = try fixture.run(["set", "size", "12"])
		#expect(second.status == 2 && second.errors.contains("9"), "the schema's maximum: \(second.errors)")
		#expect(fixture.server.requests().map(\.description) == ["/catalog.json plain 200", "/tryout.schema.json plain 200"])
	}

	@Test func theCacheIsUsedOfflineAfterTheServerStops() throws {
		let fixture = try Fixture()
		#expect(try fixture.run(["get", "size"]).output == "4\n")
		fixture.server.stop()
		let offline = try fixture.run(["get", "size", "--offline"])
		#expect(offline.status == 0 && offline.output == "4\n", "\(offline.errors)")
		// Before the command, as the options that name the settings may be.
		let first = try fixture.cli.run(["--offline", "get", "size", "--catalog", fixture.catalog, "--store", fixture.settingsFile.path], environment: CLI.online)
		#expect(first.status == 0 && first.output == "4\n", "\(first.errors)")
		let byVariable = try fixture.run(["list"], environment: ["DEFAULTS_TUI_OFFLINE": "1"])
		#expect(byVariable.status == 0 && byVariable.output.contains("size"), "\(byVariable.errors)")
	}

	@Test func offlineWithNothingCachedFailsClearlyAndChangesNothing() throws {
		let fixture = try Fixture()
		let before = try Data(contentsOf: fixture.settingsFile)
		let result = try fixture.run(["set", "size", "3", "--offline"])
		#expect(result.status == 1)
		#expect(result.errors.contains("\(fixture.catalog) cannot be read: it is not in the schema cache"), "\(result.errors)")
		#expect(result.errors.contains("there is no setting named 'size'"), "\(result.errors)")
		#expect(try Data(contentsOf: fixture.settingsFile) == before)
		#expect(fixture.server.requests().isEmpty)
		#expect(!FileManager.default.fileExists(atPath: fixture.cacheDirectory.path))
	}

	@Test func aServerThatNeverAnswersDoesNotHangACommand() throws {
		let fixture = try Fixture(schemaPath: "hang/tryout.schema.json")
		let started = ContinuousClock.now
		let result = try fixture.run(["get", "wrap"])
		let took = ContinuousClock.now - started
		#expect(took < .seconds(15), "it took \(took)")
		#expect(result.status == 0 && result.output == "true\n", "the file's own value, without the schema: \(result.errors)")
		#expect(result.errors.contains(fixture.server.url("hang/tryout.schema.json")) && result.errors.contains("did not arrive within 10 s"), "\(result.errors)")
	}

	@Test func aCycleOfReferencesFetchesEachDocumentOnce() throws {
		let first = #"{"type": "object", "properties": {"size": {"$ref": "second.json#/$defs/size"}}, "$defs": {"wrap": {"type": "boolean"}}}"#
		let second = #"{"$defs": {"size": {"type": "integer", "maximum": 9}, "back": {"$ref": "first.json#/$defs/wrap"}}}"#
		let fixture = try Fixture(schemaPath: "first.json", files: ["first.json": first, "second.json": second])
		let refused = try fixture.run(["set", "size", "12"])
		#expect(refused.status == 2, "the referenced document's maximum: \(refused.output) \(refused.errors)")
		#expect(try fixture.run(["set", "size", "7"]).status == 0)
		#expect(fixture.server.requests(for: "/first.json").count == 1)
		#expect(fixture.server.requests(for: "/second.json").count == 1)
	}

	@Test func aMissingReferencedDocumentIsNamedOnceAndAllowsAnything() throws {
		let first = #"{"type": "object", "properties": {"size": {"$ref": "gone.json#/$defs/size"}, "wrap": {"$ref": "gone.json#/$defs/wrap"}}}"#
		let fixture = try Fixture(schemaPath: "first.json", files: ["first.json": first])
		let result = try fixture.run(["set", "size", "12"])
		#expect(result.status == 0, "\(result.errors)")
		let named = result.errors.components(separatedBy: fixture.server.url("gone.json")).count - 1
		#expect(named == 1, "one message naming the document once: \(result.errors)")
		#expect(result.errors.contains("HTTP 404"))
		#expect(fixture.server.requests(for: "/gone.json").count == 1)
	}

	@Test func aSchemaThatIsNotJSONIsNamedAndTheFileIsStillEdited() throws {
		let fixture = try Fixture(schemaPath: "page.json", files: ["page.json": "<html><body>Sign in to the network</body></html>"])
		let result = try fixture.run(["set", "wrap", "false"])
		#expect(result.status == 0, "\(result.errors)")
		#expect(result.errors.contains(fixture.server.url("page.json")) && result.errors.contains("is not JSON"), "\(result.errors)")
		#expect(try String(contentsOf: fixture.settingsFile, encoding: .utf8) == #"{"wrap": false}"#)
	}

	@Test func schemasFetchFillsTheCacheForUseWithoutNetwork() throws {
		// The schema's maximum of size is in a document it refers to, fetched with it.
		let schema = #"{"type": "object", "properties": {"wrap": {"type": "boolean"}, "size": {"$ref": "types.json#/$defs/size"}}}"#
		let types = #"{"$defs": {"size": {"type": "integer", "maximum": 9, "default": 4}}}"#
		let fixture = try Fixture(files: ["tryout.schema.json": schema, "types.json": types])
		let fetched = try fixture.cli.run(["schemas", "fetch", "tryout", "--catalog", fixture.catalog], environment: CLI.online)
		#expect(fetched.status == 0, "\(fetched.errors)")
		#expect(fetched.errors.contains("fetched \(fixture.catalog)"), "\(fetched.errors)")
		#expect(fetched.errors.contains("fetched \(fixture.server.url("tryout.schema.json")) ("), "\(fetched.errors)")
		#expect(fetched.errors.contains("and 1 document it refers to"), "\(fetched.errors)")
		#expect(fetched.errors.hasSuffix("2 fetched, 0 unchanged, 0 failed\n"), "\(fetched.errors)")
		let again = try fixture.cli.run(["schemas", "fetch", "--all", "--catalog", fixture.catalog], environment: CLI.online)
		#expect(again.errors.hasSuffix("0 fetched, 2 unchanged, 0 failed\n"), "a conditional request each: \(again.errors)")
		#expect(fixture.server.requests().filter(\.conditional).count == 2)
		fixture.server.stop()
		let offline = try fixture.run(["get", "size", "--offline"])
		#expect(offline.status == 0 && offline.output == "4\n", "\(offline.errors)")
		#expect(try fixture.run(["set", "size", "12", "--offline"]).status == 2, "the referred document's maximum, offline")
	}

	@Test func processesWritingOneEntryAtOnceLeaveItWholeForTheirReaders() throws {
		let fixture = try Fixture()
		#expect(try fixture.run(["get", "size"]).output == "4\n")
		// Writers replace the entries again and again (schemas fetch always asks the server)
		// while readers read them offline: every read finds a whole entry.
		let tool = CLI.defaultsTUI.path
		let writer = "for i in 1 2 3 4 5 6 7 8; do \"$0\" schemas fetch --all --catalog \"$1\" 2>/dev/null || exit 1; done"
		let reader = "for i in 1 2 3 4 5 6 7 8 9 10 11 12; do [ \"$(\"$0\" get size --offline --catalog \"$1\" --store \"$2\")\" = 4 ] || exit 1; done"
		let variables = fixture.cli.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
		var processes: [ChildProcess] = []
		for index in 0..<6 {
			let script = index.isMultiple(of: 2) ? writer : reader
			processes.append(try ChildProcess.spawn("/bin/sh", ["-c", script, tool, fixture.catalog, fixture.settingsFile.path], environment: variables.merging(index.isMultiple(of: 2) ? CLI.online : [:]) { $1 }))
		}
		for process in processes {
			let ending = process.waitForEnd(timeout: 120)
			#expect(ending?.shellStatus == 0, "\(String(describing: ending))")
		}
		let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.cacheDirectory.path).filter { $0.hasSuffix(".tmp") }
		#expect(leftovers.isEmpty)
	}

	@Test func schemasFetchNamesWhatFailedAndExits1() throws {
		let fixture = try Fixture()
		let result = try fixture.cli.run(["schemas", "fetch", "Tryout", "Nonesuch", fixture.server.url("gone.json"), "--catalog", fixture.catalog], environment: CLI.online)
		#expect(result.status == 1)
		#expect(result.errors.contains("failed \(fixture.server.url("gone.json")): the server answered HTTP 404"), "\(result.errors)")
		#expect(result.errors.contains("failed Nonesuch: no entry of the catalogue"), "\(result.errors)")
		#expect(result.errors.contains("2 fetched, 0 unchanged, 2 failed: "), "\(result.errors)")
		let offline = try fixture.cli.run(["schemas", "fetch", "Tryout", "--catalog", fixture.catalog], environment: ["DEFAULTS_TUI_OFFLINE": "1"])
		#expect(offline.status == 1 && offline.errors.contains("nothing was fetched"), "\(offline.errors)")
	}
}
