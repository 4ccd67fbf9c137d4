import Foundation

/**
A catalogue of JSON Schemas of settings files, in SchemaStore's format: each entry a name, a
description, the schema's `url` and the `fileMatch` patterns (see ``FilePattern``) of the files
it describes.

```json
{"schemas": [{"name": "Starship", "description": "Starship prompt", "fileMatch": ["starship.toml"], "url": "https://starship.rs/config-schema.json"}]}
```

``match(path:)`` names the entry whose pattern matching a file is the most specific one; when
two entries with different schemas tie, or only patterns that say no more than a format
(`*.json`) match, it says so instead of choosing.

```swift
let catalog = try SchemaCatalog.load(from: "/usr/share/defaults/catalog.json", source: LocalSchemaFiles())
if case .schema(let found) = catalog.match(path: "/home/me/.config/starship.toml") {
	print(found.entry.url)   // https://starship.rs/config-schema.json
}
```
*/
public struct SchemaCatalog: Sendable {
	/// One schema of the catalogue and the files it is for.
	public struct Entry: Sendable, Equatable {
		/// The name it is known by: `Starship`, `GitHub Workflow`.
		public let name: String
		/// What it describes, when the catalogue says.
		public let description: String?
		/// Where the schema is: an http(s) URL, or a path (a relative one taken from the catalogue's place).
		public let url: String
		/// The files it is for (exclusions too, ``FilePattern/isNegated``).
		public let fileMatch: [FilePattern]
	}

	/// Where the catalogue was read from.
	public let address: String
	/// Its entries with a schema and at least one pattern, in its order.
	public let entries: [Entry]
	/// Patterns with a literal file name, by that name: (entry, pattern) indices.
	private let byName: [String: [(entry: Int, pattern: FilePattern)]]
	/// The other patterns that include files, by the ending (after the last `.`) every file they match has.
	private let byExtension: [String: [(entry: Int, pattern: FilePattern)]]
	/// The other patterns that include files and whose files' ending they do not fix.
	private let others: [(entry: Int, pattern: FilePattern)]

	/// The catalogue in `data` (its JSON text), read from `address`.
	///
	/// - Throws: ``SchemaCatalogError`` when it is not JSON, or not an object with a `schemas` array.
	public init(data: Data, address: String) throws(SchemaCatalogError) {
		let document: Defaults.JSONValue
		do throws(Defaults.JSONParseError) {
			document = try Defaults.JSONValue(parsing: data)
		} catch {
			throw SchemaCatalogError(address: address, reason: "it is not JSON (\(error.descriptionWithoutContent))")
		}
		guard let schemas = document.objectValue?["schemas"]?.arrayValue else {
			throw SchemaCatalogError(address: address, reason: "it has no \"schemas\" array, as SchemaStore's catalogue has")
		}
		self.init(entries: schemas.compactMap { Self.entry($0, catalogAddress: address) }, address: address)
	}

	/// A catalogue of `entries`, read from `address`.
	public init(entries: [Entry], address: String) {
		self.address = address
		self.entries = entries
		var byName: [String: [(entry: Int, pattern: FilePattern)]] = [:]
		var byExtension: [String: [(entry: Int, pattern: FilePattern)]] = [:]
		var others: [(entry: Int, pattern: FilePattern)] = []
		for (entryIndex, entry) in entries.enumerated() {
			for pattern in entry.fileMatch where !pattern.isNegated {
				if let name = pattern.literalName {
					byName[name, default: []].append((entryIndex, pattern))
				} else if let ending = pattern.literalExtension {
					byExtension[ending, default: []].append((entryIndex, pattern))
				} else {
					others.append((entryIndex, pattern))
				}
			}
		}
		self.byName = byName
		self.byExtension = byExtension
		self.others = others
	}

	/// Reads the catalogue at `address` (an http(s) URL, a file URL or a path) from `source`.
	///
	/// - Throws: ``SchemaCatalogError`` saying what could not be read or used.
	public static func load(from address: String, source: any SchemaDocumentSource) throws(SchemaCatalogError) -> SchemaCatalog {
		let data: Data
		do {
			data = try source.data(at: address)
		} catch let error as SchemaDocumentError {
			throw SchemaCatalogError(address: address, reason: error.reason)
		} catch {
			throw SchemaCatalogError(address: address, reason: "\(error)")
		}
		return try SchemaCatalog(data: data, address: address)
	}

