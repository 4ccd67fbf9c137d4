import ArgumentParser
import Defaults
import Foundation

struct ResetCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "reset",
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
		try Self.reset(all ? nil : keys, in: settings.open(access: .readWrite, watching: false))
	}

	/// Removes the stored values of `keys` (of every setting when `nil`), and saves.
	static func reset(_ keys: [String]?, in opened: OpenedSettings) throws {
		let (store, schema) = (opened.store, opened.schema)
		let names = keys ?? schema.settings.map(\.key)
		for name in names {
			_ = try opened.requireSetting(name) // all keys are checked before anything is removed
		}
		for name in names {
			store.removeStoredValue(forKey: name)
		}
		try opened.save()
	}
}
