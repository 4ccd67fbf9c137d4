import Defaults

/**
The editor as line prompts, for screen readers, `TERM=dumb`, serial consoles and logs: a
pure model, as ``EditorModel`` is. Lines typed go in; lines to print and the next prompt come
out, with no escape sequence and none longer than ``width``. Every change goes through the
full-screen editor's model (its locks, validation, undo and conflicts; its selection is the
filter `/word` sets) and each setting's widget (its prompt form beside its row form), so the
two editors keep the same rules. What a line typed at each prompt does, and the help that
lists it, come from the keymap's line-prompt table (`KeyMap+LinePrompts.swift`).

```swift
let plain = PlainEditorModel(model: EditorModel(schema: schema, store: store), width: 80)
print(plain.start().lines.joined(separator: "\n"))   // the settings, numbered
_ = plain.handle(line: "3")                            // Theme: 1. Light (current) 2. Dark …
let output = plain.handle(line: "2")                   // "Theme set to dark."
```
*/
public final class PlainEditorModel {
	enum State: Equatable {
		/// Asking which setting to change.
		case choosing
		/// Asking for the value of the setting of `key`.
		case answering(key: String)
		/// `$EDITOR` gave back text that does not fit: edit it again or discard it.
		case retrying(key: String)
		/// On the page of a list, map or form, or a variant (the last of ``levels``): what to do.
		case onPage
		/// Asking for the value of ``answering``, an item or member of the page.
		case answeringMember
	}

	/// What `$EDITOR` text that does not fit asks, with the keymap's words.
	static var retryQuestion: String {
		"Type \(KeyMap.promptWord(for: .editAgain, in: .retry)) to edit your text again in $EDITOR, or \(KeyMap.promptWord(for: .discard, in: .retry)) to discard it."
	}

	/// The full-screen editor's model, which every change goes through.
	public let model: EditorModel
	/// The terminal's width, when known: no line printed is longer.
	public var width: Int? {
		didSet { model.handle(.resize(width: lineWidth, height: 1000)) }
	}
	var state = State.choosing
	/// The editor's setting whose pages are open, and where it lies.
	var root: PlainRoot?
	/// The pages open, the first the root's: a list, a map, a form or a variant each.
	var levels: [PlainLevel] = []
	/// The item or member being asked for.
	var answering: Setting?
	/// The item or member out in `$EDITOR`.
	var externalMember: Setting?

	/// A line-prompt editor over `model`; `width` is the terminal's, when known.
	public init(model: EditorModel, width: Int? = nil) {
		self.model = model
		self.width = width
		model.handle(.resize(width: lineWidth, height: 1000))
	}

	/// The width lines are wrapped to: the terminal's, or 80 when it is not known.
	var lineWidth: Int { max(20, width ?? 80) }

	/// What is printed first: the title, the settings, and the first prompt.
	public func start() -> PlainOutput {
		output(listing(), ask: .choosing)
	}

	/// Handles one line typed at the prompt (without its line break): what it means comes from the keymap's line-prompt table.
	public func handle(line: String) -> PlainOutput {
		let text = line.trimmingCharacters(in: .whitespaces)
		switch state {
		case .choosing:
			return choose(text)
		case .answering(let key):
			return answer(text, forKey: key)
		case .retrying(let key):
			return retry(text, forKey: key)
		case .onPage:
			return onPage(text)
		case .answeringMember:
			return answerMember(text)
		}
	}

	/// The commands that do not apply now: `b` when there is no list of programs to go back to.
	var excludedCommands: Set<Command> {
		model.canGoBack ? [] : [.back]
	}

	/// The commands of either prompt: list, undo, quit and back.
	private func either(_ command: Command) -> PlainOutput? {
		switch command {
		case .listAgain: return output(listing(), ask: .choosing)
		case .undo:
			model.undo()
			return output(messageLines(), ask: .choosing)
		case .quit: return output([], ask: .choosing, action: .quit)
		case .back: return output([], ask: .choosing, action: .back)
		default: return nil
		}
	}

	private func choose(_ text: String) -> PlainOutput {
		guard let (command, argument) = KeyMap.promptCommand(for: text, in: .setting, excluding: excludedCommands) else { return output([], ask: .choosing) }
		if let done = either(command) { return done }
		switch command {
		case .search:
			model.filterText = argument.trimmingCharacters(in: .whitespaces)
			return output(listing(), ask: .choosing)
		case .keysHelp:
			return output(keysHelp(), ask: .choosing)
		default:
			break
		}
		let settings = model.schema.settings
		let setting: Setting? = if let number = Int(argument) {
			settings.indices.contains(number - 1) ? settings[number - 1] : nil
		} else {
			model.settingsByKey[argument] ?? settings.first { $0.title.lowercased() == argument.lowercased() }
		}
		guard let setting else {
			let range = settings.isEmpty ? "" : " (1 to \(settings.count))"
			return output(["There is no setting \(argument): type its number\(range) or its key; \(KeyMap.promptWord(for: .listAgain, in: .setting)) lists them."], ask: .choosing)
		}
		model.select(key: setting.key)
		if let refusal = model.lockRefusal(setting) {
			return output(wrap(refusal), ask: .choosing)
		}
		if Self.opensPrompts(setting) {
			return openRoot(setting)
		}
		return output(questionLines(setting), ask: .answering(key: setting.key))
	}

