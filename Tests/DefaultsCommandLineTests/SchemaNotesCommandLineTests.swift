import Defaults
import Foundation
import Testing

/// What a JSON Schema's references to other documents leave out is said once per run, in one
/// line naming the schema, and not by commands that show none of its settings.
@Suite("The command line: references a JSON Schema does not follow", .timeLimit(.minutes(2)))
struct SchemaNotesCommandLineTests {
	/// Three references to other documents (one of them twice) and one to nothing in the schema.
	static let schema = #"""
	{
	  "$schema": "http://json-schema.org/draft-07/schema#",
	  "type": "object",
	  "properties": {
	    "lint": {"$ref": "https://json.schemastore.org/eslintrc.json"},
	    "format": {"$ref": "https://json.schemastore.org/prettierrc.json"},
	    "again": {"$ref": "https://json.schemastore.org/prettierrc.json"},
	    "tasks": {"type": "object", "properties": {"build": {"$ref": "other.json#/build"}}},
	    "lost": {"$ref": "#/definitions/nowhere"},
	    "port": {"type": "integer"}
	  }
	}
	"""#

	/// The lines of `errors` that speak of references not followed.
	private func noteLines(_ errors: String) -> [Substring] {
		errors.split(separator: "\n").filter { $0.contains("not followed") }
	}

	@Test func eachCommandSaysItOnceInOneLine() throws {
		let cli = CLI()
		let schemas = cli.dataHome.appendingPathComponent("defaults/schemas")
		try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
		let schema = schemas.appendingPathComponent("web.json")
		try Data(Self.schema.utf8).write(to: schema)
		let store = cli.configHome.appendingPathComponent("web.json")
		try Data("{}".utf8).write(to: store)
		for arguments in [["list", "--schema", schema.path, "--store", store.path], ["get", "port", "--app", "web"], ["--app", "web", "list"], ["set", "port", "8080", "--app", "web"],
		                  ["schema", "--app", "web"], ["export", "--app", "web"]] {
			let result = try cli.run(arguments)
			#expect(result.status == 0, "\(arguments): \(result.errors)")
			let lines = noteLines(result.errors)
			#expect(lines.count == 1, "\(arguments): \(result.errors)")
			#expect(lines.first?.hasPrefix("defaults-tui: warning: 4 references ($ref) are not followed in the JSON Schema \(schema.path) (") == true, "\(lines)")
			#expect(lines.first?.contains("https://json.schemastore.org/eslintrc.json, https://json.schemastore.org/prettierrc.json and 1 more, in another document") == true, "\(lines)")
			#expect(lines.first?.contains("#/definitions/nowhere, pointing at nothing in the schema") == true, "\(lines)")
		}
		let apps = try cli.run("apps")
		#expect(apps.status == 0)
		#expect(noteLines(apps.errors).isEmpty, "apps shows none of the settings: \(apps.errors)")
		#expect(apps.output.contains("web"))
	}
}
