/// Where a mapping's entry (`key: value`) lies in a YAML text, and how its value is written.
public struct YAMLEntry: Sendable, Equatable {
	/// The keys from the document's top mapping to this entry: `["services", "web", "image"]`.
	/// Entries are recorded for mappings reached through mappings alone, not inside sequences
	/// or through aliases.
	public let path: [String]
	/// The key's bytes.
	public let keyRange: Range<Int>
	/// The value's bytes, after its anchor and tag (an empty range for a value left out: `key:`).
	public let valueRange: Range<Int>
	/// Where the key's line starts.
	public let lineStart: Int
	/// The key's column, from 0, in bytes (the `- ` of a sequence item counts).
	public let indentation: Int
	/// How the value is written.
	public let style: YAMLValueStyle
	/// The value's anchor (`&name`), without the `&`.
	public let anchor: String?
	/// Whether an alias refers to the value's anchor: changing the value would change the alias's too.
	public let isReferredTo: Bool
	/// The value's tag when it is not one of the core schema's (`!Ref`, `!!binary`): the value is
	/// read as if untagged, and not changed in place.
	public let unknownTag: String?
}
