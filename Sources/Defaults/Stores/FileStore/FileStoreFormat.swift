/**
A settings file's format: how a ``FileStore`` reads its file's bytes as values, writes a new
file for values, and edits the file in place, keeping what a save does not change. How the
file is locked, replaced and watched is the store's, the same for every format.

JSON (``JSONFileFormat``) is the default, and ``FileFormats`` lists the formats known by their
files' endings. A format that only converts gives ``encode(_:)`` and ``decode(_:)``, and every
save writes the whole file anew:

```swift
struct LinesFormat: FileStoreFormat {
	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Array(values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonString())\n" }.joined().utf8)
	}

	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		var values: [String: Defaults.JSONValue] = [:]
		for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
			guard let equals = line.firstIndex(of: "="),
			      let value = try? Defaults.JSONValue(parsing: String(line[line.index(after: equals)...]))
			else { throw FileFormatError("line \"\(line)\" is not key=JSON") }
			values[String(line[..<equals])] = value
		}
		return values
	}
}

let store = FileStore(url: settingsURL, format: LinesFormat())
```

A format that edits in place (keeping a file's comments, order and layout) also names its
``Document``, what it keeps of a file it read or wrote, and gives
``decodeForEditing(_:problems:)``, which reads one, and ``edit(_:applying:giving:)``,
which writes the changes into one. The store keeps the document between its saves, and asks
the format for both, whatever the format is. Made known by its files' endings
(``fileExtensions``) with ``FileFormats/register(_:)``, a format is also the one that
`defaults-tui --store <file>` opens those files with.
*/
public protocol FileStoreFormat: Sendable {
	/**
	What the format keeps of a file it read or wrote, for the next save to change in place:
	the text, with where each value lies in it. `Never` (the default) for a format that
	writes the whole file at each save.
	*/
	associatedtype Document: Sendable = Never

	/// The endings (without the dot, lowercase) of the files in this format, the usual one
	/// first: `["json", "jsonc"]`. ``FileFormats`` chooses a file's format by them. Without an
	/// implementation of its own, a format names none, and is chosen for no file.
	var fileExtensions: [String] { get }

	/// The name of a program's settings file in its folder: `settings.json`. Without an
	/// implementation of its own, `settings.` and the first of ``fileExtensions``.
	var standardFileName: String { get }

	/// The whole file for `values`.
	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8]

	/// The values a whole file holds. Throws when the bytes are not a settings file of
	/// this format; the store then leaves the file as it is and never overwrites it.
	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue]

	/// The values a whole file holds, adding to `problems` each value that could not be read
	/// as written (the store reports it for its key and uses the rest of the file). Without an
	/// implementation of its own, a format reports none.
	func decode(_ bytes: [UInt8], problems: inout [FileFormatProblem]) throws(FileFormatError) -> [String: Defaults.JSONValue]

	/**
	The values a whole file holds, as ``decode(_:problems:)`` reads them, and the document a
	save edits to change them: `nil` when the file holds nothing worth keeping (it is empty),
	and the save writes it anew. A save calls this on the file it found, with the file locked.

	Without an implementation of its own, a format (whose ``Document`` is `Never`) decodes and keeps nothing.
	*/
	func decodeForEditing(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], document: Document?)

	/**
	The file after `changes`, made to `document`, with the document of the file written.

	`document` is the file as the format last read it (``decodeForEditing(_:problems:)``) or
	wrote it (this method), and `values` what it holds with `changes` made: the bytes must
	read as `values`. Every byte of the document that `changes` do not concern stays as it
	is: its comments, its order, its layout. Without a document (the file is new, or held
	nothing), the file is written anew. Throws ``FileFormatError`` when the values cannot be
	written, or the change cannot be made without changing other values: the store then
	leaves the file as it is, keeps the changes in memory and says why.

	Without an implementation of its own, a format (whose ``Document`` is `Never`) writes the
	whole file with ``encode(_:)``.
	*/
	func edit(
		_ document: Document?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Document?)
}

extension FileStoreFormat {
	/// Decodes with `decode(_:)` and adds no problems.
	public func decode(_ bytes: [UInt8], problems: inout [FileFormatProblem]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		try decode(bytes)
	}

	/// None: the format is chosen for no file by its name.
	public var fileExtensions: [String] { [] }

	/// `settings.` and the first of ``fileExtensions``; `settings` when there is none.
	public var standardFileName: String {
		fileExtensions.first.map { "settings.\($0)" } ?? "settings"
	}
}

extension FileStoreFormat where Document == Never {
	/// Decodes with ``decode(_:problems:)``; keeps no document.
	public func decodeForEditing(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], document: Never?) {
		(try decode(bytes, problems: &problems), nil)
	}

	/// The whole file, with ``encode(_:)``; keeps no document.
	public func edit(
		_ document: Never?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Never?) {
		(try encode(values), nil)
	}
}
