import Foundation

/**
Which JSON Schema a settings file has, found in this order:

1. the schema a person named (a program's `--schema`);
2. the file's own reference (``SchemaReference``: `$schema` in JSON, a `#:schema` comment in
   TOML, a `yaml-language-server` comment in YAML), a relative one taken from the file's folder;
3. a registered program's schema, when the file is that program's settings file
   (``SettingsRegistry/program(forSettingsFile:environment:)``);
4. the catalogue's `fileMatch` patterns (``SchemaCatalog/match(path:)``): the most specific
   pattern wins, and two schemas alike or only too generic patterns choose none;
5. none: the file's values say their own types.

The catalogue is read only when the first three find nothing, and once per locator.

```swift
let locator = SchemaLocator(catalogAddress: SchemaCatalog.standardAddress(named: nil), source: LocalSchemaFiles())
let lookup = locator.locate(file: "/home/me/.config/starship.toml", syntax: .toml)
print(lookup.line)   // https://starship.rs/config-schema.json	catalogue: fileMatch "starship.toml" (Starship)
```
*/
public final class SchemaLocator: Sendable {
	/// Where the catalogue is read from.
	public let catalogAddress: String
	/// What schema documents and the catalogue are read through.
	public let source: any SchemaDocumentSource
	/// The environment the XDG directories are read from (`nil`: the process's).
	private let environment: [String: String]?
	/// The catalogue once read (or why it could not be).
	private let catalog: Locked<Result<SchemaCatalog, SchemaCatalogError>?>

	/// A locator reading the catalogue at `catalogAddress` through `source` when it needs it.
	public init(catalogAddress: String, source: any SchemaDocumentSource, environment: [String: String]? = nil) {
		self.catalogAddress = catalogAddress
		self.source = source
		self.environment = environment
		catalog = Locked(nil)
	}

	/// A locator using `catalog`, read already.
	public init(catalog: SchemaCatalog, source: any SchemaDocumentSource, environment: [String: String]? = nil) {
		catalogAddress = catalog.address
		self.source = source
		self.environment = environment
		self.catalog = Locked(.success(catalog))
	}

	/// The catalogue, read the first time it is asked for.
	public func loadCatalog() -> Result<SchemaCatalog, SchemaCatalogError> {
		catalog.withLock { cached in
			if let cached { return cached }
			let result = Result { () throws(SchemaCatalogError) in try SchemaCatalog.load(from: catalogAddress, source: source) }
			cached = result
			return result
		}
	}

	/// The most a file is read for its own reference: 1 MiB.
	static let referenceReadLimit = 1 << 20

	/**
	The schema of the settings file at `path`, and why; or why none.

	- Parameters:
	  - path: The settings file (it need not exist: its name and place still say a schema).
	  - syntax: Its syntax, which says how it refers to its schema; `nil` looks for no reference.
	  - option: The schema a person named, which comes first (a path from the current folder, or a URL).
	*/
	public func locate(file path: String, syntax: SchemaReference.Syntax?, option: String? = nil) -> SchemaLookup {
		let absolute = Self.absolutePath(path)
		if let option {
			return SchemaLookup(file: absolute, location: SchemaLocation(address: Self.absoluteAddress(option, from: FileManager.default.currentDirectoryPath), reason: .option))
		}
		if let syntax, let bytes = Self.head(of: absolute), let reference = SchemaReference.find(in: bytes, syntax: syntax) {
			let folder = (absolute as NSString).deletingLastPathComponent
			return SchemaLookup(file: absolute, location: SchemaLocation(address: Self.absoluteAddress(reference.address, from: folder), reason: .reference(reference)))
		}
		if let program = SettingsRegistry.program(forSettingsFile: absolute, environment: environment) {
			return SchemaLookup(file: absolute, location: SchemaLocation(address: program.schemaURL.path, reason: .registeredProgram(program.name)))
		}
		switch loadCatalog() {
		case .failure(let error):
			return SchemaLookup(file: absolute, location: nil, catalogProblem: error)
		case .success(let catalog):
			switch catalog.match(path: absolute) {
			case .schema(let candidate):
				return SchemaLookup(file: absolute, location: SchemaLocation(address: candidate.entry.url, reason: .catalogue(candidate)))
			case .ambiguous(let candidates):
				return SchemaLookup(file: absolute, location: nil, ambiguous: candidates, catalogAddress: catalog.address)
			case .tooGeneric(let candidates):
				return SchemaLookup(file: absolute, location: nil, tooGeneric: candidates, catalogAddress: catalog.address)
			case .none:
				return SchemaLookup(file: absolute, location: nil, catalogAddress: catalog.address)
			}
		}
	}

	/// The first bytes of the file at `path` (up to ``referenceReadLimit``), or `nil` when it cannot
	/// be read or is no regular file (a named pipe would wait for a writer; the store refuses it).
	private static func head(of path: String) -> [UInt8]? {
		var status = stat()
		guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return nil }
		defer { try? handle.close() }
		return Array((try? handle.read(upToCount: referenceReadLimit)) ?? Data())
	}

	/// `path` from the current folder when it is relative, without `.` and `..` steps.
	static func absolutePath(_ path: String) -> String {
		URL(fileURLWithPath: path).standardizedFileURL.path
	}

	/// `address` as an http(s) URL or an absolute path: a `file:` URL as its path, a relative
	/// path taken from `folder`.
	static func absoluteAddress(_ address: String, from folder: String) -> String {
		switch SchemaAddress(address) {
		case .web:
			return address
		case .file(let path):
			let full = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
			return URL(fileURLWithPath: full).standardizedFileURL.path
		}
	}
}

