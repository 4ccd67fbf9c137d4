import Defaults

/**
Lists, maps, forms and variants as line prompts: a setting that holds others opens as its items
or members, numbered (``SettingsSchema/page(for:value:)``), with words to open one (its number),
`add`, `remove N`, `move N M` (a list), `rename NAME NEW` (a map) and `back`; a variant says
which form its value has and takes `form N` to switch. An item or member is then asked with its
own widget's question, as a setting is.

Every change is the container's new value (the page's operations, with the validator's message
when one is refused), written as the new value of the editor's setting that holds it, so it goes
through the editor's model: its locks, checks, undo and messages.

```swift
_ = plain.handle(line: "steps")      // jobs › build › steps: 1. {"run":"make"} …
_ = plain.handle(line: "add")        // a new item at the end
_ = plain.handle(line: "move 3 1")   // the new item first
_ = plain.handle(line: "back")
```
*/
extension PlainEditorModel {
	/// One page open in the line prompts: the container or variant and where it lies.
	struct PlainLevel {
		/// The list, map, form or variant, with its ``Setting/path`` where it lies.
		var setting: Setting
		/// Where it lies, from the top of the values.
		var path: SettingPath
	}

	/// The setting of the editor that holds the open pages, and where it lies.
	struct PlainRoot {
		var setting: Setting
		var path: SettingPath
	}

	/// Whether `setting` opens as prompts of its own rather than a question: a list, a map, a form or a variant.
	static func opensPrompts(_ setting: Setting) -> Bool {
		setting.opensPage || setting.choosesAForm
	}

	/// Opens the editor's `setting` (a list, a map, a form or a variant) as its page.
	func openRoot(_ setting: Setting) -> PlainOutput {
		let path = setting.path ?? SettingPath(members: [setting.key])
		root = PlainRoot(setting: setting, path: path)
		levels = [PlainLevel(setting: withPath(setting, path), path: path)]
		return output(levelLines(), ask: .onPage)
	}

	/// `setting` with its path set to `path`, so its page lists its children at the right place.
	private func withPath(_ setting: Setting, _ path: SettingPath) -> Setting {
		var setting = setting
		setting.path = path
		return setting
	}

	// MARK: Values

	/// The value at `path`, inside the root setting's value as a program reads it.
	func value(at path: SettingPath) -> Defaults.JSONValue? {
		guard let root else { return nil }
		let rootValue = model.currentValue(root.setting)
		return rootValue?[path: SettingPath(Array(path.components.dropFirst(root.path.count)))]
	}

	/// Writes `new` at `path` as the root setting's new value, through the editor's model; the
	/// error to say when the model refused it (a lock, the object that holds it no longer fitting).
	private func write(_ new: Defaults.JSONValue?, at path: SettingPath, saying done: String) -> [String] {
		guard let root else { return [] }
		let relative = path.components.dropFirst(root.path.count)
		guard let newRoot = Defaults.JSONValue.replacing(in: model.currentValue(root.setting), at: relative, with: new) else {
			return wrap("\(path) is no longer there.")
		}
		if let problem = root.setting.validate(newRoot) {
			return wrap("\(root.setting.title) was not changed: \(problem.message)")
		}
		model.message = nil
		_ = model.carryOut(.set(newRoot), on: root.setting, command: nil)
		if let message = model.message, message.isError { return messageLines() }
		return wrap(done)
	}

	/// The page of the level on top, as the schema makes it for the value there now.
	private func page(_ level: PlainLevel) -> SettingsPage? {
		model.schema.page(for: level.setting, value: value(at: level.path))
	}

	/// A child's value in words: a list's count, a map's or form's count of members, else as its widget says it.
	private func spoken(_ setting: Setting, _ value: Defaults.JSONValue?) -> String {
		switch value {
		case nil, .null?: return "not set"
		case .array(let items)?: return "list of \(items.count) item\(items.count == 1 ? "" : "s")"
		case .object(let members)?:
			return "\(members.count) member\(members.count == 1 ? "" : "s")"
		case let value?:
			if setting.isSecret { return "set, hidden" }
			return Widgets.widget(for: setting).spokenText(value)
		}
	}

	// MARK: What is printed

	/// The level on top: a page's items or members numbered, or a variant's forms, with what can be typed.
	func levelLines() -> [String] {
		guard let level = levels.last else { return [] }
		if level.setting.choosesAForm { return variantLines(level) }
		guard let page = page(level) else { return wrap("\(level.path) holds no items or members.") }
		var lines = wrap(page.title)
		let children = page.schema.settings
		if children.isEmpty { lines += wrap(page.shape == .list ? "  (no items)" : "  (no members)") }
		for (number, child) in children.enumerated() {
			let required = page.requiredNames.contains(child.path?.last?.name ?? "") ? " (required)" : ""
			lines += wrap("\(child.title): \(spoken(child, child.path.flatMap(value(at:))))\(required)", first: "  \(number + 1). ", indent: "     ")
		}
		let words: String = if page.shape == .list {
			"a number opens an item; add; remove N; move N M; back"
		} else if page.shape == .map {
			"a number opens a member; add NAME; rename NAME NEW; remove N; back"
		} else {
			"a number opens a member; add NAME; remove N; back"
		}
		return lines + wrap("Type \(words).")
	}

