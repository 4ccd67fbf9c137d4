import Defaults

/// A map member's name being typed on the message line: a new member's, or a new name for `renaming`.
struct NamePrompt {
	var buffer: TextBuffer
	/// The member being renamed; `nil` when adding one.
	let renaming: String?
	/// Why the last name typed was refused, shown until the next key.
	var problem: String?

	/// The prompt's words on the message line.
	var label: String {
		renaming.map { " New name for \($0.escapingControlCharacters): " } ?? " New member's name: "
	}
}

// A page's operations on its list or map: each asks the page for the container's new value and
// writes it to the container as one change (one undo step), or shows why the page refused it.
extension EditorModel {
	/// Carries out `command` on the page shown; `nil` when the command is not a page operation.
	func performOnPage(_ command: Command) -> EditorAction? {
		switch command {
		case .addItem, .removeItem, .moveItemUp, .moveItemDown, .renameMember: break
		default: return nil
		}
		// The container as it is now (an item's page may have changed it since).
		pageValueChanged()
		guard let frame = pages.last, frame.page.shape != .form else {
			let what = pages.isEmpty ? "the settings' own list" : "an object's page (its members are the schema's)"
			message = Message(text: "\(Self.operationName(command).capitalizedFirst) works on a list's or a map's page, not on \(what): \(KeyMap.keyName(for: .edit, in: .browsing)) opens a list or a map.", isError: false, key: nil)
			return EditorAction.none
		}
		if let refusal = lockRefusal(frame.owner) {
			message = Message(text: refusal, isError: true, key: nil)
			return EditorAction.none
		}
		let page = frame.page
		let index = selectedKey.flatMap { key in schema.settings.firstIndex { $0.key == key } }
		switch command {
		case .addItem:
			guard page.canAdd else {
				message = Message(text: "\(page.title) takes no more \(page.shape == .list ? "items" : "members"): the schema allows no more (maxItems, maxProperties).", isError: true, key: nil)
				break
			}
			if page.shape == .map {
				mode = .naming(NamePrompt(buffer: TextBuffer(""), renaming: nil))
				break
			}
			let position = index.map { $0 + 1 }
			change(page.adding(page.newItem(), at: position, to: frame.value), title: "the new item of \(page.title)") {
				let number = (position ?? $0.count - 1) + 1
				return ("Added item \(number) to \(page.title).", number - 1)
			}
		case .removeItem:
			guard let index, let setting = selectedSetting, let step = setting.path?.last else { break }
			let name = Self.itemName(setting, value: values[setting.key])
			change(page.removing(step, from: frame.value), title: "the removal of \(name)") { _ in
				("Removed \(name). \(KeyMap.keyName(for: .undo, in: .browsing)) undoes it.", index)
			}
		case .moveItemUp, .moveItemDown:
			guard page.shape == .list else {
				message = Message(text: "A map's members keep their names, not places: \(KeyMap.keyName(for: .renameMember, in: .browsing)) renames one.", isError: false, key: nil)
				break
			}
			guard let index else { break }
			let target = index + (command == .moveItemUp ? -1 : 1)
			guard schema.settings.indices.contains(target) else {
				message = Message(text: "Item \(index + 1) is \(command == .moveItemUp ? "first" : "last") already.", isError: false, key: nil)
				break
			}
			change(page.moving(from: index, to: target, in: frame.value), title: "the move of item \(index + 1)") { _ in
				("Moved item \(index + 1) to place \(target + 1).", target)
			}
		case .renameMember:
			guard page.shape == .map else {
				message = Message(text: "A list's items have places, not names: \(KeyMap.keyName(for: .moveItemUp, in: .browsing))/\(KeyMap.keyName(for: .moveItemDown, in: .browsing)) move one.", isError: false, key: nil)
				break
			}
			guard let setting = selectedSetting, case .member(let name)? = setting.path?.last else { break }
			mode = .naming(NamePrompt(buffer: TextBuffer(name), renaming: name))
		default:
			break
		}
		return EditorAction.none
	}

