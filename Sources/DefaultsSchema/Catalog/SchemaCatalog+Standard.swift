import Foundation

extension SchemaCatalog {
	/// SchemaStore's public catalogue: the catalogue used when none is named or installed.
	public static let schemaStoreAddress = "https://www.schemastore.org/api/json/catalog.json"

	/// `<dir>/defaults/catalog.json` for the first directory of `$XDG_DATA_DIRS`
	/// (`/usr/local/share:/usr/share` when it is not set) that has one: a catalogue a
	/// distribution installs; `nil` when none does.
	public static func installedCatalogPath(environment: [String: String]? = nil) -> String? {
		for directory in XDGDirectories.dataDirectories(in: environment) {
			let path = (directory as NSString).appendingPathComponent("defaults/catalog.json")
			if FileManager.default.isReadableFile(atPath: path) { return path }
		}
		return nil
	}

	/**
	The catalogue to read: `named` when given (a program's option, say), else the one a
	distribution installs (``installedCatalogPath(environment:)``), else SchemaStore's public one
	(``schemaStoreAddress``).
	*/
	public static func standardAddress(named: String?, environment: [String: String]? = nil) -> String {
		if let named, !named.isEmpty { return named }
		return installedCatalogPath(environment: environment) ?? schemaStoreAddress
	}
}
