import ArgumentParser
import Defaults
import Foundation

struct Export: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Write every stored value as one JSON object, to a file or standard output.",
		discussion: """
		EXAMPLES:
		  defaults-tui export > backup.json
		  defaults-tui export backup.json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The file to write (default: standard output).") var file: String?

	func run() throws {
		let store = try settings.open(access: .readOnly).store
		let text = Defaults.JSONValue.object(store.storedValues()).jsonString(pretty: true)
		guard let file else {
			print(text, terminator: "")
			return
		}
		do {
			try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
		} catch {
			throw CommandFailure.failed("cannot write \(file): \((error as NSError).localizedDescription)")
		}
	}
}
