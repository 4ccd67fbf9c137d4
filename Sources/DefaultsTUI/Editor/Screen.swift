/// How a piece of text is drawn. The terminal maps roles to colors, or to bold and
/// reverse video on terminals without colors (and with `NO_COLOR`).
public enum TextStyle: Sendable, Equatable {
	/// Plain text, such as an unselected setting's row.
	case normal
	/// The title bar at the top of the window.
	case titleBar
	/// The heading of a section of settings.
	case sectionHeader
	/// The selected row, or the highlighted choice in a list.
	case selected
	/// The marker of a setting that differs from its default.
	case modified
	/// Less important text, such as the value of a setting that is not set.
	case dim
	/// An error, a problem with a value, or a question that needs an answer.
	case error
	/// A row highlighted for a moment because its value changed in the store.
	case flash
	/// The hint bar and the help line at the bottom of the window.
	case hint
	/// Text being typed, a text field, or the box of a list of choices.
	case input
	/// The part of a title that matches the filter.
	case match
}

/// A run of text in one style.
public struct Span: Sendable, Equatable {
	/// The characters, as they are drawn.
	public var text: String
	/// How they are drawn.
	public var style: TextStyle

	/// A run of `text` drawn in `style`.
	public init(_ text: String, _ style: TextStyle = .normal) {
		self.text = text
		self.style = style
	}
}

/// What the editor shows: one list of spans per row, and where the cursor is, if visible.
///
/// ```swift
/// let model = EditorModel(schema: schema, store: InMemoryStore())
/// model.handle(.resize(width: 100, height: 30))
/// let screen = model.render()
/// print(screen.text.joined(separator: "\n"))   // the rows as plain text
/// let titleStyle = screen.lines[0][0].style     // .titleBar
/// ```
public struct Screen: Sendable, Equatable {
	/// The window's width in cells.
	public var width: Int
	/// The window's height in lines.
	public var height: Int
	/// Every line, as runs of styled text.
	public var lines: [[Span]]
	/// Row and column (in cells) of the text cursor, when editing text.
	public var cursor: (row: Int, column: Int)?

	/// Whether two screens draw the same (so that an unchanged one is not drawn again).
	public static func == (lhs: Screen, rhs: Screen) -> Bool {
		lhs.width == rhs.width && lhs.height == rhs.height && lhs.lines == rhs.lines
			&& lhs.cursor?.row == rhs.cursor?.row && lhs.cursor?.column == rhs.cursor?.column
	}

	/// The rows as plain text, for tests and logs.
	public var text: [String] {
		lines.map { $0.map(\.text).joined() }
	}
}

extension Screen {
	/// A window below the editor's smallest size says so in its middle, as briefly as fits.
	static func tooSmallLines(width: Int, height: Int) -> [[Span]] {
		let need = "\(EditorModel.minimumWidth)×\(EditorModel.minimumHeight)"
		let candidates = ["Window too small: need \(need), have \(width)×\(height)", "Too small: need \(need)", "Need \(need)", need]
		let text = candidates.first { $0.cellWidth <= width } ?? need
		return (0..<height).map { $0 == height / 2 ? [Span(text.fitted(to: width, pad: true), .error)] : [Span(String(repeating: " ", count: width))] }
	}
}
