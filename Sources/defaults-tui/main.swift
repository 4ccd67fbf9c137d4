import Defaults
import DefaultsTUI
import Foundation

// The executable: with no arguments, the settings editor on the built-in demo
// settings, kept in defaults-tui's standard store. The scriptable commands
// (list, get, set, reset, watch, export, import) are still to come.

let usage = """
USAGE: defaults-tui [edit] [--schema FILE] [--store FILE]
       defaults-tui schema [--schema FILE]

  edit      Open the settings editor (the default). Without --schema, the
            built-in demo settings of "Harbor Notes".
  schema    Print the schema as JSON (the format --schema reads).

OPTIONS:
  --schema FILE   A schema file (see README, "Schema files").
  --store FILE    The JSON settings file to edit. Default: the standard store,
                  ~/.config/defaults-tui/settings.json (or $XDG_CONFIG_HOME).
  -h, --help      Show this help.

Exit status: 0 on success, 1 on a runtime error, 2 on bad input.

"""

func fail(_ message: String, status: Int32) -> Never {
	FileHandle.standardError.write(Data("defaults-tui: \(message)\n".utf8))
	exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var command = "edit"
var schemaPath: String?
var storePath: String?
if let first = arguments.first, !first.hasPrefix("-") {
	command = first
	arguments.removeFirst()
}
while !arguments.isEmpty {
	let argument = arguments.removeFirst()
	switch argument {
	case "-h", "--help":
		print(usage, terminator: "")
		exit(0)
	case "--schema", "--store":
		guard let value = arguments.first, !value.isEmpty else { fail("\(argument) needs a file path\n\n\(usage)", status: 2) }
		arguments.removeFirst()
		if argument == "--schema" { schemaPath = value } else { storePath = value }
	default:
		fail("unknown argument '\(argument)'\n\n\(usage)", status: 2)
	}
}
guard ["edit", "schema"].contains(command) else {
	fail("unknown command '\(command)'; the commands are edit and schema (the others are not built yet)\n\n\(usage)", status: 2)
}

FileStore.applicationName = "defaults-tui"
let store: FileStore = storePath.map { FileStore(url: URL(fileURLWithPath: $0)) } ?? .standard
let schema: SettingsSchema
if let schemaPath {
	do {
		schema = try SettingsSchema.load(from: URL(fileURLWithPath: schemaPath))
	} catch {
		fail("\(error)", status: 1)
	}
} else {
	schema = DemoSettings.schema(store: store)
}

switch command {
case "schema":
	print(schema.jsonString(), terminator: "")
default:
	do {
		try TerminalEditor(schema: schema, store: store).run()
		try store.flush()
	} catch {
		fail("\(error)", status: 1)
	}
}
