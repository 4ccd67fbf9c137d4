import Defaults

/**
The editor's first screen when programs have registered their settings: a list of
programs (the demo among them), and a search across all their settings. A pure model,
as ``EditorModel`` is: keys go in, a ``Screen`` comes out; ``TerminalBrowser`` runs it.

```swift
let browser = ProgramBrowser(entries: [notes, demo])
browser.handle(.resize(width: 100, height: 30))
browser.handle(.character("/"))
"font".forEach { browser.handle(.character($0)) }
if case .open(let program, let key) = browser.handle(.enter) {
	print("open \(program) at \(key ?? "the top")")   // open notes at fontSize
}
```
*/
public final class ProgramBrowser {
	enum Mode {
		/// The list of programs, one selected (named so, not `list`: a kind is called that).
		case programs
		/// Typing a search across every program's settings; the hits are listed as it is typed.
		case searching(TextBuffer)
	}

	/// The programs, in the order shown; a program's details are read when it is first shown
	/// (see ``ProgramEntry/details``).
	public private(set) var entries: [ProgramEntry]
	/// Every program's settings for the search, made at the first search (reading every program).
	private var index: SettingsIndex?
	var width = 80
	var height = 24
	var mode = Mode.programs
	/// The selected program, in `entries`.
	var selectedProgram = 0
	/// The settings the search found, and the selected one.
	var hits: [SettingHit] = []
	var selectedHit = 0
	var scrollTop = 0
	var message: (text: String, isError: Bool)?
	/// Whether the screen is drawn with ASCII in place of symbols (see ``Symbols``); the terminal layer sets it.
	var drawsASCIISymbols = false

	/// A browser over `entries`, with the first selected.
	public init(entries: [ProgramEntry]) {
		self.entries = entries
	}

	/// Puts in the programs as they are now (after one was edited, its modified count changed),
	/// keeping the selected program, and the search with the setting found that was selected.
	public func replaceEntries(_ newEntries: [ProgramEntry]) {
		let selectedName = entries.indices.contains(selectedProgram) ? entries[selectedProgram].name : nil
		entries = newEntries
		index = nil
		selectedProgram = newEntries.firstIndex { $0.name == selectedName } ?? min(selectedProgram, max(0, newEntries.count - 1))
		if case .searching(let buffer) = mode {
			let selected = hits.indices.contains(selectedHit) ? hits[selectedHit] : nil
			search(buffer.text)
			if let selected {
				selectedHit = hits.firstIndex { $0.program == selected.program && $0.key == selected.key } ?? min(selectedHit, max(0, hits.count - 1))
			}
		}
	}

	/// Reads the details of the programs at `indices` that are listed by name only.
	func readDetails(_ indices: Range<Int>) {
		for index in indices where entries.indices.contains(index) && entries[index].details != nil {
			entries[index] = entries[index].read()
		}
	}

	/// The words the editor's hint bar gives Esc in a program opened from here: what it goes back to.
	public var backHint: String {
		if case .searching = mode { return "search" }
		return "programs"
	}

	/// Shows `text` on the message line, as an error when `isError`.
	public func showMessage(_ text: String, isError: Bool = true) {
		message = (text, isError)
	}

	/// The part of the keymap that applies now.
	var keyContext: KeyContext {
		switch mode {
		case .programs: .choosingProgram
		case .searching: .searchingSettings
		}
	}

	/// Handles a key press and says what the terminal should do next.
	@discardableResult
	public func handle(_ key: EditorKey) -> BrowserAction {
		switch key {
		case .resize(let newWidth, let newHeight):
			width = max(newWidth, 1)
			height = max(newHeight, 1)
			return .none
		default:
			break
		}
		// The window is too small to show the list: keys would act on what cannot be seen. Only quitting works.
		if EditorModel.isTooSmall(width: width, height: height) {
			return KeyMap.command(for: key, in: .choosingProgram) == .quit ? .quit : .none
		}
		switch key {
		case .paste(let text):
			// Pasted text is typed into the search (starting one), never run as keys.
			switch EditorModel.typeable(text) {
			case .success(let typeable):
				var buffer = if case .searching(let buffer) = mode { buffer } else { TextBuffer("") }
				_ = buffer.handle(nil, key: .paste(typeable))
				mode = .searching(buffer)
				search(buffer.text)
			case .failure(let refusal):
				message = (refusal.reason, true)
			}
			return .none
		case .mouse:
			return .none
		default:
			break
		}
		let command = KeyMap.command(for: key, in: keyContext)
		switch mode {
		case .programs:
			return handleList(command)
		case .searching(var buffer):
			return handleSearch(command, key: key, buffer: &buffer)
		}
	}

	private func handleList(_ command: Command?) -> BrowserAction {
		message = nil
		if let command, let moved = moved(selectedProgram, count: entries.count, by: command) {
			selectedProgram = moved
			return .none
		}
		switch command {
		case .edit:
			guard entries.indices.contains(selectedProgram) else { return .none }
			readDetails(selectedProgram..<selectedProgram + 1)
			let entry = entries[selectedProgram]
			if let problem = entry.problem {
				message = ("\(entry.name)'s settings cannot be shown: \(problem)", true)
				return .none
			}
			return .open(program: entry.name, settingKey: nil)
		case .search:
			mode = .searching(TextBuffer(""))
			search("")
		case .redraw: return .redraw
		case .quit: return .quit
		default: break
		}
		return .none
	}

	private func handleSearch(_ command: Command?, key: EditorKey, buffer: inout TextBuffer) -> BrowserAction {
		message = nil
		if let command, let moved = moved(selectedHit, count: hits.count, by: command) {
			selectedHit = moved
			return .none
		}
		switch command {
		case .apply:
			guard hits.indices.contains(selectedHit) else {
				message = (buffer.text.isEmpty ? "Type words to look for in every program's settings." : "No setting matches “\(buffer.text)”.", false)
				return .none
			}
			let hit = hits[selectedHit]
			return .open(program: hit.program, settingKey: hit.key)
		case .cancel:
			mode = .programs
			hits = []
			scrollTop = 0
		default:
			guard buffer.handle(command, key: key) else { return .none }
			mode = .searching(buffer)
			search(buffer.text)
		}
		return .none
	}

	/// Finds the settings `query` matches, with the first selected. The first search reads every program.
	private func search(_ query: String) {
		if index == nil, !query.trimmingCharacters(in: .whitespaces).isEmpty {
			readDetails(entries.indices)
			index = SettingsIndex(entries)
		}
		hits = index?.search(query) ?? []
		selectedHit = 0
		scrollTop = 0
	}

	/// Rows of the list: the window less the title bar, the status and message lines and the hint bar.
	var listHeight: Int { max(1, height - 4) }

	/// Where a move command takes the selection `index` in a list of `count`; `nil` for other commands.
	private func moved(_ index: Int, count: Int, by command: Command) -> Int? {
		let target: Int
		switch command {
		case .moveUp: target = index - 1
		case .moveDown: target = index + 1
		case .pageUp: target = index - listHeight
		case .pageDown: target = index + listHeight
		case .first: target = 0
		case .last: target = count - 1
		default: return nil
		}
		return max(0, min(target, count - 1))
	}
}

/// What the terminal layer should do after a key press in the list of programs.
public enum BrowserAction: Equatable, Sendable {
	/// Nothing to do beyond drawing the new screen.
	case none
	/// End: the person quit.
	case quit
	/// Clear the terminal and draw everything again (Ctrl-L).
	case redraw
	/// Open the editor on `program`'s settings, with `settingKey` selected when a search found it.
	case open(program: String, settingKey: String?)
}
