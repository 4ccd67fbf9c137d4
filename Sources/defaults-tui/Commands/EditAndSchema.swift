import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

struct Edit: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Open the settings editor (the default command).",
		discussion: """
		EXAMPLES:
		  defaults-tui edit
		  defaults-tui edit --schema myapp-schema.json --store ~/.config/myapp/settings.json
		"""
	)

	@OptionGroup var settings: SettingsOptions

	func run() throws {
		let (store, schema) = try settings.open()
		do {
			try TerminalEditor(schema: schema, store: store).run()
		} catch {
			throw CommandFailure.failed("\(error)")
		}
		try store.save()
	}
}

struct Schema: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Print the schema as JSON (the format --schema reads).",
		discussion: """
		EXAMPLES:
		  defaults-tui schema > demo-schema.json
		"""
	)

	@OptionGroup var settings: SettingsOptions

	func run() throws {
		let (_, schema) = try settings.open()
		print(schema.jsonString(), terminator: "")
	}
}
