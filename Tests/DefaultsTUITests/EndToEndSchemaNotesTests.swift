import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// What the editor has to say before its screen opens (a JSON Schema's references it does not
/// follow, a program whose schema is broken) is said on the screen, where it can be read, and
/// not printed just before the screen covers it.
@Suite("The editor in a terminal: notes about schemas", .requires(.tmux), .timeLimit(.minutes(2)))
struct EndToEndSchemaNotesTests {
	/// A JSON Schema with two references to other documents.
	private static let remoteSchema = #"""
	{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {
	  "lint": {"$ref": "https://json.schemastore.org/eslintrc.json"},
	  "format": {"$ref": "https://json.schemastore.org/prettierrc.json"},
	  "port": {"type": "integer", "default": 80}}}
	"""#

	/// A schema whose default breaks its range, with a reason longer than a line.
	private static let brokenSchema = #"""
	{"title": "Broken", "sections": [{"title": "A", "settings": [{"key": "aSettingWithAVeryLongNameIndeed",
	  "title": "A", "kind": "integer", "default": 5, "minimum": 10, "maximum": 20}]}]}
	"""#

	@Test func theEditorShowsTheReferencesItDoesNotFollowOnItsMessageLine() async throws {
		let directory = try TmuxSession.scratchFile().deletingLastPathComponent()
		let schema = directory.appendingPathComponent("web.schema.json")
		let store = directory.appendingPathComponent("web.json")
		try Data(Self.remoteSchema.utf8).write(to: schema)
		try Data("{}".utf8).write(to: store)
		let session = try TmuxSession(arguments: ["--schema", schema.path, "--store", store.path])
		#expect(await session.waitForScreen { $0.contains("Port") && $0.contains("2 references ($ref) are not followed") }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		#expect(!session.transcript.contains("not followed"), "nothing was printed before the screen opened: \(session.transcript)")
	}

	@Test func whatReadingTheProgramsReportedIsShownOnTheList() async throws {
		let home = try TmuxSession.scratchFile().deletingLastPathComponent()
		let schemas = home.appendingPathComponent("data/defaults/schemas")
		try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
		try Data(Self.remoteSchema.utf8).write(to: schemas.appendingPathComponent("web.json"))
		let settings = home.appendingPathComponent("config/web/settings.json")
		try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("{ broken".utf8).write(to: settings)
		let session = try TmuxSession(environment: ["XDG_DATA_HOME": schemas.deletingLastPathComponent().deletingLastPathComponent().path,
		                                            "XDG_CONFIG_HOME": settings.deletingLastPathComponent().deletingLastPathComponent().path])
		// web's broken settings file, reported as the list read it, is on the list's message line.
		let named = String(settings.path.prefix(50))
		#expect(await session.waitForScreen { $0.contains("2 programs") && $0.contains(named) }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		#expect(!session.transcript.contains(named), "nothing was printed before the screen opened: \(session.transcript)")
		#expect(try Data(contentsOf: settings) == Data("{ broken".utf8), "the list changes no file")
	}

	@Test func theListSaysWhyAProgramCannotBeShownOnceAndInFull() async throws {
		let data = try TmuxSession.scratchFile().deletingLastPathComponent()
		let schemas = data.appendingPathComponent("defaults/schemas")
		try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
		try Data(Self.brokenSchema.utf8).write(to: schemas.appendingPathComponent("broken.json"))
		try Data(Self.remoteSchema.utf8).write(to: schemas.appendingPathComponent("web.json"))
		let session = try TmuxSession(environment: ["XDG_DATA_HOME": data.path])
		#expect(await session.waitForScreen { $0.contains("3 programs") && $0.contains("✗ its schema cannot be used") })
		#expect(!session.screen.contains("not followed"), "the list shows none of web's settings")
		try session.send("j")
		// The reason in full, over the status line and the free message line under it (the
		// schema's long path after it may be cut).
		#expect(await session.waitForScreen { screen in
			let words = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
			return words.contains(#"broken cannot be shown: its schema cannot be used: the default of "aSettingWithAVeryLongNameIndeed" (5) does not fit it: must be between 10 and 20 (schema /"#)
		}, "\(session.screen)")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("broken's settings cannot be shown: its schema cannot be used") })
		#expect(!session.screen.contains("cannot be shown: the settings of"), "said once: \(session.screen)")
		// web's settings: what its references leave out is said when they are shown.
		try session.send("j", "Enter")
		#expect(await session.waitForScreen { $0.contains("Port") && $0.contains("2 references ($ref) are not followed") }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		#expect(!session.transcript.contains("not followed"), "nothing was printed before the screen opened: \(session.transcript)")
	}
}
