import ArgumentParser
import Defaults
import Foundation

struct Set: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Change a setting; the value is checked against its type, range and choices.",
		discussion: """
		Booleans take true/false, yes/no, on/off or 1/0; choices take a title or value; \
		text needs no quotes; lists and objects are JSON. A bad value changes nothing \
		and exits with status 2.

		EXAMPLES:
		  defaults-tui set launchAtLogin yes
		  defaults-tui set theme dark
		  defaults-tui set spellingLanguages '["en", "de"]'
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The setting's key.") var key: String
	@Argument(help: "The new value.") var value: String

	func run() throws {
		let opened = try settings.open(access: .readWrite)
		let store = opened.store
		let setting = try opened.requireSetting(key)
		switch setting.parse(value) {
		case .success(let parsed):
			store.setStoredValue(parsed, forKey: key)
			try store.save()
		case .failure(let error):
			throw CommandFailure.badInput("cannot set \(key): \(error.message)")
		}
	}
}
