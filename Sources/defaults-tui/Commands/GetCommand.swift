import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

struct GetCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "get",
		abstract: "Print the value of a setting (its default when none is stored).",
		discussion: """
		EXAMPLES:
		  defaults-tui get theme
		  defaults-tui get mainWindow --json
		  defaults-tui get accessToken --reveal   (a secret)
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The setting's key.") var key: String
	@Flag(help: "Print the value as JSON.") var json = false
	@Flag(help: "Print a secret setting's value (without it, get refuses to).") var reveal = false

	func run() throws {
		try Self.printValue(of: key, json: json, reveal: reveal, in: settings.open(access: .readOnly, watching: false))
	}

	/// Prints the value of `key` in `opened` (its JSON text with `json`); a secret only with `reveal`.
	static func printValue(of key: String, json: Bool, reveal: Bool, in opened: OpenedSettings) throws {
		let store = opened.store
		let setting = try opened.requireSetting(key)
		if setting.isSecret, !reveal {
			throw CommandFailure.badInput("\(key) is a secret: add --reveal to print it")
		}
		let current = SettingValue(setting: setting, stored: store.storedValue(forKey: key))
		let value = current.effective
		if let stored = current.stored, let problem = current.problem {
			let reads = current.hasWrongType ? "; programs read the default, printed here" : ""
			let message = "the stored value of '\(key)' (\(stored.jsonString().fitted(to: 60))) is not valid: \(problem.message)\(reads)"
			FileHandle.standardError.write(Data("defaults-tui: warning: \(message.escapingControlCharacters)\n".utf8))
		}
		if json {
			print((value ?? .null).jsonString())
			return
		}
		guard let value, !value.isNull else {
			print("not set")
			return
		}
		let text = value.stringValue ?? value.jsonString()
		// Data for scripts as it is; on a terminal, control characters are shown escaped.
		print(isatty(STDOUT_FILENO) == 1 ? text.escapingControlCharacters : text)
	}
}
