/// What a key does. The editor model and the widgets act on commands, never on raw keys.
enum Command: Hashable, Sendable {
	// Moving, in the list and in lists and pages
	case moveUp, moveDown, pageUp, pageDown, first, last
	// Changing the selected setting (each widget says what these do for it)
	case decrease, increase, decreaseMore, increaseMore, minimum, maximum
	case activate, edit, editExternally, unset
	// The editor
	case reset, resetAll, undo, redo, modifiedOnly, search, nextMatch, previousMatch, showAll
	case settingHelp, keysHelp, redraw, quit
	// Editing text
	case apply, cancel, takeOutsideValue, reveal
	case cursorLeft, cursorRight, cursorHome, cursorEnd, deleteBackward, deleteForward, eraseToStart, eraseToEnd
	// Lists, confirmations
	case choose, toggleItem, confirm, decline, editAgain, discard
	// Quitting with changes not saved
	case exportAndQuit
	// The line prompts: list again, go back to the list of programs
	case listAgain, back
	// A page's list or map: add, remove, move and rename items; a variant's form
	case addItem, removeItem, moveItemUp, moveItemDown, renameMember, chooseForm
}

/// Where keys are read; each context has its own bindings, and a key means one thing in each.
enum KeyContext: String, CaseIterable, Sendable {
	case browsing, editingText, choosingOne, choosingMany, filtering, naming, reading, confirmingReset, retryingEdit, confirmingQuit
	case choosingProgram, searchingSettings

	/// The heading of this context in the keys page and README.
	var title: String {
		switch self {
		case .browsing: "In the list"
		case .editingText: "Editing text or a number"
		case .choosingOne: "In a picker's list"
		case .choosingMany: "In a checklist"
		case .filtering: "Typing a filter"
		case .naming: "Typing a member's name"
		case .reading: "On a help page"
		case .confirmingReset: "Asked to reset all"
		case .retryingEdit: "After a bad edit in $EDITOR"
		case .confirmingQuit: "Quitting with changes not saved"
		case .choosingProgram: "In the list of programs"
		case .searchingSettings: "Searching every program's settings"
		}
	}

	/// Whether Ctrl-C is a key here (it cancels what is being typed or chosen) rather than the
	/// interrupt that ends the editor, as it is in the list.
	var takesControlC: Bool {
		switch self {
		case .editingText, .choosingOne, .choosingMany, .filtering, .naming, .searchingSettings: true
		case .browsing, .reading, .confirmingReset, .retryingEdit, .confirmingQuit, .choosingProgram: false
		}
	}

	/// What the context does with keys that are not bound: typed text, or a jump by first letters.
	var note: String? {
		switch self {
		case .editingText, .filtering, .naming: "Other keys type text."
		case .searchingSettings: "Other keys type the search: every word must appear in a setting's title, key or help."
		case .choosingOne, .choosingMany: "Letters jump to the first choice whose title starts with them."
		default: nil
		}
	}
}

/// One row of the keymap: the keys, what they do, and how the hint bar shows them.
struct KeyBinding: Sendable {
	/// A hint-bar entry: a short label, a word or two, and a priority (0 is never dropped).
	struct Hint: Sendable {
		let label: String
		let text: String
		let priority: Int
	}

	let context: KeyContext
	let keys: [EditorKey]
	/// The keys as the keys page and README show them.
	let label: String
	let command: Command
	let description: String
	let hint: Hint?

	init(_ context: KeyContext, _ keys: [EditorKey], _ label: String, _ command: Command, _ description: String, hint: Hint? = nil) {
		self.context = context
		self.keys = keys
		self.label = label
		self.command = command
		self.description = description
		self.hint = hint
	}
}

/**
The one table of keys: input handling, the hint bar, the keys page and README's key
tables all come from it (a test compares README and the DocC article on the editor with
``markdown()``). The line prompts' words are its other part (`KeyMap+LinePrompts.swift`).
*/
enum KeyMap {
	private typealias Hint = KeyBinding.Hint

