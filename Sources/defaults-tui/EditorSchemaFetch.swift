import Defaults
import DefaultsSchema
import DefaultsTUI
import Foundation

/**
The editor's settings file opened without waiting on the network: its schema (and the catalogue,
and the documents the schema refers to) is read from what is at hand, and when anything was
missing or old the file is shown at once by its values' types (or by the cached schema) while a
thread fetches it; the schema then arrives in the open editor (``SchemaArrival``). Commands wait
for their fetches instead (within ``SchemaFetchLimits``).
*/
enum EditorSchemaFetch {
	/// What the title says while the schema is being fetched.
	static let fetchingNote = "fetching its schema…"

	/// The settings `options` name, opened for the full-screen editor, with the problems reported
	/// meanwhile, and where a schema fetched later arrives (`nil` when nothing is fetched).
	static func open(_ options: SettingsOptions) throws -> (OpenedSettings, [Defaults.Problem], SchemaArrival?) {
		guard let path = options.store, options.schema == nil, options.app == nil, options.etcd.isEmpty else {
			let (opened, problems) = try collectingProblems { try options.open() }
			return (opened, problems, nil)
		}
		return try open(file: path, format: options.format, document: options.document, catalog: options.catalogOptions.catalog) { try options.open() }
	}

	/**
	The settings file at `path` (its schema found, not named), opened by `opening` without waiting
	on the network, with the problems reported meanwhile and where a schema fetched later arrives
	(`nil` when nothing is fetched): for the editor, and for a file the list of programs opens.
	*/
	static func open(
		file path: String, format formatName: String? = nil, document: Int? = nil, catalog: String?, _ opening: () throws -> OpenedSettings
	) throws -> (OpenedSettings, [Defaults.Problem], SchemaArrival?) {
		guard !NetworkUse.isOffline else {
			let (opened, problems) = try collectingProblems(opening)
			return (opened, problems, nil)
		}
		let ((opened, missed), problems) = try collectingProblems { try NetworkUse.withoutWaiting(opening) }
		guard missed else { return (opened, problems, nil) }
		// The schema that arrives may name members of objects: a store that can take their paths then.
		// (Over a cached schema's own member store, its paths and the new ones read alike.)
		let memberStore = MemberPathStore(base: opened.store, paths: [:])
		let shown = OpenedSettings(
			store: memberStore, schema: opened.schema, isInferred: opened.isInferred, openingReason: opened.openingReason, schemaLocation: opened.schemaLocation
		)
		let arrival = SchemaArrival()
		let format = try SettingsFileFormats.format(ofStore: path, named: formatName, document: document)
		let current = opened.isInferred ? nil : opened.schema
		let thread = Thread {
			fetch(file: path, syntax: SchemaSources.syntax(of: format), catalog: catalog, current: current, store: memberStore, arrival: arrival)
		}
		thread.name = "defaults-tui.schema-fetch"
		thread.start()
		return (shown, problems, arrival)
	}

	/// The reason a document not at hand gives while the editor opens (``NetworkUse``).
	static let beingFetched = "it is being fetched"

	/// Finds and reads the schema of `file` with the network, and hands it to `arrival` unless it
	/// is `current` (the cached one shown already); the store takes the schema's member paths first.
	private static func fetch(
		file: String, syntax: SchemaReference.Syntax?, catalog: String?, current: SettingsSchema?, store: MemberPathStore, arrival: SchemaArrival
	) {
		let source = SchemaSources.standard()
		let locator = SchemaLocator(catalogAddress: SchemaCatalog.standardAddress(named: SchemaSources.namedCatalog(option: catalog)), source: source)
		let lookup = locator.locate(file: file, syntax: syntax)
		guard let location = lookup.location else {
			arrival.fail(SchemaSources.notice(for: lookup, everything: true) ?? "\((file as NSString).lastPathComponent) has no schema; it is edited by its values' types")
			return
		}
		do {
			let found = try location.loadSchema(source: source)
			guard found != current else { return }
			store.adopt(pathsOf: found)
			arrival.deliver(found, note: location.reason == .option ? nil : location.shortWhy)
		} catch {
			arrival.fail(location.unusable(error))
		}
	}
}