	/// A variant: which form its value has, the forms numbered, and what can be typed.
	private func variantLines(_ level: PlainLevel) -> [String] {
		let forms = level.setting.forms
		let current = value(at: level.path)
		var lines = wrap("\(level.setting.title) (\(level.path))")
		if let index = level.setting.formIndex(of: current) {
			lines += wrap("It has form \(index + 1), \(forms[index].title): \(spoken(forms[index].setting, current)).")
		} else {
			lines += wrap("Its value (\(current.map { $0.jsonString() } ?? "not set")) has none of its forms.")
		}
		for (number, form) in forms.enumerated() {
			lines += wrap(form.title, first: "  \(number + 1). ", indent: "     ")
		}
		return lines + wrap("Type form N to switch form, a value for the current form, open to open a list or object, or back.")
	}

	/// The prompt on the level on top.
	func levelPrompt() -> String {
		guard let level = levels.last else { return "" }
		let crumbs = level.path.components.map { component in
			switch component {
			case .member(let name): name
			case .index(let index): String(index + 1)
			}
		}.joined(separator: " › ")
		let prompt = level.setting.choosesAForm ? "\(crumbs) (form N, a value, back): " : "\(crumbs) (number, add, remove N, back): "
		return prompt.cellWidth > lineWidth ? "\(crumbs.suffix(max(10, lineWidth - 3))): " : prompt
	}

	// MARK: What is typed

	/// A line typed on a page or a variant.
	func onPage(_ text: String) -> PlainOutput {
		guard let level = levels.last else { return output(listing(), ask: .choosing) }
		let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
		let argument = words.dropFirst().joined(separator: " ")
		switch words.first?.lowercased() {
		case nil:
			return output(levelLines(), ask: .onPage)
		case "back":
			levels.removeLast()
			if levels.isEmpty {
				root = nil
				return output(listing(), ask: .choosing)
			}
			return output(levelLines(), ask: .onPage)
		default:
			break
		}
		if let (command, _) = KeyMap.promptCommand(for: text, in: .setting, excluding: excludedCommands), [.quit, .undo, .listAgain, .keysHelp].contains(command) {
			switch command {
			case .quit: return output([], ask: .onPage, action: .quit)
			case .undo:
				model.undo()
				return output(messageLines() + settleLevels(), ask: .onPage)
			default: return output(levelLines(), ask: .onPage)
			}
		}
		if level.setting.choosesAForm {
			return onVariant(level, words: words, argument: argument, text: text)
		}
		guard let page = page(level) else { return output(wrap("\(level.path) holds no items or members."), ask: .onPage) }
		let children = page.schema.settings
		let current = value(at: level.path)
		func child(_ word: String) -> Setting? {
			if let number = Int(word) { return children.indices.contains(number - 1) ? children[number - 1] : nil }
			return children.first { $0.path?.last?.name == word }
		}
		func noSuch(_ word: String) -> PlainOutput {
			let range = children.isEmpty ? "it has none" : "1 to \(children.count)"
			return output(wrap("There is no \(page.shape == .list ? "item" : "member") \(word) (\(range))."), ask: .onPage)
		}
		func done(_ result: Result<Defaults.JSONValue, SettingError>, saying: String) -> PlainOutput {
			switch result {
			case .success(let new): return output(write(new, at: level.path, saying: saying) + settleLevels(), ask: .onPage)
			case .failure(let error): return output(wrap(error.message), ask: .onPage)
			}
		}
		switch words[0].lowercased() {
		case "add":
			guard page.canAdd else { return output(wrap("\(page.title) takes no more \(page.shape == .list ? "items" : "members")."), ask: .onPage) }
			if page.shape == .list {
				return done(page.adding(page.newItem(), at: nil, to: current), saying: "Added item \(children.count + 1) to \(page.title).")
			}
			guard !argument.isEmpty else { return output(wrap("Type add and the new member's name: add NAME."), ask: .onPage) }
			if let problem = page.nameProblem(argument) { return output(wrap(problem.message), ask: .onPage) }
			return done(page.adding(member: page.newMember(named: argument), named: argument, to: current), saying: "Added \(argument) to \(page.title).")
		case "remove" where words.count == 2:
			guard let removed = child(words[1]), let step = removed.path?.last else { return noSuch(words[1]) }
			return done(page.removing(step, from: current), saying: "Removed \(removed.title) from \(page.title).")
		case "move" where words.count == 3 && page.shape == .list:
			guard let from = Int(words[1]), let to = Int(words[2]), children.indices.contains(from - 1), children.indices.contains(to - 1) else {
				return output(wrap("Type move and two item numbers from 1 to \(children.count): move 3 1."), ask: .onPage)
			}
			return done(page.moving(from: from - 1, to: to - 1, in: current), saying: "Moved item \(from) to \(to).")
		case "rename" where words.count == 3 && page.shape != .list:
			guard child(words[1]) != nil, let name = child(words[1])?.path?.last?.name else { return noSuch(words[1]) }
			if let problem = page.nameProblem(words[2]) { return output(wrap(problem.message), ask: .onPage) }
			return done(page.renaming(name, to: words[2], in: current), saying: "Renamed \(name) to \(words[2]).")
		default:
			guard words.count == 1, let opened = child(words[0]) else { return noSuch(text) }
			return open(opened)
		}
	}

