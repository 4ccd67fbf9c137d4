import Defaults

/**
The list of programs as line prompts: the programs numbered (the demo marked), chosen by
number or name, and `/word` to search every program's settings, as ``ProgramBrowser`` does
on a full screen.

```swift
let list = PlainProgramList(entries: entries, width: 80)
print(list.start().lines.joined(separator: "\n"))
list.handle(line: "/font")        // the settings found, numbered
list.handle(line: "2")            // .open(program: "notes", settingKey: "fontSize")
```
*/
public final class PlainProgramList {
	enum State: Equatable {
		case choosingProgram
		case choosingHit
	}

	/// The programs, in the order listed.
	public private(set) var entries: [ProgramEntry]
	private var index: SettingsIndex
	private var hits: [SettingHit] = []
	private var state = State.choosingProgram
	/// The width lines are wrapped to (80 when the terminal's is not known).
	private var width: Int

	/// Wraps the lines that follow to `newWidth`, the terminal's width now (when known).
	public func resize(to newWidth: Int?) {
		width = max(20, newWidth ?? width)
	}

	/// A list of `entries`; `width` is the terminal's, when known.
	public init(entries: [ProgramEntry], width: Int? = nil) {
		// Every program is listed at once, with its title and counts: each one's details are read.
		self.entries = entries.map { $0.read() }
		index = SettingsIndex(self.entries)
		self.width = max(20, width ?? 80)
	}

	/// Puts in the programs as they are now (after one was edited).
	public func replaceEntries(_ newEntries: [ProgramEntry]) {
		entries = newEntries.map { $0.read() }
		index = SettingsIndex(entries)
	}

	/// The list and the first prompt.
	public func start() -> (lines: [String], prompt: String) {
		state = .choosingProgram
		return (listing(), prompt)
	}

	/// The keymap's line-prompt context of what is being chosen now.
	private var context: PromptContext {
		switch state {
		case .choosingProgram: .program
		case .choosingHit: .found
		}
	}

	/// The prompt for what is being chosen now, naming the keymap's words.
	public var prompt: String {
		func name(_ command: Command) -> String { KeyMap.promptName(for: command, in: context) }
		return switch state {
		case .choosingProgram: "Program (number or name; \(name(.search)) searches every program's settings; \(name(.quit)) quit): "
		case .choosingHit: "Setting found (number; \(name(.listAgain)) lists the programs; \(name(.search)) searches again; \(name(.quit)) quit): "
		}
	}

	/// Handles a line typed at the prompt: lines to print, or a program to open, or quitting.
	public func handle(line: String) -> (lines: [String], action: BrowserAction) {
		let text = line.trimmingCharacters(in: .whitespaces)
		guard let (command, argument) = KeyMap.promptCommand(for: text, in: context) else { return ([], .none) }
		switch command {
		case .quit: return ([], .quit)
		case .listAgain:
			state = .choosingProgram
			return (listing(), .none)
		case .search:
			return search(argument)
		default:
			break
		}
		switch state {
		case .choosingHit:
			guard let number = Int(argument), hits.indices.contains(number - 1) else {
				return (wrap("There is no setting \(argument) among those found: type a number from 1 to \(hits.count)."), .none)
			}
			return ([], .open(program: hits[number - 1].program, settingKey: hits[number - 1].key))
		case .choosingProgram:
			let entry = Int(argument).flatMap { entries.indices.contains($0 - 1) ? entries[$0 - 1] : nil } ?? entries.first { $0.name == argument }
			guard let entry else {
				return (wrap("There is no program \(argument): type its number (1 to \(entries.count)) or its name."), .none)
			}
			if let problem = entry.problem {
				return (wrap("\(entry.name)'s settings cannot be shown: \(problem)"), .none)
			}
			return ([], .open(program: entry.name, settingKey: nil))
		}
	}

	/// The settings of every program that match `query`, numbered to be chosen.
	private func search(_ query: String) -> (lines: [String], action: BrowserAction) {
		hits = index.search(query)
		guard !hits.isEmpty else {
			state = .choosingProgram
			return (wrap("No setting of any program matches “\(query)”."), .none)
		}
		state = .choosingHit
		var lines = wrap("\(hits.count) setting\(hits.count == 1 ? "" : "s") found:")
		for (number, hit) in hits.enumerated() {
			lines += wrap("\(hit.place) (\(hit.key))", first: "  \(number + 1). ", indent: "     ")
		}
		return (lines, .none)
	}

	private func listing() -> [String] {
		var lines = wrap("Settings of the programs on this machine:")
		for (number, entry) in entries.enumerated() {
			let about: String
			if let problem = entry.problem {
				about = "cannot be shown: \(problem)"
			} else {
				let settings = entry.schema?.settings.count ?? 0
				about = (entry.isDemo ? "the built-in demo; " : "") + "\(settings) setting\(settings == 1 ? "" : "s")"
					+ (entry.modifiedCount.map { ", \($0) modified" } ?? "")
			}
			lines += wrap("\(entry.name): \(entry.problem == nil ? entry.title + " " : "")(\(about))", first: "  \(number + 1). ", indent: "     ")
		}
		return lines
	}

	private func wrap(_ text: String, first: String = "", indent: String = "") -> [String] {
		text.plainLines(width: width, first: first, indent: indent)
	}
}