	/// A key typed in the name prompt: Enter adds or renames the member (a name the page refuses
	/// is said and typed again), Esc cancels.
	func handleNaming(_ command: Command?, key: EditorKey, prompt: inout NamePrompt) {
		switch command {
		case .cancel:
			mode = .browsing
			message = Message(text: prompt.renaming.map { "Not renamed; \($0) keeps its name." } ?? "No member was added.", isError: false, key: nil)
		case .apply:
			let name = prompt.buffer.text
			pageValueChanged()
			guard let frame = pages.last else {
				mode = .browsing
				return
			}
			let page = frame.page
			if let problem = prompt.renaming == name ? nil : page.nameProblem(name) {
				prompt.problem = "\(page.title): \(problem.message)"
				mode = .naming(prompt)
				return
			}
			if prompt.renaming == name {
				mode = .browsing
				message = Message(text: "\(name) keeps its name.", isError: false, key: nil)
				return
			}
			let outcome = prompt.renaming.map { page.renaming($0, to: name, in: frame.value) }
				?? page.adding(member: page.newMember(named: name), named: name, to: frame.value)
			// A name the page refuses is said, and the prompt stays for another.
			if case .failure(let problem) = outcome {
				prompt.problem = "\(page.title): \(problem.message)"
				mode = .naming(prompt)
				return
			}
			mode = .browsing
			let key = page.path.appending(.member(name)).description
			let done = prompt.renaming.map { "Renamed \($0) to \(name)." } ?? "Added \(name) to \(page.title)."
			change(outcome, title: prompt.renaming.map { "the renaming of \($0)" } ?? "the new member \(name)") { _ in (done, nil) }
			if schema.settings.contains(where: { $0.key == key }) { selectedKey = key }
		default:
			prompt.problem = nil
			guard prompt.buffer.handle(command, key: key) else { return }
			mode = .naming(prompt)
		}
	}

	/**
	Writes a page operation's outcome to the page's container as one undoable change, then says
	`done`'s message and selects the item at its index (given the container's new items); or
	shows why the page refused, changing nothing.
	*/
	private func change(_ outcome: Result<Defaults.JSONValue, SettingError>, title: String, done: ([Defaults.JSONValue]) -> (String, Int?)) {
		guard let frame = pages.last else { return }
		let newValue: Defaults.JSONValue
		switch outcome {
		case .failure(let problem):
			message = Message(text: "\(frame.page.title): \(problem.message)", isError: true, key: nil)
			return
		case .success(let value):
			newValue = value
		}
		if let problem = rootSchema.problem(writing: newValue, to: frame.owner, in: store) {
			message = Message(text: "\(frame.page.title) was not changed: \(problem.message)", isError: true, key: nil)
			return
		}
		guard let change = write(frame.owner, newValue) else { return }
		history.record([change], title: title)
		let (text, selected) = done(newValue.arrayValue ?? [])
		message = Message(text: text, isError: false, key: nil)
		if let selected, schema.settings.indices.contains(selected) { selectedKey = schema.settings[selected].key }
	}

	/// An item or member as a message names it: `item 3 (actions/setup-node)`, `member build`.
	static func itemName(_ setting: Setting, value: Defaults.JSONValue?) -> String {
		let label = value.flatMap(Self.label(of:)).map { " (\($0.shortened(to: 40).escapingControlCharacters))" } ?? ""
		switch setting.path?.last {
		case .index(let index)?: return "item \(index + 1)\(label)"
		case .member(let name)?: return "member \(name.escapingControlCharacters)"
		case nil: return setting.title
		}
	}

	/// A few words that tell an item from the others: its text, or an object's name, `uses`, `run`, id or first text member.
	private static func label(of value: Defaults.JSONValue) -> String? {
		if let text = value.stringValue { return text }
		guard let members = value.objectValue else {
			return value.arrayValue == nil && !value.isNull ? value.jsonString() : nil
		}
		for name in ["name", "uses", "run", "id", "title", "key", "image"] {
			if let text = members[name]?.stringValue { return text }
		}
		return members.keys.sorted().lazy.compactMap { members[$0]?.stringValue }.first
	}

	/// The operation as the hint bar's words name it, for messages.
	private static func operationName(_ command: Command) -> String {
		switch command {
		case .addItem: "adding"
		case .removeItem: "removing"
		case .renameMember: "renaming"
		default: "moving"
		}
	}
}

extension String {
	/// The text with its first letter in upper case.
	fileprivate var capitalizedFirst: String {
		prefix(1).uppercased() + dropFirst()
	}
}
