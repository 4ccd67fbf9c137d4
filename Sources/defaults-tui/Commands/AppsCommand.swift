import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

struct AppsCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "apps",
		abstract: "List the programs that registered their settings, which --app NAME edits.",
		discussion: """
		A program registers its settings by installing its schema as \\
		<dir>/defaults/schemas/<name>.json, <dir> being $XDG_DATA_HOME (~/.local/share) or \\
		a directory of $XDG_DATA_DIRS (/usr/local/share:/usr/share); the first found wins. \\
		Its settings are then in $XDG_CONFIG_HOME/<name>/settings.json, under its \\
		system-wide defaults and locks.

		EXAMPLES:
		  defaults-tui apps
		  defaults-tui --app notes list
		  defaults-tui apps --json | jq '.[].name'
		"""
	)

	@Flag(help: "One JSON array of objects, for scripts.") var json = false

	func run() throws {
		let rows = SettingsRegistry.programs().map(Self.row(for:))
		if json {
			let objects: [Defaults.JSONValue] = rows.map { row in
				var object: [String: Defaults.JSONValue] = ["name": .string(row.name), "schema": .string(row.schema)]
				if let title = row.title { object["title"] = .string(title) }
				if let settings = row.settings { object["settings"] = .integer(Int64(settings)) }
				if let modified = row.modified { object["modified"] = .integer(Int64(modified)) }
				if let problem = row.problem { object["problem"] = .string(problem) }
				return .object(object)
			}
			print(Defaults.JSONValue.array(objects).jsonString(pretty: true), terminator: "")
			return
		}
		guard !rows.isEmpty else {
			let places = SettingsRegistry.schemaDirectories().map(\.path).joined(separator: ", ")
			FileHandle.standardError.write(Data("defaults-tui: no program has registered its settings (a schema is looked for as <name>.json in \(places))\n".utf8))
			return
		}
		let header = ["NAME", "TITLE", "SETTINGS", "MODIFIED", "SCHEMA"]
		let table = [header] + rows.map { row in
			[row.name, row.title ?? "✗ cannot be shown", row.settings.map(String.init) ?? "", row.modified.map(String.init) ?? "", row.schema]
				.map(\.escapingControlCharacters)
		}
		printTable(table)
		// Why, in full, as --app NAME says it: a column of the table would cut it.
		for row in rows {
			guard let problem = row.problem else { continue }
			FileHandle.standardError.write(Data("defaults-tui: warning: \(problem.escapingControlCharacters)\n".utf8))
		}
	}

	/// One program's line: its schema's title and settings, and how many of them differ from their
	/// defaults; a schema that cannot be read is named with why.
	struct Row {
		var name: String
		var schema: String
		var title: String?
		var settings: Int?
		var modified: Int?
		/// Why the settings cannot be shown, in full, as `--app NAME` says it.
		var problem: String?
	}

	static func row(for program: SettingsRegistry.Program) -> Row {
		let (entry, failure) = ProgramList.entry(for: program)
		return Row(
			name: entry.name, schema: entry.location, title: entry.schema?.title, settings: entry.schema?.settings.count, modified: entry.modifiedCount,
			problem: failure?.message ?? entry.problem
		)
	}
}
