import ArgumentParser
import Defaults
import DefaultsSchema
import Foundation

/**
Where the tool reads schemas and the catalogue from, and which catalogue: the one place it makes
its ``SchemaDocumentSource`` (``standard(offline:)``) and its ``SchemaLocator``.

The catalogue is `--catalog`'s, else `$DEFAULTS_TUI_CATALOG`'s, else `<dir>/defaults/catalog.json`
of the first directory of `$XDG_DATA_DIRS` that has one, else SchemaStore's public catalogue.
*/
enum SchemaSources {
	/// The variable naming the catalogue when `--catalog` does not.
	static let catalogVariable = "DEFAULTS_TUI_CATALOG"

	/// What schema documents and catalogues are read through: files, and http(s) addresses through
	/// the schema cache (fetched when missing or old, never with `offline`, `--offline` or
	/// `DEFAULTS_TUI_OFFLINE`; see ``NetworkUse``).
	static func standard(offline: Bool = false) -> any SchemaDocumentSource {
		NetworkUse.source(offline: offline)
	}

	/// The catalogue named by `option` (`--catalog`) or the variable, if either names one (a
	/// relative path from the current folder made absolute, so that its entries' relative
	/// addresses are taken from its folder wherever they are used).
	static func namedCatalog(option: String?) -> String? {
		let named = option.flatMap { $0.isEmpty ? nil : $0 } ?? getenv(catalogVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
		guard let named, case .file(let path) = SchemaAddress(named), !path.hasPrefix("/") else { return named }
		return URL(fileURLWithPath: path).standardizedFileURL.path
	}

	/// The locator of settings files' schemas, with the catalogue `option` (`--catalog`) names or
	/// the standard one: one per catalogue in a process, so that the catalogue is read once.
	static func locator(catalog option: String?, offline: Bool = false) -> SchemaLocator {
		let address = SchemaCatalog.standardAddress(named: namedCatalog(option: option))
		// Reading only what is at hand (the editor opening): a catalogue not at hand is not kept as missing.
		if NetworkUse.isDeferring { return SchemaLocator(catalogAddress: address, source: standard(offline: offline)) }
		return locators.withLock { locators in
			if let locator = locators[address] { return locator }
			let locator = SchemaLocator(catalogAddress: address, source: standard(offline: offline))
			locators[address] = locator
			return locator
		}
	}

	/// The locators made, by their catalogue's address.
	private static let locators = Locked<[String: SchemaLocator]>([:])

	/**
	What to say of a file that has no schema: that the catalogue's patterns are ambiguous, that a
	catalogue named or installed cannot be read (SchemaStore's public one, the default, is not
	said here: `which-schema` says it), and with `everything` (the editor) that only patterns too
	generic to choose by match; `nil` when there is a schema or nothing to say.
	*/
	static func notice(for lookup: SchemaLookup, everything: Bool) -> String? {
		guard lookup.location == nil, let why = lookup.whyNone else { return nil }
		let said = "\((lookup.file as NSString).lastPathComponent) has no schema: \(why); it is edited by its values' types"
		if !lookup.ambiguous.isEmpty { return said }
		if let problem = lookup.catalogProblem, problem.address != SchemaCatalog.schemaStoreAddress { return said }
		if !lookup.tooGeneric.isEmpty, everything { return said }
		return nil
	}

	/// The syntax a reference to the schema takes in a file of `format`.
	static func syntax(of format: any FileStoreFormat) -> SchemaReference.Syntax? {
		format.fileExtensions.lazy.compactMap(SchemaReference.Syntax.init(fileExtension:)).first
	}
}

/// Which catalogue names settings files' schemas.
struct CatalogOptions: ParsableArguments {
	@Option(name: .long, help: ArgumentHelp("The schema catalogue (SchemaStore's format) whose fileMatch patterns name a settings file's schema when neither --schema nor the file names one: a file or a URL. Default: $DEFAULTS_TUI_CATALOG, else <dir>/defaults/catalog.json in $XDG_DATA_DIRS, else SchemaStore's.", valueName: "file-or-url"))
	var catalog: String?
}