	static let bindings: [KeyBinding] = browsing + textEditing(.editingText) + editingText + choosingOne + choosingMany
		+ textEditing(.filtering) + filtering + textEditing(.naming) + naming + reading + confirming + choosingProgram + textEditing(.searchingSettings) + searchingSettings

	private static let browsing: [KeyBinding] = [
		KeyBinding(.browsing, [.up, .character("k")], "↑ k", .moveUp, "move up"),
		KeyBinding(.browsing, [.down, .character("j")], "↓ j", .moveDown, "move down", hint: Hint(label: "↑↓", text: "move", priority: 9)),
		KeyBinding(.browsing, [.pageUp], "PgUp", .pageUp, "move a page up"),
		KeyBinding(.browsing, [.pageDown], "PgDn", .pageDown, "move a page down"),
		KeyBinding(.browsing, [.home, .character("g")], "Home g", .first, "go to the first setting"),
		KeyBinding(.browsing, [.end, .character("G")], "End G", .last, "go to the last setting"),
		KeyBinding(.browsing, [.character(" ")], "Space", .activate, "flip a toggle; open a picker's or a checklist's list; start typing in a text field",
			hint: Hint(label: "␣", text: "", priority: 1)),
		KeyBinding(.browsing, [.enter], "Enter", .edit, "edit the value: in place, in a list, or in $EDITOR; a list, a map or an object opens as a page of its items (→ too)",
			hint: Hint(label: "⏎", text: "", priority: 1)),
		KeyBinding(.browsing, [.left, .character("h")], "← h", .decrease, "turn a toggle off, step a slider down, previous choice",
			hint: Hint(label: "←→", text: "", priority: 2)),
		KeyBinding(.browsing, [.right, .character("l")], "→ l", .increase, "turn a toggle on, step a slider up, next choice"),
		KeyBinding(.browsing, [.shiftLeft, .character("[")], "⇧← [", .decreaseMore, "step a slider down by a tenth of its range",
			hint: Hint(label: "[ ]", text: "", priority: 6)),
		KeyBinding(.browsing, [.shiftRight, .character("]")], "⇧→ ]", .increaseMore, "step a slider up by a tenth of its range"),
		KeyBinding(.browsing, [.character("<")], "<", .minimum, "set a slider to its minimum", hint: Hint(label: "< >", text: "", priority: 8)),
		KeyBinding(.browsing, [.character(">")], ">", .maximum, "set a slider to its maximum"),
		KeyBinding(.browsing, [.character("e")], "e", .editExternally, "edit a list, dictionary or object as JSON in $EDITOR",
			hint: Hint(label: "e", text: "", priority: 1)),
		KeyBinding(.browsing, [.character("x"), .delete], "x Delete", .unset, "unset an optional setting",
			hint: Hint(label: "x", text: "", priority: 5)),
		KeyBinding(.browsing, [.character("r")], "r", .reset, "reset the setting to its default (also clears an invalid value)",
			hint: Hint(label: "r", text: "reset", priority: 3)),
		KeyBinding(.browsing, [.character("R")], "R", .resetAll, "reset every setting (asks first)", hint: Hint(label: "R", text: "all", priority: 10)),
		KeyBinding(.browsing, [.character("u")], "u", .undo, "undo the last change (a reset of all settings or an $EDITOR edit is one change)",
			hint: Hint(label: "u", text: "undo", priority: 4)),
		KeyBinding(.browsing, [.control("r")], "Ctrl-R", .redo, "redo what was undone", hint: Hint(label: "^R", text: "redo", priority: 11)),
		KeyBinding(.browsing, [.character("a")], "a", .addItem, "on a list's page, add an item after the selected one; on a map's, add a member (its name is asked)",
			hint: Hint(label: "a", text: "add", priority: 3)),
		KeyBinding(.browsing, [.character("d")], "d", .removeItem, "on a list's or a map's page, remove the selected item or member (x and Delete do too)",
			hint: Hint(label: "d", text: "remove", priority: 4)),
		KeyBinding(.browsing, [.character("K")], "K", .moveItemUp, "on a list's page, move the selected item up",
			hint: Hint(label: "K J", text: "move item", priority: 6)),
		KeyBinding(.browsing, [.character("J")], "J", .moveItemDown, "on a list's page, move the selected item down"),
		KeyBinding(.browsing, [.character("c"), .function(2)], "c F2", .renameMember, "on a map's page, rename the selected member (the name is asked)",
			hint: Hint(label: "c", text: "rename", priority: 6)),
		KeyBinding(.browsing, [.character("f")], "f", .chooseForm, "choose the form of a setting that may take several (text or list, …): the value is converted where it can be",
			hint: Hint(label: "f", text: "form", priority: 3)),
		KeyBinding(.browsing, [.character("m")], "m", .modifiedOnly, "show only modified settings, or all again",
			hint: Hint(label: "m", text: "modified", priority: 7)),
		KeyBinding(.browsing, [.character("/")], "/", .search, "filter by key, title or help; matches are highlighted",
			hint: Hint(label: "/", text: "filter", priority: 5)),
		KeyBinding(.browsing, [.character("n")], "n", .nextMatch, "next match of the filter", hint: Hint(label: "n N", text: "next/prev", priority: 3)),
		KeyBinding(.browsing, [.character("N")], "N", .previousMatch, "previous match of the filter"),
		KeyBinding(.browsing, [.escape], "Esc", .showAll, "leave the filter and the modified-only view; then back from a page to the list it was opened from (← too, on a row it does not change); then back to the list of programs (to its search, for a setting the search found), when the editor was opened from it",
			hint: Hint(label: "Esc", text: "show all", priority: 2)),
		KeyBinding(.browsing, [.character("?")], "?", .settingHelp, "help on the selected setting; ? again for all keys",
			hint: Hint(label: "?", text: "help", priority: 0)),
		KeyBinding(.browsing, [.function(1)], "F1", .keysHelp, "all keys"),
		KeyBinding(.browsing, [.control("l")], "Ctrl-L", .redraw, "redraw the screen"),
		KeyBinding(.browsing, [.character("q"), .control("c")], "q Ctrl-C", .quit, "quit", hint: Hint(label: "q", text: "quit", priority: 0)),
	]

