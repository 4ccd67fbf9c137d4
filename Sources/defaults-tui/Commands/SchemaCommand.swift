import ArgumentParser
import Defaults
import Foundation

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
		let schema = try settings.open(access: .readOnly).schema
		print(schema.jsonString(), terminator: "")
	}
}
