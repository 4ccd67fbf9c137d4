/// How a YAML value is written.
public enum YAMLValueStyle: Sendable, Equatable {
	/// A plain scalar: `dark`, `14`, `true`.
	case plain
	/// `'single-quoted'`.
	case singleQuoted
	/// `"double-quoted"`.
	case doubleQuoted
	/// A literal block scalar, `|`.
	case literal
	/// A folded block scalar, `>`.
	case folded
	/// A flow sequence or mapping: `[a, b]`, `{x: 1}`.
	case flowCollection
	/// A block sequence (`- a` lines) or mapping (`key: value` lines).
	case blockCollection
	/// An alias, `*name`: the value written elsewhere, at its anchor.
	case alias
}

/// A node of a YAML document as written: where it lies and how, before its value is resolved.
struct YAMLNode: Sendable {
	enum Kind: Sendable {
		/// A scalar and its value text (escapes and folding undone, as libyaml gives it).
		case scalar(String)
		case sequence
		/// A mapping; `children` holds its keys and values, alternately.
		case mapping
		/// An alias, and the node of its anchor (`nil`: no anchor of that name before it).
		case alias(name: String, target: Int?)
	}

	var kind: Kind
	var style: YAMLValueStyle
	/// From the node's first byte, its anchor or tag if it has any, to its last byte (a block
	/// scalar's last non-blank byte; a block collection's last member's).
	var start: Int
	/// The end of the node's text.
	var end: Int
	/// Where the value itself begins, after its anchor and tag (the `|` of a block scalar).
	var contentStart: Int
	/// The anchor (`&name`), without the `&`.
	var anchor: String?
	/// The tag in full (`tag:yaml.org,2002:str`, `!Ref`); `nil` when none is written.
	var tag: String?
	/// The items of a sequence; the keys and values of a mapping, alternately.
	var children: [Int] = []
	/// The collection holding this node, `nil` for a document's root.
	var parent: Int?
	/// Whether the node lies inside a flow collection.
	var isInFlow = false
}

/// The nodes of a YAML stream, and where each document's root is.
struct YAMLTree: Sendable {
	var nodes: [YAMLNode] = []
	/// The root node of each document (`nil`: the document is empty), and where the document's
	/// text ends (before its `...`, or the next `---`, or at the end of the text).
	var documents: [(root: Int?, end: Int)] = []
}
