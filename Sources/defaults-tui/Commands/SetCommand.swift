import ArgumentParser
import Defaults
import Foundation

struct SetCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "set",
		abstract: "Change a setting; the value is checked against its type, range and choices.",
		usage: "defaults-tui set <key> <value> [--schema <file>] [--store <file> [--create] | --etcd <url> --prefix <prefix>]",
		discussion: """
		Booleans take true/false, yes/no, on/off or 1/0; choices take a title or value; \
		text needs no quotes; lists and objects are JSON. A value may start with a dash \
		(-5), and options may come before or after the key and value. A bad value \
		changes nothing and exits with status 2.

		EXAMPLES:
		  defaults-tui set launchAtLogin yes
		  defaults-tui set theme dark
		  defaults-tui set syncInterval -5
		  defaults-tui set spellingLanguages '["en", "de"]'
		  defaults-tui set --create retries 3 --store app.json   (a new key, in a file without a schema)
		  defaults-tui set theme dark --etcd http://10.0.0.1:2379 --prefix /myapp/ --schema myapp-schema.json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "Add the key when the file has no such setting (only without --schema): the value is JSON, or else text.")
	var create = false
	@Argument(help: "The setting's key.") var key: String
	// Collected from whatever the parser does not recognize as an option, so that a value
	// starting with a dash (-5, -2.5) is a value rather than an unknown option; validate()
	// checks there is exactly one. A `--` terminator before it is collected too, and skipped.
	@Argument(parsing: .allUnrecognized, help: ArgumentHelp("The new value; it may start with a dash.", valueName: "value"))
	var collectedValues: [String] = []

	/// The values after the key, without a `--` that ended the options.
	var values: ArraySlice<String> {
		collectedValues.first == "--" ? collectedValues.dropFirst() : collectedValues[...]
	}

	func validate() throws {
		guard values.count == 1 else {
			if values.isEmpty {
				throw ValidationError("Missing expected argument '<value>'")
			}
			let listed = values.map { "'\($0)'" }.joined(separator: ", ")
			throw ValidationError("expected one value after the key, not \(values.count): \(listed) (is one of them a misspelt option?)")
		}
	}

	func run() throws {
		let opened = try settings.open(access: .readWrite, watching: false)
		if create {
			guard opened.isInferred else {
				throw CommandFailure.badInput("--create adds keys to a settings file without a schema (--store FILE); these settings have a schema, which says what they are")
			}
			if opened.schema.setting(forKey: key) == nil {
				// A new key's kind comes from its value, as a schema-less file's keys do: JSON, else text.
				let text = values.first ?? ""
				let value = (try? Defaults.JSONValue(parsing: Array(text.utf8))) ?? .string(text)
				opened.store.setStoredValue(value, forKey: key)
				return try opened.save()
			}
		}
		try Self.set(key, to: values.first ?? "", in: opened)
	}

	/// Sets `key` to the value `text` stands for, and saves; a value that does not fit is bad input.
	static func set(_ key: String, to text: String, in opened: OpenedSettings) throws {
		let setting = try opened.requireSetting(key)
		try opened.refuseLocked([key], doing: "set")
		switch setting.parse(text) {
		case .success(let parsed):
			// A member of an object: the object as a whole must still fit its schema.
			if let problem = opened.schema.problem(writing: parsed, to: setting, in: opened.store) {
				throw CommandFailure.badInput("cannot set \(key): \(problem.message)")
			}
			opened.store.setStoredValue(parsed, forKey: key)
			try opened.save()
		case .failure(let error):
			throw CommandFailure.badInput("cannot set \(key): \(error.message)")
		}
	}
}