	private static func textEditing(_ context: KeyContext) -> [KeyBinding] {
		[
			KeyBinding(context, [.left], "←", .cursorLeft, "move the cursor left"),
			KeyBinding(context, [.right], "→", .cursorRight, "move the cursor right"),
			KeyBinding(context, [.home, .control("a")], "Home Ctrl-A", .cursorHome, "move to the start"),
			KeyBinding(context, [.end, .control("e")], "End Ctrl-E", .cursorEnd, "move to the end"),
			KeyBinding(context, [.backspace], "Backspace", .deleteBackward, "erase the character before the cursor"),
			KeyBinding(context, [.delete, .control("d")], "Delete Ctrl-D", .deleteForward, "erase the character under the cursor"),
			KeyBinding(context, [.control("u")], "Ctrl-U", .eraseToStart, "erase to the start", hint: Hint(label: "^U", text: "erase", priority: 5)),
			KeyBinding(context, [.control("k")], "Ctrl-K", .eraseToEnd, "erase to the end"),
		]
	}

	private static let editingText: [KeyBinding] = [
		KeyBinding(.editingText, [.enter], "Enter", .apply, "apply (a value that does not fit is shown and changes nothing)",
			hint: Hint(label: "⏎", text: "apply", priority: 0)),
		KeyBinding(.editingText, [.escape, .control("c")], "Esc Ctrl-C", .cancel, "cancel the edit", hint: Hint(label: "Esc", text: "cancel", priority: 0)),
		KeyBinding(.editingText, [.control("t")], "Ctrl-T", .reveal, "show or hide a secret while typing",
			hint: Hint(label: "^T", text: "show/hide", priority: 1)),
		KeyBinding(.editingText, [.control("r")], "Ctrl-R", .takeOutsideValue, "take the value that changed elsewhere meanwhile",
			hint: Hint(label: "^R", text: "take new value", priority: 1)),
	]

