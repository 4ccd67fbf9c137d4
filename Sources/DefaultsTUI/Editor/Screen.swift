/// How a piece of text is drawn. The terminal maps roles to colors, or to bold and
/// reverse video on terminals without colors (and with `NO_COLOR`).
public enum TextStyle: Sendable, Equatable {
	case normal
	case titleBar
	case sectionHeader
	case selected
	case modified
	case dim
	case error
	case flash
	case hint
	case input
	/// The part of a title that matches the filter.
	case match
}

/// A run of text in one style.
public struct Span: Sendable, Equatable {
	public var text: String
	public var style: TextStyle

	public init(_ text: String, _ style: TextStyle = .normal) {
		self.text = text
		self.style = style
	}
}

/// What the editor shows: one list of spans per row, and where the cursor is, if visible.
public struct Screen: Sendable, Equatable {
	public var width: Int
	public var height: Int
	public var lines: [[Span]]
	/// Row and column (in cells) of the text cursor, when editing text.
	public var cursor: (row: Int, column: Int)?

	public static func == (lhs: Screen, rhs: Screen) -> Bool {
		lhs.width == rhs.width && lhs.height == rhs.height && lhs.lines == rhs.lines
			&& lhs.cursor?.row == rhs.cursor?.row && lhs.cursor?.column == rhs.cursor?.column
	}

	/// The rows as plain text, for tests and logs.
	public var text: [String] {
		lines.map { $0.map(\.text).joined() }
	}
}
