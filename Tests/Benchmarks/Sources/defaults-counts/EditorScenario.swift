import Defaults
import DefaultsTUI

/// A key press in the editor with `count` settings, and the screen drawn after it: the down
/// arrow, or a space that flips a toggle (written to the store, an in-memory one, so that no
/// background save makes the count depend on timing).
final class EditorKeyScenario: Scenario {
	private let model: EditorModel
	private let key: EditorKey

	init(count: Int, key: EditorKey) {
		let settings = (0..<count).map { index in
			index.isMultiple(of: 2)
				? Setting(key: "flag\(index)", title: "Flag \(index)", kind: .bool, defaultValue: false)
				: Setting(key: "level\(index)", title: "Level \(index)", kind: .integer, defaultValue: 1, minimum: 0, maximum: 10)
		}
		let sections = stride(from: 0, to: settings.count, by: 100).map { start in
			SettingsSchema.Section(title: "Section \(start / 100 + 1)", settings: Array(settings[start..<min(start + 100, settings.count)]))
		}
		model = EditorModel(schema: SettingsSchema(title: "Many settings", sections: sections), store: InMemoryStore())
		self.key = key
		_ = model.handle(.resize(width: 100, height: 30))
		_ = model.render()
	}

	func run(_ times: Int) {
		press(key, times: times, in: model)
	}
}

/// A key press on a list's page of 1,000 items (a settings file's list of toggles opened with
/// Enter), and the screen drawn after it: the down arrow, or a space that flips an item.
final class EditorListPageScenario: Scenario {
	private let model: EditorModel
	private let key: EditorKey

	init(count: Int, key: EditorKey) {
		let store = InMemoryStore()
		let flags = Defaults.JSONValue.array((0..<count).map { .bool($0.isMultiple(of: 2)) })
		store.setStoredValue(flags, forKey: "flags")
		model = EditorModel(schema: SettingsSchema.inferred(from: ["flags": flags], title: "list.json"), store: store)
		self.key = key
		_ = model.handle(.resize(width: 100, height: 30))
		_ = model.handle(.enter)
		// From the middle of the list, so that every press moves.
		for _ in 0..<count / 2 { _ = model.handle(.down) }
		_ = model.render()
	}

	func run(_ times: Int) {
		press(key, times: times, in: model)
	}
}

/// `key` pressed `times` times in `model`, the screen drawn after each press.
private func press(_ key: EditorKey, times: Int, in model: EditorModel) {
	var total = 0
	for _ in 0..<times {
		_ = model.handle(key)
		total &+= model.render().lines.count
	}
	Sink.keep(total)
}