	/// Opens a page's child: its own page or variant, else its widget's question.
	private func open(_ child: Setting) -> PlainOutput {
		guard let path = child.path else { return output([], ask: .onPage) }
		let childValue = value(at: path)
		if Self.opensPrompts(child) || childValue?.arrayValue != nil || childValue?.objectValue != nil {
			levels.append(PlainLevel(setting: withPath(child, path), path: path))
			return output(levelLines(), ask: .onPage)
		}
		answering = child
		let current = SettingValue(setting: child, stored: childValue)
		let question = Widgets.widget(for: child).question(current)
		var lines = wrap("\(child.title) (\(path))" + (child.help.map { ": \($0)" } ?? ""))
		lines += question.lines.flatMap { wrap($0.trimmingCharacters(in: .whitespaces), first: "  ", indent: "     ") }
		lines += wrap("Enter alone keeps it; back returns to the page.")
		return output(lines, ask: .answeringMember)
	}

	/// The answer to an item's or member's question, with its widget.
	func answerMember(_ text: String) -> PlainOutput {
		guard let child = answering, let path = child.path else { return output(levelLines(), ask: .onPage) }
		if text.isEmpty || text.lowercased() == "back" {
			answering = nil
			return output(wrap("\(child.title) is unchanged."), ask: .onPage)
		}
		let current = SettingValue(setting: child, stored: value(at: path))
		switch Widgets.widget(for: child).answer(text, on: current) {
		case .set(let new?):
			answering = nil
			let shown = spoken(child, new)
			return output(write(new, at: path, saying: "\(child.title) set to \(shown)."), ask: .onPage)
		case .refuse(let reason):
			return output(wrap(reason), ask: .answeringMember)
		case .note(let note):
			return output(wrap(note), ask: .answeringMember)
		case .editExternally(let json):
			answering = nil
			externalMember = child
			return output([], ask: .onPage, action: .editExternally(key: child.key, text: json))
		case .set(nil), .startEditing, .openPage:
			return output(wrap("Type a value; remove N on the page removes an item or member."), ask: .answeringMember)
		}
	}

	/// After `$EDITOR` gave back the text of an item or member: applied when it fits its setting.
	func finishMemberEdit(_ child: Setting, text: String?) -> PlainOutput {
		externalMember = nil
		guard let text, let path = child.path else { return output(wrap("\(child.title) is unchanged."), ask: .onPage) }
		switch child.parse(text) {
		case .success(let new): return output(write(new, at: path, saying: "\(child.title) set to \(spoken(child, new))."), ask: .onPage)
		case .failure(let error): return output(wrap("\(child.title) is unchanged: \(error.message)"), ask: .onPage)
		}
	}

	/// A line typed on a variant: `form N`, `open`, or a value for its current form.
	private func onVariant(_ level: PlainLevel, words: [String], argument: String, text: String) -> PlainOutput {
		let forms = level.setting.forms
		let current = value(at: level.path)
		if words[0].lowercased() == "form" {
			guard let number = Int(argument), forms.indices.contains(number - 1) else {
				return output(wrap("Type form and a number from 1 to \(forms.count)."), ask: .onPage)
			}
			let converted = level.setting.converting(current, toForm: number - 1)
			return output(write(converted, at: level.path, saying: "\(level.setting.title) now has form \(number), \(forms[number - 1].title).") + levelLines(), ask: .onPage)
		}
		guard let index = level.setting.formIndex(of: current) ?? (forms.isEmpty ? nil : 0) else {
			return output(wrap("\(level.setting.title) has no forms to choose from."), ask: .onPage)
		}
		let form = withPath(forms[index].setting, level.path)
		if words[0].lowercased() == "open" {
			guard Self.opensPrompts(form) || current?.arrayValue != nil || current?.objectValue != nil else {
				return output(wrap("Form \(index + 1) holds no items or members: type its value."), ask: .onPage)
			}
			levels.append(PlainLevel(setting: form, path: level.path))
			return output(levelLines(), ask: .onPage)
		}
		switch Widgets.widget(for: form).answer(text, on: SettingValue(setting: form, stored: current)) {
		case .set(let new?):
			return output(write(new, at: level.path, saying: "\(level.setting.title) set to \(spoken(form, new))."), ask: .onPage)
		case .refuse(let reason), .note(let reason):
			return output(wrap(reason), ask: .onPage)
		default:
			return output(wrap("Type a value of form \(index + 1), \(forms[index].title)."), ask: .onPage)
		}
	}

	/// Closes the pages whose container is no longer there (after an undo, a removal), saying so.
	private func settleLevels() -> [String] {
		var closed = false
		while let level = levels.last, levels.count > 1, value(at: level.path) == nil {
			levels.removeLast()
			closed = true
		}
		return closed ? levelLines() : []
	}
}