	private static let choosingOne: [KeyBinding] = listMoves(.choosingOne) + [
		KeyBinding(.choosingOne, [.enter, .character(" ")], "Enter Space", .choose, "choose", hint: Hint(label: "⏎", text: "choose", priority: 0)),
		KeyBinding(.choosingOne, [.escape, .control("c")], "Esc Ctrl-C", .cancel, "close the list without a change", hint: Hint(label: "Esc", text: "cancel", priority: 0)),
	]

	private static let choosingMany: [KeyBinding] = listMoves(.choosingMany) + [
		KeyBinding(.choosingMany, [.character(" ")], "Space", .toggleItem, "check or uncheck a choice", hint: Hint(label: "␣", text: "check", priority: 0)),
		KeyBinding(.choosingMany, [.enter], "Enter", .apply, "apply the checked choices", hint: Hint(label: "⏎", text: "apply", priority: 0)),
		KeyBinding(.choosingMany, [.escape, .control("c")], "Esc Ctrl-C", .cancel, "close the list without a change", hint: Hint(label: "Esc", text: "cancel", priority: 0)),
	]

	private static func listMoves(_ context: KeyContext) -> [KeyBinding] {
		[
			KeyBinding(context, [.up], "↑", .moveUp, "previous choice"),
			KeyBinding(context, [.down], "↓", .moveDown, "next choice", hint: Hint(label: "↑↓", text: "move", priority: 2)),
			KeyBinding(context, [.pageUp], "PgUp", .pageUp, "a page up"),
			KeyBinding(context, [.pageDown], "PgDn", .pageDown, "a page down"),
			KeyBinding(context, [.home], "Home", .first, "first choice"),
			KeyBinding(context, [.end], "End", .last, "last choice"),
		]
	}

	private static let filtering: [KeyBinding] = [
		KeyBinding(.filtering, [.enter], "Enter", .apply, "keep the filter and go back to the list", hint: Hint(label: "⏎", text: "keep", priority: 0)),
		KeyBinding(.filtering, [.escape, .control("c")], "Esc Ctrl-C", .cancel, "clear the filter", hint: Hint(label: "Esc", text: "clear", priority: 0)),
	]

	private static let naming: [KeyBinding] = [
		KeyBinding(.naming, [.enter], "Enter", .apply, "add the member, or rename it (a name the schema refuses is shown and changes nothing)",
			hint: Hint(label: "⏎", text: "apply", priority: 0)),
		KeyBinding(.naming, [.escape, .control("c")], "Esc Ctrl-C", .cancel, "cancel: nothing is added or renamed", hint: Hint(label: "Esc", text: "cancel", priority: 0)),
	]

	private static let reading: [KeyBinding] = [
		KeyBinding(.reading, [.up, .character("k")], "↑ k", .moveUp, "scroll up"),
		KeyBinding(.reading, [.down, .character("j")], "↓ j", .moveDown, "scroll down", hint: Hint(label: "↑↓", text: "scroll", priority: 2)),
		KeyBinding(.reading, [.pageUp], "PgUp", .pageUp, "a page up"),
		KeyBinding(.reading, [.pageDown, .character(" ")], "PgDn Space", .pageDown, "a page down"),
		KeyBinding(.reading, [.home, .character("g")], "Home g", .first, "to the top"),
		KeyBinding(.reading, [.end, .character("G")], "End G", .last, "to the bottom"),
		KeyBinding(.reading, [.character("?"), .function(1)], "? F1", .keysHelp, "all keys", hint: Hint(label: "?", text: "keys", priority: 1)),
		KeyBinding(.reading, [.escape, .character("q")], "Esc q", .cancel, "back to the list", hint: Hint(label: "Esc", text: "back", priority: 0)),
	]

