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
