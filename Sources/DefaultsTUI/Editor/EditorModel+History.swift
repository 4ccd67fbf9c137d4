import Defaults

/// One setting's stored value before and after a change (`nil`: none stored).
struct Change: Equatable {
	let key: String
	let before: Defaults.JSONValue?
	let after: Defaults.JSONValue?
}

/// What the person did, as undo steps: one step per action (a reset of all settings is one).
struct History {
	struct Step {
		var changes: [Change]
		/// "the change to Theme", for messages.
		var title: String
	}

	private(set) var done: [Step] = []
	private(set) var undone: [Step] = []
	/// How many steps are kept; the oldest go first.
	static let limit = 1000

	/// A new action: it can be undone, and what was undone before can no longer be redone.
	mutating func record(_ changes: [Change], title: String) {
		guard !changes.isEmpty else { return }
		done.append(Step(changes: changes, title: title))
		if done.count > Self.limit { done.removeFirst(done.count - Self.limit) }
		undone.removeAll()
	}

	mutating func popUndo() -> Step? { done.popLast() }
	mutating func popRedo() -> Step? { undone.popLast() }
	mutating func pushUndone(_ step: Step) { undone.append(step) }
	mutating func pushRedone(_ step: Step) { done.append(step) }
}

extension EditorModel {
	/// Undoes the last step, except for settings that changed elsewhere since (it says which).
	func undo() {
		guard let step = history.popUndo() else {
			message = Message(text: "Nothing to undo.", isError: false, key: nil)
			return
		}
		if let applied = replay(step, backwards: true) { history.pushUndone(applied) }
	}

	/// Redoes the last undone step, with the same care.
	func redo() {
		guard let step = history.popRedo() else {
			message = Message(text: "Nothing to redo.", isError: false, key: nil)
			return
		}
		if let applied = replay(step, backwards: false) { history.pushRedone(applied) }
	}

	/// Writes a step's values back (or again). A setting whose value is no longer what the
	/// step left is not touched. Returns the part that was applied, if any.
	private func replay(_ step: History.Step, backwards: Bool) -> History.Step? {
		var applied: [Change] = []
		var skipped: [String] = []
		for change in backwards ? step.changes.reversed() : step.changes {
			// A change made on a page the editor has left is undone all the same.
			guard let setting = settingsByKey[change.key] ?? writtenSettings[change.key] else { continue }
			let expected = backwards ? change.after : change.before
			guard ownValue(of: change.key) == expected else {
				skipped.append(setting.title)
				continue
			}
			write(setting, backwards ? change.before : change.after)
			applied.append(change)
		}
		let verb = backwards ? "Undid" : "Redid"
		var text = applied.isEmpty ? "Not \(backwards ? "undone" : "redone"): " : "\(verb) \(step.title)"
		if !skipped.isEmpty {
			let names = skipped.joined(separator: ", ")
			text += applied.isEmpty ? "\(names) changed elsewhere since." : "; \(names) changed elsewhere since and \(skipped.count == 1 ? "was" : "were") left as \(skipped.count == 1 ? "it is" : "they are")."
		} else {
			text += "."
		}
		if let first = applied.first, applied.count == 1, settingsByKey[first.key] != nil, schema.settings.contains(where: { $0.key == first.key }) { selectedKey = first.key }
		message = Message(text: text, isError: !skipped.isEmpty, key: nil)
		guard !applied.isEmpty else { return nil }
		return History.Step(changes: backwards ? applied.reversed() : applied, title: step.title)
	}
}
