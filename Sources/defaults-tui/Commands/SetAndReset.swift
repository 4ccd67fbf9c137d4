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
		let (store, schema) = try settings.open()
		let setting = try schema.requireSetting(key)
		switch setting.parse(value) {
		case .success(let parsed):
			store.setStoredValue(parsed, forKey: key)
			try store.save()
		case .failure(let error):
			throw CommandFailure.badInput("cannot set \(key): \(error.message)")
		}
	}
}

struct Reset: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Remove the stored values of settings, so their defaults apply.",
		discussion: """
		EXAMPLES:
		  defaults-tui reset theme fontSize
		  defaults-tui reset --all
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "Reset every setting.") var all = false
	@Argument(help: "The keys to reset.") var keys: [String] = []

	func validate() throws {
		if all == !keys.isEmpty {
			throw ValidationError("give either keys or --all")
		}
	}

	func run() throws {
		let (store, schema) = try settings.open()
		let names = all ? schema.settings.map(\.key) : keys
		for name in names {
			_ = try schema.requireSetting(name) // all keys are checked before anything is removed
		}
		for name in names {
			store.removeStoredValue(forKey: name)
		}
		try store.save()
	}
}