/// A file's schema, where it is and why it was chosen.
public struct SchemaLocation: Sendable, Equatable {
	/// Why the schema was chosen.
	public enum Reason: Sendable, Equatable {
		/// A person named it (`--schema`).
		case option
		/// The file refers to it.
		case reference(SchemaReference)
		/// The file is this registered program's settings file.
		case registeredProgram(String)
		/// The catalogue's entry whose pattern matched the file.
		case catalogue(CatalogCandidate)
	}

	/// Where the schema is: an http(s) URL or an absolute path.
	public let address: String
	/// Why it was chosen.
	public let reason: Reason

	/// The schema at `address` (an http(s) URL or an absolute path), chosen for `reason`.
	public init(address: String, reason: Reason) {
		self.address = address
		self.reason = reason
	}

	/// Why, in words: `--schema`, `$schema in the file`, `#:schema comment, line 1`,
	/// `registered program notes`, `catalogue: fileMatch "starship.toml" (Starship)`.
	public var why: String {
		switch reason {
		case .option: "--schema"
		case .reference(let reference): reference.described
		case .registeredProgram(let name): "registered program \(name)"
		case .catalogue(let candidate): "catalogue: fileMatch \(candidate.described)"
		}
	}

	/// Why, in a word or two for a title: `catalogue`, `$schema`, `#:schema`, `--schema`.
	public var shortWhy: String {
		switch reason {
		case .option: "--schema"
		case .reference(let reference):
			switch reference.syntax {
			case .json: "$schema"
			case .toml: "#:schema"
			case .yaml: "yaml-language-server"
			}
		case .registeredProgram: "registered program"
		case .catalogue: "catalogue"
		}
	}

	/// The name the schema is known by, when its reason gives one (the catalogue's entry, the program).
	public var name: String? {
		switch reason {
		case .catalogue(let candidate): candidate.entry.name
		case .registeredProgram(let name): name
		case .option, .reference: nil
		}
	}

	/**
	The schema at ``address`` as settings: a file read as ``SettingsSchema/load(from:)`` reads it,
	an http(s) URL through `source`. A schema the catalogue named is titled with its entry's name,
	the one people know it by.

	- Throws: ``SettingsSchemaError`` naming the address and what is wrong.
	*/
	public func loadSchema(source: any SchemaDocumentSource) throws(SettingsSchemaError) -> SettingsSchema {
		var schema = try loadDocument(source: source)
		if case .catalogue(let candidate) = reason { schema.title = candidate.entry.name }
		return schema
	}

	/// What a person reads when the schema cannot be used (`error`, from ``loadSchema(source:)``):
	/// the address, why it was chosen, what is wrong, and that the file is edited without it.
	public func unusable(_ error: SettingsSchemaError) -> String {
		"the schema \(address) (\(why)) cannot be used: \(error.reason); the file is edited by its values' types"
	}

	/// The document at ``address`` as settings, as it titles itself.
	private func loadDocument(source: any SchemaDocumentSource) throws(SettingsSchemaError) -> SettingsSchema {
		if case .file(let path) = SchemaAddress(address) {
			return try SettingsSchema.load(from: URL(fileURLWithPath: path), reportingNotes: true, references: source)
		}
		let data: Data
		do {
			data = try source.data(at: address)
		} catch let error as SchemaDocumentError {
			throw SettingsSchemaError(path: address, reason: "it cannot be read: \(error.reason)")
		} catch {
			throw SettingsSchemaError(path: address, reason: "it cannot be read (\(error))")
		}
		return try SettingsSchema.decode(data, address: address, references: source)
	}
}

/// What ``SchemaLocator/locate(file:syntax:option:)`` found: a schema, or why there is none.
public struct SchemaLookup: Sendable, Equatable {
	/// The settings file, as an absolute path.
	public let file: String
	/// The schema found, or `nil`.
	public let location: SchemaLocation?
	/// Entries of different schemas whose patterns match the file equally well (none chosen).
	public var ambiguous: [CatalogCandidate] = []
	/// Patterns too generic to choose by that match the file (none chosen).
	public var tooGeneric: [CatalogCandidate] = []
	/// Why the catalogue could not be read, when it was needed and could not.
	public var catalogProblem: SchemaCatalogError?
	/// The catalogue that was asked, when one was.
	public var catalogAddress: String?

	/// Why there is no schema, in a sentence's words (`nil` when there is one).
	public var whyNone: String? {
		guard location == nil else { return nil }
		let name = (file as NSString).lastPathComponent
		if !ambiguous.isEmpty {
			let names = ambiguous.map { "\($0.described) \($0.entry.url)" }
			return "ambiguous: the catalogue's patterns \(names.joined(separator: " and ")) match '\(name)' equally well; none is chosen (give --schema, or name the schema in the file)"
		}
		if !tooGeneric.isEmpty {
			let names = tooGeneric.prefix(3).map(\.described).joined(separator: ", ")
			return "only patterns too generic to choose by match '\(name)' (\(names)); none is chosen (give --schema, or name the schema in the file)"
		}
		if let catalogProblem {
			return "no reference in the file, and \(catalogProblem)"
		}
		return "no reference in the file, and no pattern of the catalogue \(catalogAddress ?? "") matches '\(name)'"
	}

	/// One line: the schema's address, a tab, and why; `none`, a tab, and why not.
	public var line: String {
		if let location { return "\(location.address)\t\(location.why)" }
		return "none\t\(whyNone ?? "")"
	}
}
