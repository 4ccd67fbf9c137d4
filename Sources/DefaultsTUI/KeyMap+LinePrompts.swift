/// Where the line prompts (`--plain`) read a line; each prompt has its own words.
enum PromptContext: String, CaseIterable, Sendable {
	case setting, value, retry, program, found

	/// The heading of this prompt's words in the help and README.
	var title: String {
		switch self {
		case .setting: "At the prompt for a setting"
		case .value: "At the prompt for a value"
		case .retry: "At the prompt after a bad edit in $EDITOR"
		case .program: "At the prompt for a program"
		case .found: "At the prompt for a setting found"
		}
	}
}

/// What a line typed at a prompt must be for a binding to take it.
enum PromptInput: Hashable, Sendable {
	/// Exactly this word.
	case word(String)
	/// A line that starts with this text; the rest is the binding's argument (`/word`, `=TEXT`).
	case prefix(String)
	/// An empty line (Enter alone).
	case empty
	/// Any other line that is not empty: a number, a key, a name, a value.
	case other
}

/// One row of the line prompts' keymap: the lines, what they do, and how the help shows them.
struct PromptBinding: Sendable {
	let context: PromptContext
	let inputs: [PromptInput]
	/// The lines as the help and README show them (`l`, `/word`, `NUMBER`).
	let label: String
	let command: Command
	let description: String

	init(_ context: PromptContext, _ inputs: [PromptInput], _ label: String, _ command: Command, _ description: String) {
		self.context = context
		self.inputs = inputs
		self.label = label
		self.command = command
		self.description = description
	}
}

/**
The line prompts' part of the one table of keys: what a line typed at each prompt of
``PlainEditorModel`` and ``PlainProgramList`` does. Their input handling, their help, the
letters their prompts and messages name, and README's tables come from it.
*/
extension KeyMap {
	static let promptBindings: [PromptBinding] = settingPrompt + anyEditorPrompt(.setting) + valuePrompt + anyEditorPrompt(.value)
		+ retryPrompt + programPrompt + programListWords(.program) + foundPrompt + programListWords(.found)

	private static let settingPrompt: [PromptBinding] = [
		PromptBinding(.setting, [.other], "NUMBER", .edit, "change the setting of that number (or type its key)"),
		PromptBinding(.setting, [.prefix("/")], "/word", .search, "show only settings whose key, title or help has word; / alone shows all"),
		PromptBinding(.setting, [.word("?")], "?", .keysHelp, "what can be typed at the prompts"),
	]

	private static let valuePrompt: [PromptBinding] = [
		PromptBinding(.value, [.empty], "Enter", .cancel, "keep the value"),
		PromptBinding(.value, [.word("r")], "r", .reset, "reset it to its default"),
		PromptBinding(.value, [.word("?")], "?", .settingHelp, "its full help"),
		PromptBinding(.value, [.prefix("="), .other], "=TEXT", .apply, "the value TEXT, even when it is one of these letters"),
	]

	/// What works at both of the editor's prompts; `b` only when the editor was opened from the list of programs.
	private static func anyEditorPrompt(_ context: PromptContext) -> [PromptBinding] {
		[
			PromptBinding(context, [.word("l")], "l", .listAgain, "list the settings again"),
			PromptBinding(context, [.word("u")], "u", .undo, "undo the last change"),
			PromptBinding(context, [.word("b")], "b", .back, "back to the list of programs"),
			PromptBinding(context, [.word("q")], "q", .quit, "quit (so does the end of input, Ctrl-D); every change is saved as it is made"),
		]
	}

	private static let retryPrompt: [PromptBinding] = [
		PromptBinding(.retry, [.word("e"), .word("E"), .empty], "e Enter", .editAgain, "open $EDITOR again on your text"),
		PromptBinding(.retry, [.word("d"), .word("D")], "d", .discard, "discard your edit; the stored value stays"),
	]

	private static let programPrompt: [PromptBinding] = [
		PromptBinding(.program, [.other], "NUMBER", .edit, "open the settings of the program of that number (or type its name)"),
	]

	private static let foundPrompt: [PromptBinding] = [
		PromptBinding(.found, [.other], "NUMBER", .edit, "open the program's settings at the setting of that number"),
	]

	/// What works at both prompts of the list of programs.
	private static func programListWords(_ context: PromptContext) -> [PromptBinding] {
		[
			PromptBinding(context, [.prefix("/")], "/word", .search, "search every program's settings by title, key and help"),
			PromptBinding(context, [.word("l")], "l", .listAgain, "list the programs again"),
			PromptBinding(context, [.word("q")], "q", .quit, "quit"),
		]
	}

	/// The bindings of one prompt, in table order.
	static func promptBindings(in context: PromptContext) -> [PromptBinding] {
		promptBindings.filter { $0.context == context }
	}

	/**
	The command a line typed at a prompt gives, with its argument (the line without a prefix
	the binding names, or the whole line); `nil` when no binding takes it (an empty line at
	a prompt that has no use for one). The `excluded` commands do not apply now (`b` when there
	is no list of programs to go back to): their lines are taken as any other line.
	*/
	static func promptCommand(for line: String, in context: PromptContext, excluding excluded: Set<Command> = []) -> (command: Command, argument: String)? {
		var other: Command?
		for binding in promptBindings(in: context) where !excluded.contains(binding.command) {
			for input in binding.inputs {
				switch input {
				case .word(let word) where line == word: return (binding.command, line)
				case .prefix(let prefix) where line.hasPrefix(prefix): return (binding.command, String(line.dropFirst(prefix.count)))
				case .empty where line.isEmpty: return (binding.command, "")
				case .other where other == nil: other = binding.command
				default: continue
				}
			}
		}
		return line.isEmpty ? nil : other.map { ($0, line) }
	}

	/// The word a prompt or a message names for `command` at a prompt (`l`, `/`, `=`): what is typed for it.
	static func promptWord(for command: Command, in context: PromptContext) -> String {
		for binding in promptBindings(in: context) where binding.command == command {
			for input in binding.inputs {
				switch input {
				case .word(let word), .prefix(let word): return word
				case .empty, .other: continue
				}
			}
		}
		return "?"
	}

	/// The label a prompt names for `command` (`l`, `/word`, `=TEXT`): the first part of its binding's label.
	static func promptName(for command: Command, in context: PromptContext) -> String {
		guard let binding = promptBindings(in: context).first(where: { $0.command == command }) else { return "?" }
		return binding.label.split(separator: " ").first.map(String.init) ?? binding.label
	}

	/// The line prompts' tables for README, one per prompt.
	static func promptMarkdown() -> String {
		PromptContext.allCases.map { context in
			var lines = ["**\(context.title)**", "", "| Type | What it does |", "|---|---|"]
			lines += promptBindings(in: context).map { "| \(markdownLabel($0.label)) | \($0.description.replacingOccurrences(of: "|", with: "\\|")) |" }
			return lines.joined(separator: "\n")
		}.joined(separator: "\n\n")
	}

	/// What is typed in backticks (`l`, `/word`), a key's name or a placeholder (Enter, NUMBER) as it is.
	private static func markdownLabel(_ label: String) -> String {
		label.split(separator: " ").map { part in
			part.first?.isUppercase == true ? String(part) : "`\(part)`"
		}.joined(separator: " ")
	}
}
