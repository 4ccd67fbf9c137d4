import ArgumentParser

/// `defaults-tui schemas`: the schema cache (`schemas fetch` fills it ahead).
struct SchemasCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "schemas",
		abstract: "Work with the cache of schemas and catalogues fetched from the web.",
		discussion: """
		Schemas, catalogues and the documents schemas refer to are fetched over http(s) when \
		first needed and kept in $XDG_CACHE_HOME/defaults-tui/schemas (~/.cache unless set) \
		with their ETag and Last-Modified; a copy is used at once, and asked about again (a \
		conditional request) once it is a day old. With --offline (or DEFAULTS_TUI_OFFLINE=1) \
		the network is never used: what is cached is used however old, and what is not is gone \
		without, saying so. schemas fetch fills the cache ahead, for a machine without network.
		""",
		subcommands: [SchemasFetchCommand.self]
	)
}