	private static let choosingProgram: [KeyBinding] = [
		KeyBinding(.choosingProgram, [.up, .character("k")], "↑ k", .moveUp, "previous program"),
		KeyBinding(.choosingProgram, [.down, .character("j")], "↓ j", .moveDown, "next program", hint: Hint(label: "↑↓", text: "move", priority: 2)),
		KeyBinding(.choosingProgram, [.pageUp], "PgUp", .pageUp, "a page up"),
		KeyBinding(.choosingProgram, [.pageDown], "PgDn", .pageDown, "a page down"),
		KeyBinding(.choosingProgram, [.home, .character("g")], "Home g", .first, "first program"),
		KeyBinding(.choosingProgram, [.end, .character("G")], "End G", .last, "last program"),
		KeyBinding(.choosingProgram, [.enter, .right, .character("l")], "Enter → l", .edit, "open the program's settings (Esc in them comes back here)",
			hint: Hint(label: "⏎", text: "open", priority: 0)),
		KeyBinding(.choosingProgram, [.character("/")], "/", .search, "search every program's settings by title, key and help",
			hint: Hint(label: "/", text: "search all settings", priority: 1)),
		KeyBinding(.choosingProgram, [.control("l")], "Ctrl-L", .redraw, "redraw the screen"),
		KeyBinding(.choosingProgram, [.character("q"), .control("c")], "q Ctrl-C", .quit, "quit", hint: Hint(label: "q", text: "quit", priority: 0)),
	]

	private static let searchingSettings: [KeyBinding] = [
		KeyBinding(.searchingSettings, [.up], "↑", .moveUp, "previous setting found"),
		KeyBinding(.searchingSettings, [.down], "↓", .moveDown, "next setting found", hint: Hint(label: "↑↓", text: "move", priority: 2)),
		KeyBinding(.searchingSettings, [.pageUp], "PgUp", .pageUp, "a page up"),
		KeyBinding(.searchingSettings, [.pageDown], "PgDn", .pageDown, "a page down"),
		KeyBinding(.searchingSettings, [.enter], "Enter", .apply, "open the program's settings at the setting found",
			hint: Hint(label: "⏎", text: "open", priority: 0)),
		KeyBinding(.searchingSettings, [.escape, .control("c")], "Esc Ctrl-C", .cancel, "end the search, back to the list of programs",
			hint: Hint(label: "Esc", text: "back", priority: 0)),
	]

	private static let confirming: [KeyBinding] = [
		KeyBinding(.confirmingReset, [.character("y"), .character("Y")], "y", .confirm, "reset every setting to its default",
			hint: Hint(label: "y", text: "reset all", priority: 0)),
		KeyBinding(.confirmingReset, [.character("n"), .character("N"), .escape], "n Esc", .decline, "keep the settings",
			hint: Hint(label: "n", text: "keep", priority: 0)),
		KeyBinding(.retryingEdit, [.character("e"), .enter], "e Enter", .editAgain, "open $EDITOR again on your text",
			hint: Hint(label: "e", text: "edit again", priority: 0)),
		// Esc and q give the safe answer, as Esc does in the other questions: what is stored stays.
		KeyBinding(.retryingEdit, [.character("d"), .escape, .character("q")], "d Esc q", .discard, "discard your edit; the stored value stays",
			hint: Hint(label: "d", text: "discard", priority: 0)),
		KeyBinding(.confirmingQuit, [.character("w"), .character("W")], "w", .exportAndQuit,
			"write every value to a file (defaults-tui import applies it later), then quit", hint: Hint(label: "w", text: "write to a file, quit", priority: 0)),
		KeyBinding(.confirmingQuit, [.character("y"), .character("Y")], "y", .confirm, "quit; the changes not saved are lost",
			hint: Hint(label: "y", text: "quit anyway", priority: 0)),
		KeyBinding(.confirmingQuit, [.character("n"), .character("N"), .escape], "n Esc", .decline, "stay in the editor",
			hint: Hint(label: "n", text: "stay", priority: 0)),
	]

