import ArgumentParser
import Defaults
import Foundation

struct Get: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Print the value of a setting (its default when none is stored).",
		discussion: """
		EXAMPLES:
		  defaults-tui get theme
		  defaults-tui get mainWindow --json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The setting's key.") var key: String
	@Flag(help: "Print the value as JSON.") var json = false

	func run() throws {
		let opened = try settings.open(access: .readOnly)
		let store = opened.store
		let setting = try opened.requireSetting(key)
		let value = store.storedValue(forKey: key) ?? setting.defaultValue
		if json {
			print((value ?? .null).jsonString())
		} else {
			guard let value, !value.isNull else {
				print("not set")
				return
			}
			print(value.stringValue ?? value.jsonString())
		}
	}
}
