import ArgumentParser
import Defaults
import Foundation

struct SchemaCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "schema",
		abstract: "Print the schema as JSON (the format --schema reads), or as a JSON Schema of the settings file.",
		discussion: """
		With --json-schema, prints a JSON Schema (draft 2020-12) of the settings file instead: \
		an editor that knows JSON Schema completes and checks hand edits of the file with it.

		EXAMPLES:
		  defaults-tui schema > demo-schema.json
		  defaults-tui schema --json-schema > settings.schema.json
		"""
	)

	@OptionGroup var settings: SettingsOptions

	@Flag(name: .customLong("json-schema"), help: "Print a JSON Schema (draft 2020-12) of the settings file.")
	var jsonSchema = false

	func run() throws {
		// The schema, not the values: a broken settings file matters only when the schema is inferred from it.
		let opened = try settings.open(access: .readOnly, unreadableFile: settings.store == nil ? .accepted : .refused)
		let schema = opened.schema
		if jsonSchema {
			print(schema.jsonSchema().jsonString(pretty: true), terminator: "")
		} else {
			print(schema.jsonString(), terminator: "")
		}
	}
}
