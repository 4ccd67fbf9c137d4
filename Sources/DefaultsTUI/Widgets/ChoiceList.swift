import Defaults

/**
The list a picker or a checklist opens: a highlighted row that moves with the arrows,
Page Up/Down, Home and End, jumps by typed first letters, and a box drawn over the
settings that fits the window and scrolls inside itself.
*/
struct ChoiceList {
	let titles: [String]
	private(set) var highlighted: Int
	private(set) var typed = ""
	/// How far Page Up and Page Down move.
	private let pageSize = 5

	init(titles: [String], highlighted: Int) {
		self.titles = titles
		self.highlighted = titles.indices.contains(highlighted) ? highlighted : 0
	}

	/// Moves the highlight for a list command or a typed letter; returns false for other keys.
	mutating func handle(_ command: Command?, key: EditorKey) -> Bool {
		guard !titles.isEmpty else { return false }
		switch command {
		case .moveUp: highlighted = (highlighted - 1 + titles.count) % titles.count
		case .moveDown: highlighted = (highlighted + 1) % titles.count
		case .pageUp: highlighted = max(0, highlighted - pageSize)
		case .pageDown: highlighted = min(titles.count - 1, highlighted + pageSize)
		case .first: highlighted = 0
		case .last: highlighted = titles.count - 1
		case .some: return false
		case nil:
			guard case .character(let character) = key, !character.isWhitespace else { return false }
			typeAhead(character)
			return true
		}
		typed = ""
		return true
	}

	/// Jumps to the first title that starts with what was typed; starts over with this letter when nothing does.
	private mutating func typeAhead(_ character: Character) {
		let candidates = [typed + String(character), String(character)]
		for prefix in candidates {
			if let index = titles.firstIndex(where: { $0.lowercased().hasPrefix(prefix.lowercased()) }) {
				typed = prefix
				highlighted = index
				return
			}
		}
		typed = ""
	}

	/**
	The box: a border, the visible rows (`row` draws each title's text), and arrows when
	rows are hidden above or below. At most `height` rows and `width` cells.
	*/
	func box(width: Int, height: Int, row: (Int) -> String) -> [[Span]] {
		let shown = shownChoices(height: height)
		let textWidth = max(1, min(width - 4, (titles.indices.map { row($0).cellWidth }.max() ?? 1) + 2))
		var lines: [[Span]] = [[Span("┌" + String(repeating: "─", count: textWidth + 2) + "┐", .input)]]
		for index in shown {
			let marker = index == highlighted ? "▸ " : "  "
			let arrow = index == shown.lowerBound && shown.lowerBound > 0 ? "↑" : (index == shown.upperBound - 1 && shown.upperBound < titles.count ? "↓" : " ")
			lines.append([
				Span("│", .input),
				Span((marker + row(index)).fitted(to: textWidth + 1, pad: true), index == highlighted ? .selected : .input),
				Span(arrow + "│", .input),
			])
		}
		lines.append([Span("└" + String(repeating: "─", count: textWidth + 2) + "┘", .input)])
		return lines
	}

	/// The choices a box of at most `height` rows shows (two rows are its border), the highlighted one in view.
	private func shownChoices(height: Int) -> Range<Int> {
		let inner = max(1, min(titles.count, height - 2))
		let top = min(max(0, highlighted - inner / 2), max(0, titles.count - inner))
		return top..<min(titles.count, top + inner)
	}

	/// The choice drawn on `line` of the box ``box(width:height:row:)`` draws in `height` rows
	/// (line 0 is its top border), for a click; `nil` for a border.
	func choice(atBoxLine line: Int, height: Int) -> Int? {
		let shown = shownChoices(height: height)
		let index = shown.lowerBound + line - 1
		return line >= 1 && shown.contains(index) ? index : nil
	}

	/// Highlights a choice (one that was clicked).
	mutating func highlight(_ index: Int) {
		guard titles.indices.contains(index) else { return }
		highlighted = index
		typed = ""
	}
}

/**
An editor showing a setting's choices in a ``ChoiceList`` (a picker's list, a checklist): the
list moves the highlight, Esc cancels, and the editor says what its own command does to the
highlighted choice and what a click on a choice does.
*/
protocol ChoiceListEditor: WidgetEditor {
	var list: ChoiceList { get set }
	/// The text of a choice's row in the box.
	func text(ofChoice index: Int) -> String
	/// What the editor's own command (choose, check) does; `nil` for commands it leaves to the list.
	mutating func act(on command: Command) -> EditOutcome?
	/// What a click on a choice (now highlighted) does.
	mutating func clicked(choice index: Int) -> EditOutcome
}

extension ChoiceListEditor {
	mutating func handle(_ command: Command?, key: EditorKey) -> EditOutcome {
		if let command, let outcome = act(on: command) { return outcome }
		if command == .cancel { return .cancel }
		_ = list.handle(command, key: key)
		return .editing
	}

	func overlay(width: Int, height: Int) -> [[Span]]? {
		list.box(width: width, height: height) { text(ofChoice: $0) }
	}

	mutating func click(atLine line: Int, height: Int) -> EditOutcome? {
		guard let index = list.choice(atBoxLine: line, height: height) else { return nil }
		list.highlight(index)
		return clicked(choice: index)
	}

	func hint(for command: Command) -> String? { "" }
}
