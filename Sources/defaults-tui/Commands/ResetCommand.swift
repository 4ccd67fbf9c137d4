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
		var names = keys ?? schema.settings.map(\.key)
		for name in names {
			_ = try opened.requireSetting(name) // all keys are checked before anything is removed
		}
		if keys != nil {
			try opened.refuseLocked(names, doing: "reset")
		} else if let layers = opened.layers {
			// --all resets what can be reset, and says what an administrator's lock keeps.
			let locked = names.filter { layers.lockingFile(forKey: $0) != nil }
			names.removeAll { locked.contains($0) }
			if !locked.isEmpty {
				let files = Set(locked.compactMap { layers.lockingFile(forKey: $0) }).sorted().joined(separator: ", ")
				FileHandle.standardError.write(Data("defaults-tui: note: left \(locked.joined(separator: ", ")) as \(locked.count == 1 ? "it is" : "they are"): locked by \(files)\n".utf8))
			}
		}
		for name in names {
			store.removeStoredValue(forKey: name)
		}
		try opened.save()
	}
}
