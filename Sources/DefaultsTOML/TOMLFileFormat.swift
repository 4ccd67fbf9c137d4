import Defaults

/**
TOML 1.0 settings files (`settings.toml`, as Cargo, starship and many tools write theirs).

Tables read as objects, arrays as arrays, integers as 64-bit integers, floats as doubles
(`inf` and `nan` as the non-finite doubles, which a JSON file cannot hold), and dates and
times as their text as written. TOML has no null: a value that is null cannot be written.

A ``FileStore`` saves a file it read by changing it in place: a value that changed is
written over the old one's bytes (a date stays unquoted, a 'literal' string literal where the
new value allows), a removed key's own lines go, a new key goes after the last statement of
its table (a new table as a `[section]` at the end), and every other byte (comments, order,
layout) stays. Removing a whole table, adding into a table that has no header of its own, and
changing an array of tables (`[[bin]]`) are not made in place yet: they throw
``FileFormatError``, and the store then leaves the file as it is.

```swift
let store = FileStore(url: settingsURL, format: TOMLFileFormat())
```
*/
public struct TOMLFileFormat: FileStoreFormat {
	/// The text read, with where each value lies, for the next save to edit.
	public struct Document: Sendable {
		/// The file's bytes.
		public let bytes: [UInt8]
		/// The values they hold.
		public let values: [String: Defaults.JSONValue]
		/// Where each key's value lies.
		public let entries: [TOMLEntry]
		/// Where each table's header lies.
		let headers: [TOMLHeader]
	}

	/// The TOML format.
	public init() {}

	/// `toml`.
	public var fileExtensions: [String] { ["toml"] }

	/// The values as a TOML file: plain values first, then a `[table]` for each object, keys sorted.
	/// Throws ``FileFormatError`` for a null and an integer beyond 64 bits, which TOML cannot hold.
	public func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Array(try TOMLWriter.file(values).utf8)
	}

	/// The values of the file. Throws ``FileFormatError`` naming the line and column where it is not TOML 1.0.
	public func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		try Self.parse(bytes).values
	}

	/// The values, and the document a save edits (`nil` for an empty file).
	public func decodeForEditing(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], document: Document?) {
		let (values, entries, headers) = try Self.parse(bytes)
		let isBlank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
		return (values, isBlank ? nil : Document(bytes: bytes, values: values, entries: entries, headers: headers))
	}

	/// The file with each changed value written over its old bytes, each removed key's lines taken
	/// out and each new key added to its table. Throws ``FileFormatError`` for a change it cannot
	/// make in place yet (a table removed, an array of tables changed).
	public func edit(
		_ document: Document?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Document?) {
		guard let document else {
			let bytes = try encode(values)
			let (read, entries, headers) = try Self.parse(bytes)
			return (bytes, Document(bytes: bytes, values: read, entries: entries, headers: headers))
		}
		let edited = try TOMLInPlaceEdit.apply(changes, to: document)
		let (read, entries, headers) = try Self.parse(edited)
		guard TOMLValues.same(.object(read), .object(values)) else {
			throw FileFormatError("cannot edit the TOML file in place yet: the edited text would not hold the values saved; the file is left as it is")
		}
		return (edited, Document(bytes: edited, values: read, entries: entries, headers: headers))
	}

	static func parse(_ bytes: [UInt8]) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], entries: [TOMLEntry], headers: [TOMLHeader]) {
		do throws(TOMLSyntaxError) {
			return try TOMLParser.parse(bytes)
		} catch {
			throw FileFormatError("it is not valid TOML (\(error))")
		}
	}
}
