import ArgumentParser
import Defaults
import Foundation

struct ExportCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "export",
		abstract: "Write every value stored in your settings file as one JSON object, to a file or standard output.",
		discussion: """
		Only your own values are written, not the system-wide defaults or values locked \
		by an administrator (see "Settings in layers" in defaults-tui(1)). The file is created readable by you only (mode 0600), as the store is: it may \
		hold secrets. An existing file is replaced only with --force, and a symbolic \
		link is never written through. Both refusals exit with status 1.

		EXAMPLES:
		  defaults-tui export > backup.json
		  defaults-tui export backup.json
		  defaults-tui export backup.json --force
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The file to write (default: standard output).") var file: String?
	@Flag(help: "Replace the file if it exists.") var force = false

	func run() throws {
		let opened = try settings.open(access: .readOnly)
		// The user's own values (not the system-wide defaults): what is theirs to keep.
		let values = opened.layers?.user.storedValues() ?? opened.store.storedValues()
		let text = Defaults.JSONValue.object(values).jsonString(pretty: true)
		guard let file else {
			print(text, terminator: "")
			return
		}
		try PrivateFile.write(Array(text.utf8), to: file, replacing: force)
	}
}
