/**
The commands scripts, prompts and status bars call in loops (`get`, `list`, `set`, `reset`) in
their plain forms, recognised without ArgumentParser.

ArgumentParser learns a command's options by reflecting over every option group of the command
tree and instantiating each option's generic type at run time; in a program this size each such
step searches every protocol conformance the binary holds, and parsing `get fontSize` cost about
15 million instructions, three times what the command itself does. This parser knows just the
options these commands take on a settings file (`--store`, `--format`, `--schema`, `--catalog`, `--app` and each command's flags,
anywhere after the command's name, once each, `--name value` or `--name=value`).

Whatever it does not take in full (help, `--etcd`, a value or key that starts with a dash, a
repeated option, a word too many or too few) makes ``parse(_:)`` return `nil`, and ArgumentParser
parses the line as before: help, completions and every message stay ArgumentParser's. A test
checks that whatever this parser takes, ArgumentParser takes too, as the same command and values.
*/
struct OneShotCommand: Equatable {
	/// What to do, with the command's own arguments.
	enum Action: Equatable {
		case get(key: String, json: Bool, reveal: Bool)
		case list(modified: Bool, json: Bool, reveal: Bool)
		case set(key: String, value: String)
		/// `keys` is `nil` for `--all`.
		case reset(keys: [String]?)
	}

	var action: Action
	/// `--schema`'s file.
	var schema: String? = nil
	/// `--store`'s file.
	var store: String? = nil
	/// `--app`'s program.
	var app: String? = nil
	/// `--format`'s name of the store's format.
	var format: String? = nil
	/// `--catalog`'s catalogue.
	var catalog: String? = nil

	/// The flags command `name` takes, or `nil` when it is not one of these commands. (A switch:
	/// a dictionary of sets costs more to build here than the whole parse.)
	private static func flags(of name: String) -> [String]? {
		switch name {
		case "get": ["--json", "--reveal"]
		case "list": ["--modified", "--json", "--reveal"]
		case "set": []
		case "reset": ["--all"]
		default: nil
		}
	}

	/// Whether `name` is one of the commands this parser knows (`get`, `list`, `set`, `reset`).
	static func isCommand(_ name: String) -> Bool {
		flags(of: name) != nil
	}

	/// Whether the command changes the store (and so should save on SIGTERM, SIGINT or SIGHUP).
	var changesTheStore: Bool {
		switch action {
		case .get, .list: false
		case .set, .reset: true
		}
	}

	/// The command `arguments` (without the program's name) stand for, or `nil` for ArgumentParser.
	static func parse(_ arguments: [String]) -> OneShotCommand? {
		guard let name = arguments.first, let allowedFlags = flags(of: name) else { return nil }
		var given: [String] = []
		var words: [String] = []
		var options: [String: String] = [:]
		var remaining = arguments.dropFirst()
		while let argument = remaining.popFirst() {
			guard argument.hasPrefix("-") else {
				// ArgumentParser treats `help` as a request for help in some places: leave it to it.
				guard argument != "help" else { return nil }
				words.append(argument)
				continue
			}
			if allowedFlags.contains(argument) {
				guard !given.contains(argument) else { return nil }
				given.append(argument)
				continue
			}
			let (option, inlineValue) = splitOption(argument)
			guard option == "--store" || option == "--schema" || option == "--app" || option == "--format" || option == "--catalog", options[option] == nil else { return nil }
			guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
			options[option] = value
		}
		guard let action = action(name, words: words, flags: given) else { return nil }
		// --app with another option is refused by ArgumentParser, with its message.
		if options["--app"] != nil, options.count > 1 { return nil }
		// --format without --store, or naming no format, is refused by ArgumentParser, with its message.
		if let format = options["--format"], options["--store"] == nil || SettingsFileFormats.format(named: format) == nil { return nil }
		return OneShotCommand(action: action, schema: options["--schema"], store: options["--store"], app: options["--app"], format: options["--format"], catalog: options["--catalog"])
	}

	/// The action of command `name` with these words and flags, or `nil` when they do not fit it.
	private static func action(_ name: String, words: [String], flags: [String]) -> Action? {
		switch (name, words.count) {
		case ("get", 1): .get(key: words[0], json: flags.contains("--json"), reveal: flags.contains("--reveal"))
		case ("list", 0): .list(modified: flags.contains("--modified"), json: flags.contains("--json"), reveal: flags.contains("--reveal"))
		case ("set", 2): .set(key: words[0], value: words[1])
		case ("reset", 0) where flags.contains("--all"): .reset(keys: nil)
		case ("reset", 1...) where !flags.contains("--all"): .reset(keys: words)
		default: nil
		}
	}

	/// `--name=value` as its name and value; any other argument as itself and no value.
	private static func splitOption(_ argument: String) -> (String, String?) {
		guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
		return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
	}

	/// Runs the command as its ArgumentParser twin would.
	func run() throws {
		switch action {
		case .get(let key, let json, let reveal):
			let opened = try SettingsOptions.openFile(schema: schema, store: store, format: format, app: app, catalog: catalog, access: .readOnly, watching: false, setting: key)
			try GetCommand.printValue(of: key, json: json, reveal: reveal, in: opened)
		case .list(let modified, let json, let reveal):
			try ListCommand.printSettings(
				of: SettingsOptions.openFile(schema: schema, store: store, format: format, app: app, catalog: catalog, access: .readOnly, watching: false), modified: modified, json: json, reveal: reveal
			)
		case .set(let key, let value):
			try SetCommand.set(key, to: value, in: SettingsOptions.openFile(schema: schema, store: store, format: format, app: app, catalog: catalog, access: .readWrite, watching: false))
		case .reset(let keys):
			try ResetCommand.reset(keys, in: SettingsOptions.openFile(schema: schema, store: store, format: format, app: app, catalog: catalog, access: .readWrite, watching: false))
		}
	}
}
