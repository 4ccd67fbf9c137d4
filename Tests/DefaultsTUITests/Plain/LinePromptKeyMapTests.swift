@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// The line prompts read their words from the keymap's line-prompt table: what the table binds
/// is what they take, what their help lists and what their prompts name.
@Suite("Line-prompt keymap")
struct LinePromptKeyMapTests {
	private func plain(canGoBack: Bool = true) -> PlainEditorModel {
		let store = InMemoryStore()
		let model = EditorModel(schema: DemoSettings.schema(store: store), store: store)
		model.canGoBack = canGoBack
		return PlainEditorModel(model: model, width: 200)
	}

	/// The exact words of a context's bindings (`l`, `u`), without prefixes and catch-alls.
	private func words(_ context: PromptContext) -> [(word: String, command: Command)] {
		KeyMap.promptBindings(in: context).flatMap { binding in
			binding.inputs.compactMap { input -> (String, Command)? in
				if case .word(let word) = input { return (word, binding.command) }
				return nil
			}
		}
	}

	@Test func eachLineMeansOneThingAtEachPrompt() {
		for context in PromptContext.allCases {
			var seen: Set<PromptInput> = []
			for binding in KeyMap.promptBindings(in: context) {
				for input in binding.inputs {
					#expect(!seen.contains(input), "\(input) is bound twice at the \(context) prompt")
					seen.insert(input)
				}
			}
		}
	}

	@Test func thePlainHelpListsExactlyTheKeymapsEntriesForTheEditorsPrompts() {
		for canGoBack in [true, false] {
			let help = plain(canGoBack: canGoBack).handle(line: "?").lines
			let labels = help.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { $0.dropFirst(2).prefix(8).trimmingCharacters(in: .whitespaces) }
			let headings = help.filter { !$0.hasPrefix(" ") }
			let bound = [PromptContext.setting, .value].flatMap { context in
				KeyMap.promptBindings(in: context).filter { canGoBack || $0.command != .back }.map(\.label)
			}
			#expect(labels == bound, "the help's keys are the keymap's: \(help)")
			#expect(headings == ["At the prompt for a setting:", "At the prompt for a value:"])
		}
	}

	/// Every word bound at the prompt for a setting does its command there: none is taken for a setting's name.
	@Test func everyWordBoundAtThePromptForASettingIsTakenThere() {
		for (word, command) in words(.setting) {
			let output = plain().handle(line: word)
			#expect(!output.lines.contains { $0.hasPrefix("There is no setting") }, "\(word) (\(command)) is not taken: \(output.lines)")
			#expect(!output.prompt.contains("["), "\(word) asked for a value")
		}
	}

	/// Every word bound at the prompt for a value does its command there: none is stored as the value.
	@Test func everyWordBoundAtThePromptForAValueIsTakenThere() {
		for (word, command) in words(.value) {
			let editor = plain()
			_ = editor.handle(line: "username")
			_ = editor.handle(line: word)
			#expect(editor.model.store.storedValue(forKey: "username") == nil, "\(word) (\(command)) was stored as the value")
		}
	}

	/// Every word bound at the list of programs' prompts does its command there: none is taken for a program's name.
	@Test func everyWordBoundAtTheListOfProgramsIsTakenThere() throws {
		for context in [PromptContext.program, .found] {
			for (word, command) in words(context) {
				let list = PlainProgramList(entries: [ProgramEntry(name: "defaults-tui", schema: DemoSettings.schema(store: InMemoryStore()), isDemo: true)], width: 80)
				if context == .found { #expect(list.handle(line: "/font").lines.first?.hasSuffix("found:") == true) }
				let output = list.handle(line: word)
				#expect(!output.lines.contains { $0.hasPrefix("There is no") }, "\(word) (\(command)) is not taken at the \(context) prompt: \(output.lines)")
			}
		}
	}

	/// The letters a prompt names are bound to what it says they do.
	@Test func thePromptsNameTheBoundWords() {
		let editor = plain()
		let prompt = editor.start().prompt
		for (command, word) in [(Command.listAgain, "list"), (.search, "filter"), (.undo, "undo"), (.keysHelp, "help"), (.back, "back"), (.quit, "quit")] {
			let name = KeyMap.promptName(for: command, in: .setting)
			#expect(prompt.contains("\(name) \(word)"), "\(prompt) names \(name) for \(command)")
			#expect(KeyMap.promptCommand(for: KeyMap.promptWord(for: command, in: .setting), in: .setting)?.command == command)
		}
		#expect(PlainProgramList(entries: [], width: 200).prompt.contains("/word searches every program's settings; q quit"))
	}

	/// Where a prompt and the full-screen editor give a command to a letter, it is the same
	/// letter: `u` undoes in both, and a new letter for undo in the list must be the prompt's too.
	@Test func thePromptsTypeTheLettersTheFullScreenEditorBindsForTheSameCommand() {
		let fullScreen: [PromptContext: KeyContext] = [.setting: .browsing, .value: .browsing, .retry: .retryingEdit, .program: .choosingProgram, .found: .choosingProgram]
		var compared = 0
		for context in PromptContext.allCases {
			guard let screenContext = fullScreen[context] else { continue }
			for binding in KeyMap.promptBindings(in: context) {
				let letters = KeyMap.bindings(in: screenContext).filter { $0.command == binding.command }.flatMap(\.keys).compactMap { key -> String? in
					if case .character(let character) = key { return String(character) }
					return nil
				}
				guard !letters.isEmpty else { continue }
				let typed = binding.inputs.compactMap { input -> String? in
					switch input {
					case .word(let word), .prefix(let word): word
					case .empty, .other: nil
					}
				}
				// A number or a name: no letter of its own.
				guard !typed.isEmpty else { continue }
				compared += 1
				#expect(!Set(typed).isDisjoint(with: letters), "\(binding.command) is \(typed) at the \(context) prompt but \(letters) in \(screenContext)")
			}
		}
		#expect(compared >= 8, "the shared commands were compared (\(compared))")
	}

	@Test func aLineIsMatchedByWordPrefixEmptyOrAsAnyOtherLine() {
		#expect(KeyMap.promptCommand(for: "u", in: .setting)?.command == .undo)
		#expect(KeyMap.promptCommand(for: "/font", in: .setting).map { "\($0.command) \($0.argument)" } == "search font")
		#expect(KeyMap.promptCommand(for: "=q", in: .value).map { "\($0.command) \($0.argument)" } == "apply q")
		#expect(KeyMap.promptCommand(for: "q", in: .value)?.command == .quit)
		#expect(KeyMap.promptCommand(for: "", in: .value)?.command == .cancel)
		#expect(KeyMap.promptCommand(for: "", in: .setting) == nil, "an empty line asks again")
		#expect(KeyMap.promptCommand(for: "12", in: .setting).map { "\($0.command) \($0.argument)" } == "edit 12")
		#expect(KeyMap.promptCommand(for: "b", in: .setting, excluding: [.back])?.command == .edit, "b is a setting's key when there is nothing to go back to")
		#expect(KeyMap.promptCommand(for: "x", in: .retry) == nil)
	}
}
