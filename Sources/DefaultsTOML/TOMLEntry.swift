// Where the statements and headers of a TOML text lie, as the reader records them for in-place edits.

/// One key's value in a TOML text: its whole path from the root, where its value lies, and its line.
public struct TOMLEntry: Equatable, Sendable {
	/// The table names and the key: `["package", "version"]` for `version` under `[package]`.
	public let path: [String]
	/// Where the key begins (its first byte, a quote of a quoted key).
	public let keyStart: Int
	/// The bytes of the value (`"1.0"` with its quotes, an inline table or array whole).
	public let valueRange: Range<Int>
	/// The line of the key, from 1.
	public let line: Int
	/// Whether the key lies in an element of an array of tables (`[[bin]]`), which `path` does not name.
	public let isInArrayOfTables: Bool
	/// The table whose header the key stands under: `["package"]` for `version` under `[package]`, `[]` at the top.
	public let table: [String]
	/// The key's place, with the element of each array of tables on the way: `bin`, element 1, `name`.
	let location: [TOMLStep]
	/// The place of the table whose header the key stands under.
	let tableLocation: [TOMLStep]
}

/// One step of a value's place in a TOML document: a key, or an element of an array of tables (`[[bin]]`).
enum TOMLStep: Hashable, Sendable {
	case key(String)
	case element(Int)
}

/// A table's header in a TOML text, `[a.b]` or `[[a]]`, and where its line ends.
struct TOMLHeader: Equatable, Sendable {
	/// The table's names.
	let path: [String]
	/// Whether it is `[[a]]`, an element of an array of tables.
	let isArray: Bool
	/// The offset just after its line (after the line end, or the text's end).
	let end: Int
	/// The table's place, with the element of each array of tables on the way (the new one's for `[[a]]`).
	let location: [TOMLStep]
	/// The offset of its line's start (before any blanks ahead of `[`).
	let lineStart: Int
}
