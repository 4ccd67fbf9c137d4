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
		  defaults-tui get 'jobs.build.steps[0].run' --store ci.yml   (a member or item, by its path)
		  defaults-tui get 'rules["react/prop-types"]' --store .eslintrc.json
		  defaults-tui get scripts --store package.json   (a list or object prints as JSON)

		KEY is a setting's key, else a top-level key of the file, else a path: members \
		joined with dots, items counted from 0 in brackets, any other name in brackets and \
		double quotes. A path that leads nowhere exits with status 1 and says what is there.
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: ArgumentHelp("The setting's key, or the path of a member or item (jobs.build.steps[0].run).", valueName: "key")) var key: String
	@Flag(help: "Print the value as JSON.") var json = false
	@Flag(help: "Print a secret setting's value (without it, get refuses to).") var reveal = false
	@Flag(help: "Also print where the value comes from (default, user, system FILE, locked by FILE), on a second line; with --json, an object of value and origin.")
	var origin = false

	func run() throws {
		let opened = try settings.open(access: .readOnly, watching: false)
		guard origin else {
			return try Self.printValue(of: key, json: json, reveal: reveal, in: opened)
		}
		let address = try opened.address(of: key)
		let found = address.opened.origin(of: address.setting.key)
		if json {
			var object: [String: Defaults.JSONValue] = ["origin": .string(found.layer.name)]
			if let location = found.location { object["originLocation"] = .string(location) }
			if let lockedBy = found.lockedBy { object["lockedBy"] = .string(lockedBy) }
			let value = try Self.value(of: key, reveal: reveal, at: address)
			object["value"] = value ?? .null
			print(Defaults.JSONValue.object(object).jsonString())
			return
		}
		try Self.printValue(of: key, json: false, reveal: reveal, in: address.opened)
		print("origin: " + ListCommand.originText(found))
	}

	/// Prints the value of `key` in `opened` (its JSON text with `json`); a secret only with `reveal`.
	static func printValue(of key: String, json: Bool, reveal: Bool, in opened: OpenedSettings) throws {
		let value = try value(of: key, reveal: reveal, at: opened.address(of: key))
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

	/// The value programs read for `key`, found at `address` (a stored value that is not valid
	/// is warned about on standard error); a secret only with `reveal`.
	static func value(of key: String, reveal: Bool, at address: SettingAddress) throws -> Defaults.JSONValue? {
		let setting = address.setting
		if setting.isSecret, !reveal {
			throw CommandFailure.badInput("\(key) is a secret: add --reveal to print it")
		}
		let current = SettingValue(setting: setting, stored: address.opened.store.storedValue(forKey: setting.key))
		if let stored = current.stored, let problem = current.problem {
			let reads = current.hasWrongType ? "; programs read the default, printed here" : ""
			let message = "the stored value of '\(key)' (\(stored.jsonString().fitted(to: 60))) is not valid: \(problem.message)\(reads)"
			FileHandle.standardError.write(Data("defaults-tui: warning: \(message.escapingControlCharacters)\n".utf8))
		}
		return current.effective
	}
}