	private static let lookup: [KeyContext: [EditorKey: Command]] = {
		var table: [KeyContext: [EditorKey: Command]] = [:]
		for binding in bindings {
			for key in binding.keys where table[binding.context]?[key] == nil {
				table[binding.context, default: [:]][key] = binding.command
			}
		}
		return table
	}()

	/// The command a key gives in a context, if it is bound there.
	static func command(for key: EditorKey, in context: KeyContext) -> Command? {
		lookup[context]?[key]
	}

	/**
	The key a message names for `command` in `context` ("r", "Esc", "Ctrl-R"): the first
	key of its binding as the keys page shows it, so a message that tells which key to
	press says what the keymap binds.
	*/
	static func keyName(for command: Command, in context: KeyContext) -> String {
		guard let binding = bindings(in: context).first(where: { $0.command == command }) else { return "?" }
		return binding.label.split(separator: " ").first.map(String.init) ?? binding.label
	}

	/// The bindings of one context, in table order.
	static func bindings(in context: KeyContext) -> [KeyBinding] {
		bindings.filter { $0.context == context }
	}

	/**
	The hint bar: the hints of a context, with the words `describe` gives for each
	command (`nil` drops a hint, an empty text keeps the binding's own), fitted to
	`width` by dropping the least important first. Priority 0 (help, quit) always stays.
	With `spellingSymbols`, for a terminal that cannot show them, the symbols are spelled out
	in ASCII (`Enter apply`, `Up/Down move`: see ``Symbols``).
	*/
	static func hintBar(in context: KeyContext, width: Int, spellingSymbols: Bool = false, describe: (Command) -> String?) -> String {
		var entries: [(text: String, priority: Int, order: Int)] = []
		for (order, binding) in bindings(in: context).enumerated() {
			guard let hint = binding.hint, let words = describe(binding.command) else { continue }
			let text = words.isEmpty ? hint.text : words
			let entry = text.isEmpty ? hint.label : "\(hint.label) \(text)"
			entries.append((spellingSymbols ? Symbols.spelled(entry) : entry, hint.priority, order))
		}
		var kept = entries
		func line() -> String { " " + kept.sorted { $0.order < $1.order }.map(\.text).joined(separator: "  ") }
		while line().cellWidth > width, let drop = kept.filter({ $0.priority > 0 }).max(by: { ($0.priority, $0.order) < ($1.priority, $1.order) }) {
			kept.removeAll { $0.order == drop.order }
		}
		return line()
	}

	/// README's tables: the keys page's, one table per context, then the line prompts' (``promptMarkdown()``).
	static func markdown() -> String {
		keysMarkdown() + "\n\n" + promptMarkdown()
	}

	/// The keys page as tables, one per context.
	private static func keysMarkdown() -> String {
		KeyContext.allCases.map { context in
			var lines = ["**\(context.title)**", "", "| Keys | What they do |", "|---|---|"]
			lines += bindings(in: context).map { "| \($0.label.markdownKeys) | \($0.description.replacingOccurrences(of: "|", with: "\\|")) |" }
			if let note = context.note { lines += ["", note] }
			return lines.joined(separator: "\n")
		}.joined(separator: "\n\n")
	}
}

extension String {
	/// Key names in backticks for README (`j k`), arrows and named keys as they are.
	fileprivate var markdownKeys: String {
		split(separator: " ").map { part in
			part.count == 1 && part.first?.isASCII == true ? "`\(part)`" : String(part)
		}.joined(separator: " ")
	}
}
