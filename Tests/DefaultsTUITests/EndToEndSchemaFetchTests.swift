import ChildProcess
import Defaults
import Foundation
import SchemaServer
import Testing
import TestRequirements

/// The editor on a settings file whose schema is on a slow server: the file is shown at once by
/// its values' types, and the schema arrives in the open editor.
@Suite("The editor in a terminal: a schema fetched after the first frame", .requires(.tmux), .requires(.python3), .timeLimit(.minutes(3)))
struct EndToEndSchemaFetchTests {
	/**
	A scratch folder with a schema served on loopback behind a gate (`gate/tryout.schema.json`,
	held back until the test writes `gate.open`, so a busy machine cannot make it come before the
	first frame; its request may wait that long, `DEFAULTS_TUI_FETCH_TIMEOUT`), a catalogue
	served beside it naming it for `tryout.json`, and such a file.
	*/
	struct Fixture {
		let scratch: URL
		let served: URL
		let server: SchemaServer
		let file: URL

		init() throws {
			scratch = try TmuxSession.scratchFile().deletingLastPathComponent()
			served = scratch.appendingPathComponent("served", isDirectory: true)
			try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
			server = try SchemaServer.start(serving: served)
			let schema = #"{"title": "Tryout", "type": "object", "properties": {"wrap": {"type": "boolean"}, "size": {"type": "integer", "maximum": 9}}}"#
			try Data(schema.utf8).write(to: served.appendingPathComponent("tryout.schema.json"))
			let catalog = #"{"schemas": [{"name": "Tryout", "url": "\#(server.url("gate/tryout.schema.json"))", "fileMatch": ["tryout.json"]}]}"#
			try Data(catalog.utf8).write(to: served.appendingPathComponent("catalog.json"))
			file = scratch.appendingPathComponent("tryout.json")
			try Data(#"{"wrap": true}"#.utf8).write(to: file)
		}
	}

	@Test func theFirstFrameComesBeforeASlowSchemaWhichArrivesLater() async throws {
		let fixture = try Fixture()
		defer { fixture.server.stop() }
		let (server, served, file) = (fixture.server, fixture.served, fixture.file)

		let tmux = try TmuxSession(arguments: ["--catalog", server.url("catalog.json"), "--store", file.path], environment: ["DEFAULTS_TUI_OFFLINE": "0", "DEFAULTS_TUI_FETCH_TIMEOUT": "300"])
		var firstFrame = ""
		let early = await tmux.waitForScreen(within: 60) { screen in
			firstFrame = screen
			return screen.contains("Wrap")
		}
		#expect(early, "\(tmux.screen)")
		#expect(server.requests(for: "/tryout.schema.json").isEmpty, "the schema had not come yet when the file was shown")
		#expect(firstFrame.contains("fetching its schema") && !firstFrame.contains("Size"), "\(firstFrame)")
		try Data().write(to: served.appendingPathComponent("gate.open"))
		// Then it arrives: its own setting shows, and the title says why it was chosen.
		#expect(await tmux.waitForScreen(within: 60) { $0.contains("Tryout (catalogue)") && $0.contains("Size") }, "\(tmux.screen)")
		#expect(server.requests(for: "/tryout.schema.json").count == 1)
		try tmux.send("q")
		#expect(await tmux.waitForExit() == 0)
	}

	@Test func theListOfProgramsAndAFileOpenedFromItDoNotWaitForASlowSchema() async throws {
		let fixture = try Fixture()
		defer { fixture.server.stop() }
		let (scratch, server, served) = (fixture.scratch, fixture.server, fixture.served)
		// A catalogue at hand (a file), whose schema for tryout.json is held back until the test opens the gate.
		let catalog = scratch.appendingPathComponent("catalog.json")
		try Data(#"{"schemas": [{"name": "Tryout", "url": "\#(server.url("gate/tryout.schema.json"))", "fileMatch": ["tryout.json"]}]}"#.utf8).write(to: catalog)
		let config = scratch.appendingPathComponent("config", isDirectory: true)
		try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
		try Data(#"{"wrap": true}"#.utf8).write(to: config.appendingPathComponent("tryout.json"))

		let tmux = try TmuxSession(arguments: ["--catalog", catalog.path], environment: ["DEFAULTS_TUI_OFFLINE": "0", "DEFAULTS_TUI_FETCH_TIMEOUT": "300", "XDG_CONFIG_HOME": config.path])
		#expect(await tmux.waitForScreen(within: 60) { $0.contains("2 programs") }, "\(tmux.screen)")
		#expect(server.requests(for: "/tryout.schema.json").isEmpty, "the list was shown before the schema came")
		try tmux.send("Down")
		try tmux.send("Enter")
		#expect(await tmux.waitForScreen(within: 60) { $0.contains("fetching its schema") }, "\(tmux.screen)")
		#expect(server.requests(for: "/tryout.schema.json").isEmpty, "the file was shown before the schema came")
		try Data().write(to: served.appendingPathComponent("gate.open"))
		#expect(await tmux.waitForScreen(within: 60) { $0.contains("Tryout (catalogue)") && $0.contains("Size") }, "\(tmux.screen)")
		try tmux.send("q")
		#expect(await tmux.waitForExit() == 0)
	}

	@Test func theLinePromptsComeBeforeASlowSchemaWhichIsSaidToArrive() async throws {
		let fixture = try Fixture()
		defer { fixture.server.stop() }
		let (server, served, file) = (fixture.server, fixture.served, fixture.file)

		let tmux = try TmuxSession(arguments: ["--catalog", server.url("catalog.json"), "--store", file.path], environment: ["DEFAULTS_TUI_OFFLINE": "0", "DEFAULTS_TUI_FETCH_TIMEOUT": "300", "TERM": "dumb"])
		// The first prompt, the file's settings by their values' types, while the schema is held back.
		#expect(await tmux.waitForScreen(within: 60) { $0.contains("Wrap") && $0.contains("Setting (") && $0.contains("fetching its schema") }, "\(tmux.transcript)")
		#expect(server.requests(for: "/tryout.schema.json").isEmpty, "the prompt came before the schema")
		try Data().write(to: served.appendingPathComponent("gate.open"))
		// It is said between prompts when it comes, and the settings are the schema's.
		#expect(await tmux.waitForScreen(within: 60) { $0.contains("The schema Tryout arrived: 2 settings.") }, "\(tmux.transcript)")
		try tmux.type("l")
		try tmux.send("Enter")
		#expect(await tmux.waitForScreen(within: 60) { $0.contains("Size") }, "\(tmux.transcript)")
		try tmux.type("q")
		try tmux.send("Enter")
		#expect(await tmux.waitForExit() == 0)
	}
}
