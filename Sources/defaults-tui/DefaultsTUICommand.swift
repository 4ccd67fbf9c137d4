import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

/// `defaults-tui`: the settings editor by default, and scriptable commands.
@main
struct DefaultsTUICommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "defaults-tui",
		abstract: "Edit typed settings: the editor in a terminal, or one command at a time.",
		// Words must follow the store's path in its paragraph: the help's line wrapping
		// mishandles an overlong word that ends a paragraph.
		discussion: """
		With no command, opens the editor. When programs have registered their settings \
		(defaults-tui apps lists them) and no option names the settings, it opens on the \
		list of programs, the built-in demo among them: Enter opens one, Esc comes back, \
		and / searches every program's settings by title, key and help. Otherwise, \
		without --schema and --store, it edits the built-in demo settings, kept in \
		\(SettingsOptions.defaultStorePath) unless --store names another file. With --etcd URL --prefix /myapp/ every command and the \
		editor work on the settings in etcd instead, one key <prefix><name> per setting \
		holding its JSON text; the editor shows other machines' changes as they happen.

		The demo settings are the program defaults-tui's own, read in layers as every \
		program's settings are: an administrator's locks (<dir>/defaults-tui/locks for \
		each <dir> of $XDG_CONFIG_DIRS, /etc/xdg unless set: one key per line, \
		"name*" locks every key starting with "name"), then your file, then the \
		system-wide defaults (<dir>/defaults-tui/settings.json, the first directory \
		wins), then the declared default. Every change is written to your file; a \
		locked setting cannot be changed. list shows where each value comes from, and \
		get --origin says it for one. With --store or --etcd the settings are that \
		file's or those keys' alone.

		defaults-tui FILE opens a settings file as --store FILE does (a word that is no \
		command and has a /, a settings ending or names a file here; ./list for a file named \
		like a command). A file's schema is --schema's, else the one it names ($schema in \
		JSON, #:schema in TOML, yaml-language-server in YAML), else a registered program's, \
		else the catalogue's (--catalog); defaults-tui which-schema FILE says which and why.

		Programs that register their settings (defaults-tui apps lists them) are edited \
		by name with --app NAME. --schema takes a JSON Schema of a settings file too: each \
		property is a setting, a nested object a group whose settings are dotted paths \
		(compilerOptions.strict). The options that say which settings are edited may come \
		before the command: defaults-tui --app notes list.

		Exit status: 0 on success, 1 when a key or file is not found, a setting is \
		locked, export would replace a file without --force, etcd cannot be reached, \
		or something fails, 2 for bad input (a value that does not fit, an unknown option \
		or command).

		EXAMPLES:
		  defaults-tui                              Open the editor on the demo settings.
		  defaults-tui list --modified              Show the settings that differ from their default.
		  defaults-tui set fontSize 18              Change a setting (checked against its type and range).
		  defaults-tui watch                        Print each change as it happens.
		  defaults-tui starship.toml                Edit a settings file, with the schema found for it.
		  defaults-tui --store app.json             Edit any JSON settings file.
		  defaults-tui --store starship.toml set add_newline false
		                                            Change a TOML (or YAML) file in place, keeping its comments.
		  defaults-tui --etcd http://127.0.0.1:2379 --prefix /myapp/ --schema myapp.json
		                                            Edit a fleet's settings in etcd, live.
		""",
		version: toolVersion,
		subcommands: [EditCommand.self, ListCommand.self, GetCommand.self, SetCommand.self, ResetCommand.self, WatchCommand.self, ExportCommand.self, ImportCommand.self, SchemaCommand.self, WhichSchemaCommand.self, SchemasCommand.self, AppsCommand.self],
		defaultSubcommand: EditCommand.self
	)

	/// The version `defaults-tui --version` prints: this one place says it.
	static let toolVersion = "0.5.0"

	/// The options that say which settings are edited.
	static let selectionOptions: Set<String> = ["--app", "--store", "--format", "--document", "--schema", "--catalog", "--etcd", "--prefix"]
	/// The flags that may come before the command as those options do (they take no value).
	static let selectionFlags: Set<String> = ["--offline"]

	/**
	The arguments with the options that say which settings are edited moved after the command
	when they come before it, as `git -C DIR` and `kubectl --context` take theirs:
	`--store f.json list` is `list --store f.json`. Anything else is left as it is.
	*/
	static func commandFirst(_ arguments: [String]) -> [String] {
		guard let index = indexAfterSelectionOptions(arguments) else { return arguments }
		// The command names are looked up only when options came first: every start takes this path.
		guard index > 0, index < arguments.count,
		      configuration.subcommands.contains(where: { $0.configuration.commandName == arguments[index] })
		else { return arguments }
		return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
	}

	/**
	The arguments with a settings file named where a command's name would be (`defaults-tui
	starship.toml`, or after `edit`) given as `--store FILE`, as `vim FILE` names its file. A word
	names a file when it is no command's name and has a `/`, a settings file's ending or is a file
	here (``CommandWords/namesFile(_:)``): `list` is the command even beside a file named so, and
	`./list` the file. Left alone when `--store`, `--app` or `--etcd` names the settings already.
	*/
	static func fileAsStore(_ arguments: [String]) -> [String] {
		// The commands scripts run in loops name no file: they pass at once (`get fontSize`).
		if let first = arguments.first, OneShotCommand.isCommand(first) { return arguments }
		guard var index = indexAfterSelectionOptions(arguments), index < arguments.count else { return arguments }
		let named = arguments[..<index].contains { argument in ["--store", "--app", "--etcd"].contains { argument == $0 || argument.hasPrefix($0 + "=") } }
		guard !named else { return arguments }
		if arguments[index] == "edit" { index += 1 }
		guard index < arguments.count, CommandWords.namesFile(arguments[index]) else { return arguments }
		return Array(arguments[..<index]) + ["--store", arguments[index]] + arguments[(index + 1)...]
	}

	/// Where the arguments go on after the options that say which settings are edited, when they
	/// come first (0 when none does); `nil` when the last of them lacks its value.
	static func indexAfterSelectionOptions(_ arguments: [String]) -> Int? {
		var index = 0
		while index < arguments.count {
			let argument = arguments[index]
			let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
			if selectionFlags.contains(argument) {
				index += 1
				continue
			}
			guard selectionOptions.contains(name) else { break }
			if argument.contains("=") {
				index += 1
			} else {
				guard index + 1 < arguments.count else { return nil }
				index += 2
			}
		}
		return index
	}

	/// Parses, runs, and maps errors to the documented exit statuses (2 for usage errors, not 64).
	static func main() {
		Defaults.problemHandler = { problem in
			FileHandle.standardError.write(Data("defaults-tui: warning: \(problem.message)\n".utf8))
		}
		let arguments = commandFirst(fileAsStore(Array(CommandLine.arguments.dropFirst())))
		let oneShot = OneShotCommand.parse(arguments)
		// A change not yet saved when SIGTERM, SIGINT or SIGHUP comes is saved before the signal
		// ends the process (get and list change nothing: they do without the thread this starts).
		// The editor and watch catch these signals themselves while they run.
		if oneShot?.changesTheStore ?? true {
			Defaults.saveOnTerminationSignals()
		}
		do {
			if let oneShot {
				try oneShot.run()
			} else {
				// A misspelt command, or help on a command there is not (the one-shot commands are not).
				if let failure = CommandWords.problem(in: arguments) { throw failure }
				var command = try parseAsRoot(arguments)
				try command.run()
			}
		} catch let failure as CommandFailure {
			FileHandle.standardError.write(Data("defaults-tui: \(failure.message)\n".utf8))
			Foundation.exit(failure.status)
		} catch {
			let code = exitCode(for: error)
			if code == .success {
				exit(withError: error)
			}
			FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
			Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
		}
	}
}

/// An error with the exit status it calls for.
struct CommandFailure: Error {
	let message: String
	let status: Int32
	/// Why, without the words that name what failed, for a place that names it already (the
	/// list of programs names the program); `nil` when the message is all there is.
	var reason: String?

	init(message: String, status: Int32) {
		self.message = message
		self.status = status
	}

	static func notFound(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 1) }
	static func badInput(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 2) }
	static func failed(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 1) }
}
