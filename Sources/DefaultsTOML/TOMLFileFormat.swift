import Defaults

/**
TOML 1.0 settings files (`settings.toml`, as Cargo, starship and many tools write theirs).

Tables read as objects, arrays as arrays, integers as 64-bit integers, floats as doubles
(`inf` and `nan` as the non-finite doubles, which a JSON file cannot hold), and dates and
times as their text as written. TOML has no null: a value that is null cannot be written.

**Refused when read**, naming the line and column: anything TOML 1.0 forbids (a key or
table defined twice, a bad escape, a control character…, checked against toml-test, TOML's
published suite); an integer beyond 64 bits (TOML 1.0 says a reader must refuse it rather
than lose it: write such a number as a string or a float); bytes that are not UTF-8 (at the
first bad byte); tables and values nested more than `Defaults.JSONValue.maximumNestingDepth`
deep. A `FileStore` does not read a file over its size limit.

**Edited in place**: a `FileStore` saves a file it read by changing only what changed, and
every other byte (comments, blank lines, key order, indentation, line ends, a byte order mark)
stays:
- a changed value is written over the old one's bytes, in its style where the new value
  allows it: a date or time stays unquoted when the new string is one, a 'literal' string
  stays literal, a multi-line string stays multi-line, an integer keeps its base (`0xff`) and
  its groups of digits (`1_000`); members of `[[arrays of tables]]` and of inline tables too;
- a list (an inline array, on one line or over several, or an array of tables) is changed as a
  form changes it: an item changed alone, inserted beside its neighbours (on a line of its own,
  inline with the array's gap, or a `[[table]]` section before another's), removed with its
  comma and own line (a `[[table]]` with its sections), moved with the comment lines above it;
  other changes of a list write the array anew;
- a renamed key (one gone and one come with its value) has only its key written, quoted when it must be;
- a removed key loses its own lines (with the comment at their end; comment lines above stay);
  a removed table loses its header's section and its sub-tables' (up to the comments right
  above the next header), with the comment lines right above its header when a blank line
  stands above them; a table without a header of its own that loses its last key stays,
  written empty (`tokio = {}`);
- a new key goes after its table's last statement in that statement's indentation (with none,
  after the header; at the top, after the comments that open the file), as a dotted key
  beside the others in a table of dotted keys, in a `[table]` section before the sub-tables
  of a table known only by them; a new table goes after its parent's last sub-table.

**Refused when saved** (`FileFormatError`; the store then leaves the file as it is and keeps
the values in memory): an array of tables (`[[bin]]`) left with no element or given one that is
not a table, a table written as `[table]` whose new value is not a table, and adding a key to a table
written both as dotted keys and with sub-table headers (where it belongs is unclear). After
every edit the text is read again and must hold exactly the values saved.

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
	/// Throws `FileFormatError` for a null and an integer beyond 64 bits, which TOML cannot hold.
	public func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Array(try TOMLWriter.file(values).utf8)
	}

	/// The values of the file. Throws `FileFormatError` naming the line and column where it is not TOML 1.0.
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

	/// The file with each changed value written over its old bytes, each removed key's or table's
	/// lines taken out and each new key added to its table (see ``TOMLFileFormat``). Throws
	/// `FileFormatError` for a change it cannot make in place, and leaves the file to the caller unchanged.
	public func edit(
		_ document: Document?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Document?) {
		guard let document else {
			let bytes = try encode(values)
			let (read, entries, headers) = try Self.parse(bytes)
			return (bytes, Document(bytes: bytes, values: read, entries: entries, headers: headers))
		}
		if let quick = try TOMLQuickEdit.apply(changes, to: document, giving: values) {
			return quick
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
