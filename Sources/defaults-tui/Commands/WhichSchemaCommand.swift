import ArgumentParser
import Defaults
import DefaultsSchema
import Foundation

struct WhichSchemaCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "which-schema",
		abstract: "Print which JSON Schema a settings file has, and why.",
		discussion: """
		Prints one line: the schema's URL or path, a tab, and why it was chosen. The schema is, \
		in this order: --schema's; the one the file names (a "$schema" member of a JSON file's \
		top object; a "#:schema URL" comment among the comments before a TOML file's first key; \
		a "# yaml-language-server: $schema=URL" comment in a YAML file), a relative path taken \
		from the file's folder; a registered program's, when the file is its settings file \
		($XDG_CONFIG_HOME/<program>/settings.*); the catalogue's (see --catalog) whose \
		fileMatch pattern matching the file is the most specific: more folders named, then a \
		name without wildcards, then more literal characters. When schemas of two entries match \
		equally well none is chosen and both are named; patterns that say no more than a format \
		(*.json, *.yml) choose none. Every command that takes --store finds a file's schema so.

		Exit status: 0 when a schema was found; 1 when none was (the line then starts with \
		"none", a tab, and why not: no pattern matches, ambiguous patterns, or the catalogue \
		cannot be read), so that `if defaults-tui which-schema FILE` tests for one.

		EXAMPLES:
		  defaults-tui which-schema ~/.config/starship.toml
		    prints https://starship.rs/config-schema.json<TAB>catalogue: …
		  defaults-tui which-schema .github/workflows/ci.yml | cut -f1
		"""
	)

	@Argument(help: "The settings file (it need not exist: its name and folder may say its schema).")
	var file: String

	@Option(name: .long, help: ArgumentHelp("A schema to use, which comes first.", valueName: "file"))
	var schema: String?

	@Option(name: .long, help: ArgumentHelp("The file's format when its ending does not say it (json, toml or yaml): which reference to look for.", valueName: "format"))
	var format: String?

	@OptionGroup(title: "schemas")
	var catalogOptions: CatalogOptions

	@OptionGroup(title: "schemas")
	var networkOptions: NetworkOptions

	func run() throws {
		if let format { try SettingsOptions.checkFormat(format) }
		let fileFormat = try SettingsFileFormats.format(ofStore: file, named: format, document: nil)
		var isDirectory: ObjCBool = false
		if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
			throw CommandFailure.notFound("\(file) is a directory, not a settings file")
		}
		let lookup = SchemaSources.locator(catalog: catalogOptions.catalog).locate(file: file, syntax: SchemaSources.syntax(of: fileFormat), option: schema)
		// Control characters of a name or reason shown escaped, the tab between them kept.
		print(lookup.line.split(separator: "\t", maxSplits: 1).map { String($0).escapingControlCharacters }.joined(separator: "\t"))
		if lookup.location == nil {
			Foundation.exit(1)
		}
	}
}
