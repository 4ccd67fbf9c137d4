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
		  defaults-tui get fontSize --origin     (also where the value comes from)
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The setting's key.") var key: String
	@Flag(help: "Print the value as JSON.") var json = false
	@Flag(help: "Print a secret setting's value (without it, get refuses to).") var reveal = false
	@Flag(help: "Also print where the value comes from (default, user, system FILE, locked by FILE), on a second line; with --json, an object of value and origin.")
	var origin = false

	func run() throws {
		let opened = try settings.open(access: .readOnly, watching: false)
		guard origin else {
			return try Self.printValue(of: key, json: json, reveal: reveal, in: opened)
		}
		let found = opened.origin(of: key)
		if json {
			_ = try opened.requireSetting(key)
			var object: [String: Defaults.JSONValue] = ["origin": .string(found.layer.name)]
			if let location = found.location { object["originLocation"] = .string(location) }
			if let lockedBy = found.lockedBy { object["lockedBy"] = .string(lockedBy) }
			let value = try Self.value(of: key, reveal: reveal, in: opened)
			object["value"] = value ?? .null
			print(Defaults.JSONValue.object(object).jsonString())
			return
		}
		try Self.printValue(of: key, json: false, reveal: reveal, in: opened)
		print("origin: " + ListCommand.originText(found))
	}

	/// Prints the value of `key` in `opened` (its JSON text with `json`); a secret only with `reveal`.
	static func printValue(of key: String, json: Bool, reveal: Bool, in opened: OpenedSettings) throws {
		let value = try value(of: key, reveal: reveal, in: opened)
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

	/// The value programs read for `key` (a stored value that is not valid is warned about on
	/// standard error); a secret only with `reveal`.
	static func value(of key: String, reveal: Bool, in opened: OpenedSettings) throws -> Defaults.JSONValue? {
		let setting = try opened.requireSetting(key)
		if setting.isSecret, !reveal {
			throw CommandFailure.badInput("\(key) is a secret: add --reveal to print it")
		}
		let current = SettingValue(setting: setting, stored: opened.store.storedValue(forKey: key))
		if let stored = current.stored, let problem = current.problem {
			let reads = current.hasWrongType ? "; programs read the default, printed here" : ""
			let message = "the stored value of '\(key)' (\(stored.jsonString().fitted(to: 60))) is not valid: \(problem.message)\(reads)"
			FileHandle.standardError.write(Data("defaults-tui: warning: \(message.escapingControlCharacters)\n".utf8))
		}
		return current.effective
	}
}
