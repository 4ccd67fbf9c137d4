import Defaults

/**
YAML settings files (`config.yaml`, `docker-compose.yml`, `.pre-commit-config.yaml`), read by
YAML 1.2's core schema and edited in place.

The document's top mapping holds the settings (an empty file or document holds none). Plain
scalars read as YAML 1.2's core schema says: `null` and `~` as null; `true` and `false` (also
`True`, `TRUE`…) as Booleans, while `yes`, `no`, `on` and `off` are strings; integers
(decimal, `0o17`, `0xFF`) of 64 bits, a longer one kept as its text and reported; floats, with
`.inf`, `-.inf` and `.nan` as the non-finite doubles. Quoted and block scalars are strings; the
core schema's tags (`!!str`, `!!int`…) are honoured, others (`!Ref`, `!!binary`) are read past
as if the value were untagged. Aliases (`*base`) read as their anchor's value, within a budget
that refuses an alias bomb; merge keys (`<<: *base`) add the members the mapping lacks, as
docker-compose and GitLab read them. A file of several documents (`---`) is read from its first
one (or the one ``init(document:)`` names), and a problem says so.

The text is parsed by libyaml, which reports where each node starts and ends (what editing in
place needs) and is well kept; it reads YAML 1.1's syntax, whose differences from 1.2's are
small. What scalars mean is resolved by this format, by the 1.2 core schema, not by libyaml.

A `FileStore` saves a file it read by changing it in place: a changed value is written over its
old bytes in its old style where the new value allows (plain, quoted, a `|` block), a removed
key's own lines go, a new key goes after the last entry of its mapping in its indentation, a
renamed key has only its key written, a sequence's item is changed, inserted, removed or moved
with its own lines (a flow sequence's with its comma), and every other byte stays (comments, order, blank lines, CRLF line ends, a byte-order mark). A
change it cannot make safely (a value that is an alias, that was merged in, that carries an
anchor an alias refers to, or that has a tag of its own) throws `FileFormatError`: the store
leaves the file as it is.

```swift
let store = FileStore(url: settingsURL, format: YAMLFileFormat())
let format = YAMLFileFormat()
let values = try format.decode(Array("theme: dark   # or light\nsize: 14\n".utf8))
// ["theme": "dark", "size": 14]
```
*/
public struct YAMLFileFormat: FileStoreFormat {
	/// The text read, with where each value lies, for the next save to edit.
	public struct Document: Sendable {
		/// The file's bytes.
		public let bytes: [UInt8]
		/// The values the document read holds.
		public let values: [String: Defaults.JSONValue]
		/// Where each entry reached through mappings lies.
		public let entries: [YAMLEntry]
		let tree: YAMLTree
		/// The document read: its root node, and where its text ends.
		let root: Int?
		let end: Int
		/// Anchored nodes some alias refers to.
		let referred: Set<Int>
		/// For each mapping with a merge key, the keys merged in.
		let mergedKeys: [Int: Set<String>]
	}

	/// Which document of the file is read and edited, from 1.
	public let document: Int

	/// The YAML format, reading and editing the `document`th document of a file (the first by default).
	public init(document: Int = 1) {
		self.document = max(1, document)
	}

	/// `yaml`, and `yml`.
	public var fileExtensions: [String] { ["yaml", "yml"] }

	/// The values as a YAML file in block style, keys sorted; an empty text for no values.
	public func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		Array(try YAMLWriter.file(values).utf8)
	}

	/// The values of the file. Throws `FileFormatError` naming the line and column where it cannot be read.
	public func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		var problems: [FileFormatProblem] = []
		return try parse(bytes, problems: &problems).values
	}

	/// Also reports integers beyond 64 bits and floats out of range (kept as their text), and a
	/// file holding several documents.
	public func decode(_ bytes: [UInt8], problems: inout [FileFormatProblem]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		try parse(bytes, problems: &problems).values
	}

	/// The values, and the document a save edits (`nil` for a file of white space only).
	public func decodeForEditing(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], document: Document?) {
		let document = try parse(bytes, problems: &problems)
		let isBlank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
		return (document.values, isBlank ? nil : document)
	}

	/// The file with each changed value written over its old bytes, each removed key's lines taken
	/// out and each new key added to its mapping. Throws `FileFormatError` for a change it
	/// cannot make in place safely; the file is then left as it is.
	public func edit(
		_ document: Document?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Document?) {
		var problems: [FileFormatProblem] = []
		let edited: [UInt8]
		if let document {
			if let quick = try YAMLQuickEdit.apply(changes, to: document, giving: values) {
				return (quick.bytes, quick.document)
			}
			edited = try YAMLInPlaceEdit.apply(changes, to: document)
		} else {
			edited = try encode(values)
		}
		let read: Document
		do throws(FileFormatError) {
			read = try parse(edited, problems: &problems)
		} catch {
			throw YAMLInPlaceEdit.cannotEdit("the edited text would not read back (\(error.reason))", withoutContent: "the edited text would not read back")
		}
		guard Self.same(read.values, values) else {
			throw YAMLInPlaceEdit.cannotEdit("the edited text would not hold the values saved")
		}
		return (edited, read)
	}

	/// Whether two sets of values are equal, a NaN equal to a NaN.
	static func same(_ a: [String: Defaults.JSONValue], _ b: [String: Defaults.JSONValue]) -> Bool {
		same(.object(a), .object(b))
	}

	static func same(_ a: Defaults.JSONValue, _ b: Defaults.JSONValue) -> Bool {
		switch (a, b) {
		case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
		case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
		case (.object(let x), .object(let y)):
			return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
		default: return a == b
		}
	}

	func parse(_ bytes: [UInt8], problems: inout [FileFormatProblem]) throws(FileFormatError) -> Document {
		let tree: YAMLTree
		do {
			tree = try YAMLParser.parse(bytes)
		} catch {
			throw Self.invalid(error)
		}
		let count = tree.documents.count
		if count > 1 {
			problems.append(FileFormatProblem(
				key: "",
				reason: "the file holds \(count) YAML documents (separated by ---); document \(min(document, count)) of them is read and edited, the others are kept as they are"
			))
		}
		guard document <= max(count, 1) else {
			let reason = "the file holds \(count) YAML document\(count == 1 ? "" : "s"), not the document \(document) the format was told to read"
			throw FileFormatError(reason, withoutContent: reason)
		}
		let chosen = document <= count ? tree.documents[document - 1] : (root: nil, end: bytes.count)
		var composer = YAMLComposer(tree: tree, bytes: bytes)
		let values: [String: Defaults.JSONValue]
		do {
			values = try composer.settings(root: chosen.root)
		} catch {
			throw Self.invalid(error)
		}
		problems += composer.problems
		return Document(
			bytes: bytes, values: values, entries: composer.entries, tree: tree, root: chosen.root, end: chosen.end,
			referred: composer.referred, mergedKeys: composer.mergedKeys
		)
	}

	private static func invalid(_ error: YAMLSyntaxError) -> FileFormatError {
		FileFormatError("it is not valid YAML (\(error))", withoutContent: "it is not valid YAML (\(error.descriptionWithoutContent))")
	}
}