	/// An entry of the catalogue's JSON, or `nil` when it names no schema or no file.
	private static func entry(_ value: Defaults.JSONValue, catalogAddress: String) -> Entry? {
		guard let object = value.objectValue, let url = object["url"]?.stringValue, !url.isEmpty,
		      let patterns = object["fileMatch"]?.arrayValue?.compactMap(\.stringValue), !patterns.isEmpty
		else { return nil }
		return Entry(
			name: object["name"]?.stringValue ?? url, description: object["description"]?.stringValue,
			url: resolve(url, against: catalogAddress), fileMatch: patterns.filter { !$0.isEmpty }.map(FilePattern.init)
		)
	}

	/// `reference` as an address of its own: as it is when it has a scheme or is an absolute
	/// path, else taken from the folder of `base` (a URL or a path).
	public static func resolve(_ reference: String, against base: String) -> String {
		if reference.hasPrefix("/") || reference.contains("://") || reference.lowercased().hasPrefix("file:") { return reference }
		if case .web(let baseURL) = SchemaAddress(base) {
			return URL(string: reference, relativeTo: baseURL)?.absoluteString ?? reference
		}
		let basePath: String
		if case .file(let path) = SchemaAddress(base) { basePath = path } else { basePath = base }
		let folder = (basePath as NSString).deletingLastPathComponent
		return ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(reference)
	}

	/// Which entry describes the file at `path`: the one with the most specific pattern that
	/// matches it and no exclusion of its own that does.
	public func match(path: String) -> CatalogMatch {
		let bytes = Array(path.utf8)
		let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
		let name = String(decoding: bytes[nameStart...], as: UTF8.self)
		var best: [Int: CatalogCandidate] = [:]
		func consider(_ entryIndex: Int, _ pattern: FilePattern) {
			guard pattern.matches(utf8: bytes) else { return }
			if let current = best[entryIndex], current.pattern.specificity >= pattern.specificity { return }
			best[entryIndex] = CatalogCandidate(entry: entries[entryIndex], pattern: pattern)
		}
		for (entryIndex, pattern) in byName[name] ?? [] { consider(entryIndex, pattern) }
		if let dot = name.lastIndex(of: ".") {
			for (entryIndex, pattern) in byExtension[String(name[name.index(after: dot)...])] ?? [] { consider(entryIndex, pattern) }
		}
		for (entryIndex, pattern) in others { consider(entryIndex, pattern) }
		// Most files a walk meets match nothing.
		if best.isEmpty { return .none }
		// An entry's own exclusions take the file out of it.
		let candidates = best.sorted { $0.key < $1.key }.filter { index, _ in
			!entries[index].fileMatch.contains { $0.isNegated && $0.matches(utf8: bytes) }
		}.map(\.value)
		let specific = candidates.filter { !$0.pattern.isTooGeneric }
		guard let top = specific.map(\.pattern.specificity).max() else {
			return candidates.isEmpty ? .none : .tooGeneric(candidates)
		}
		var tied: [CatalogCandidate] = []
		for candidate in specific where candidate.pattern.specificity == top && !tied.contains(where: { $0.entry.url == candidate.entry.url }) {
			tied.append(candidate)
		}
		return tied.count == 1 ? .schema(tied[0]) : .ambiguous(tied)
	}
}

/// An entry of a catalogue, with its pattern that matched a file.
public struct CatalogCandidate: Sendable, Equatable {
	/// The entry.
	public let entry: SchemaCatalog.Entry
	/// Its pattern that matched (the most specific of them).
	public let pattern: FilePattern

	/// `"starship.toml" (Starship)`.
	public var described: String {
		"\"\(pattern.text)\" (\(entry.name))"
	}
}

/// What a catalogue says of a file: its schema, several schemas alike, only patterns too
/// generic to choose by, or nothing.
public enum CatalogMatch: Sendable, Equatable {
	/// The entry whose pattern is the most specific.
	case schema(CatalogCandidate)
	/// Entries with different schemas whose patterns are equally specific: none is chosen.
	case ambiguous([CatalogCandidate])
	/// Only patterns that say no more than the file's format (`*.json`) match: none is chosen.
	case tooGeneric([CatalogCandidate])
	/// No pattern matches.
	case none
}

/// Why a catalogue could not be read or used.
public struct SchemaCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
	/// Where the catalogue was to be read from.
	public let address: String
	/// What went wrong, in a clause.
	public let reason: String

	/// `the catalogue https://www.schemastore.org/api/json/catalog.json cannot be read: fetching is not available …`.
	public var description: String {
		"the catalogue \(address) cannot be read: \(reason)"
	}
}