	private func answer(_ text: String, forKey key: String) -> PlainOutput {
		guard let setting = model.settingsByKey[key], let widget = model.widgets[key],
			let (command, value) = KeyMap.promptCommand(for: text, in: .value, excluding: excludedCommands)
		else { return output([], ask: .choosing) }
		if let done = either(command) { return done }
		switch command {
		case .cancel: return output(wrap("\(setting.title) is unchanged."), ask: .choosing)
		case .settingHelp: return output(settingHelp(setting), ask: state)
		case .reset:
			model.message = nil
			_ = model.carryOut(.set(nil), on: setting, command: .reset)
			// Nothing of the person's to remove: said, rather than nothing printed at all.
			let lines = messageLines()
			return output(lines.isEmpty ? wrap("\(setting.title) is unchanged: it has no value of yours to reset (it is \(shownValue(model.settingValue(setting)))).") : lines, ask: .choosing)
		default:
			break
		}
		// The value: `=` before an answer takes it as it is, `=q` is the text "q", not quitting.
		model.message = nil
		let response = widget.answer(value, on: model.settingValue(setting))
		if case .refuse(let reason) = response {
			// Asked again, with the full-screen editor's words.
			return output(wrap(reason), ask: state)
		}
		switch model.carryOut(response, on: setting, command: nil) {
		case .editExternally(let key, let text):
			return output([], ask: .choosing, action: .editExternally(key: key, text: text))
		default:
			// Refused by the model (the object that holds the setting would no longer fit its
			// schema): said, and asked again, as a wrong answer is.
			return output(messageLines(), ask: model.message?.isError == true ? state : .choosing)
		}
	}

	/// `$EDITOR` gave back text that does not fit: edit it again, or discard it.
	private func retry(_ text: String, forKey key: String) -> PlainOutput {
		guard let (command, _) = KeyMap.promptCommand(for: text, in: .retry) else { return output(wrap(Self.retryQuestion), ask: state) }
		guard case .retryingExternalEdit(let kept) = model.mode, kept.key == key else { return output([], ask: .choosing) }
		switch model.handleRetry(command, kept: kept) {
		case .editExternally(let key, let text):
			return output([], ask: .choosing, action: .editExternally(key: key, text: text))
		default:
			return output(messageLines(), ask: .choosing)
		}
	}

	/// After `$EDITOR` (`nil`: it failed): the text applied, or a question when it does not fit.
	public func finishExternalEdit(key: String, text: String?) -> PlainOutput {
		if let member = externalMember, member.key == key {
			return finishMemberEdit(member, text: text)
		}
		model.finishExternalEdit(key: key, text: text)
		if case .retryingExternalEdit(let kept) = model.mode {
			return output(wrap(kept.error) + wrap(Self.retryQuestion), ask: .retrying(key: key))
		}
		return output(messageLines(), ask: .choosing)
	}

	/// After `$EDITOR` came to nothing (`reason`): the setting is unchanged, and the message says why.
	public func finishExternalEditFailed(key: String, reason: String) -> PlainOutput {
		if let member = externalMember, member.key == key {
			externalMember = nil
			return output(wrap("\(member.title) is unchanged: \(reason)"), ask: .onPage)
		}
		model.externalEditFailed(key: key, reason: reason)
		return output(messageLines(), ask: .choosing)
	}

	/// Changes made elsewhere, as lines to print between prompts: `fontSize changed elsewhere: 14 → 18`.
	public func storeDidChange(keys: Set<String>?) -> [String] {
		let watched = (keys ?? model.keyNames).filter { model.keyNames.contains($0) }.sorted()
		let before = Dictionary(uniqueKeysWithValues: watched.compactMap { key in model.settingsByKey[key].map { (key, model.settingValue($0)) } })
		guard model.storeDidChange(keys: keys) else { return [] }
		var lines: [String] = []
		for key in watched {
			guard let setting = model.settingsByKey[key], let old = before[key] else { continue }
			let new = model.settingValue(setting)
			guard new.stored != old.stored else { continue }
			lines += wrap("\(key) changed elsewhere: \(shownValue(old)) → \(shownValue(new))")
		}
		if keys == nil, lines.isEmpty { lines = wrap("The settings changed elsewhere (a lock or a system-wide value); l lists them.") }
		return lines
	}

	/// A problem the store reported, as lines to print.
	public func problemLines(_ text: String) -> [String] {
		wrap("Problem: \(text)")
	}

	/// The lines of the current prompt again (after a change was printed, say).
	public var prompt: PlainOutput {
		output([], ask: state)
	}
}
