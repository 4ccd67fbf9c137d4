import Defaults

// A schema made from the store's values (inferred from a file without a schema, or one showing
// the keys it does not name) made again while the editor is open, as keys come and go.
extension EditorModel {
	/// Makes the schema again from the store when ``schemaFromStore`` is set and `keys` (`nil`:
	/// any) changed; returns whether the settings shown changed. A setting shown before whose key
	/// the new schema lacks (its value was removed) stays where it was, not set, so that a row
	/// does not vanish under the person (who may set it again, or undo its removal).
	func refreshSchema(after keys: Set<String>?) -> Bool {
		guard let schemaFromStore, keys?.isEmpty != true else { return false }
		let root = rootSchema
		let merged = Self.keeping(root, in: schemaFromStore())
		guard merged != root else { return false }
		// On a page, the settings' own list is kept for the way back; the page shown is as it was.
		guard pages.isEmpty else {
			adopt(merged)
			return false
		}
		let added = Set(merged.settings.map(\.key)).subtracting(keyNames)
		adopt(merged)
		if !added.isEmpty, message?.isError != true {
			let names = added.sorted().prefix(3).map { settingsByKey[$0]?.title ?? $0 }.joined(separator: ", ")
			let more = added.count > 3 ? " and \(added.count - 3) more" : ""
			message = Message(text: "New in the store: \(names)\(more).", isError: false, key: nil)
			for key in added { flashes[key] = now().addingTimeInterval(Self.flashDuration) }
		}
		return true
	}

	/// `fresh`, with every setting of `old` that it lacks put back in its section (one with the
	/// same title), after the setting it followed there.
	static func keeping(_ old: SettingsSchema, in fresh: SettingsSchema) -> SettingsSchema {
		let freshKeys = Set(fresh.settings.map(\.key))
		guard old.settings.contains(where: { !freshKeys.contains($0.key) }) else { return fresh }
		var merged = fresh
		for oldSection in old.sections {
			let missing = oldSection.settings.filter { !freshKeys.contains($0.key) }
			guard !missing.isEmpty else { continue }
			guard let index = merged.sections.firstIndex(where: { $0.title == oldSection.title }) else {
				merged.sections.append(.init(title: oldSection.title, settings: missing))
				continue
			}
			var settings = merged.sections[index].settings
			var previous: String?
			for setting in oldSection.settings {
				if !freshKeys.contains(setting.key) {
					let position = previous.flatMap { key in settings.firstIndex { $0.key == key } }.map { $0 + 1 } ?? 0
					settings.insert(setting, at: position)
				}
				previous = setting.key
			}
			merged.sections[index].settings = settings
		}
		return merged
	}
}

// A schema fetched while the editor was already open (``SchemaArrival``).
extension EditorModel {
	/**
	Takes the schema that arrived, if one did: its settings replace those inferred from the
	file's values (the selection stays on the same key where it can), the title names why it was
	chosen, and the message line says it came; or shows why none came. Returns whether anything changed.
	*/
	@discardableResult
	public func takeArrivedSchema() -> Bool {
		guard let outcome = schemaArrival?.take() else { return false }
		switch outcome {
		case .failure(let text):
			schemaNote = nil
			showProblem(text)
		case .schema(let arrived, let note):
			let store = store
			schemaFromStore = arrived.showsOtherKeys ? { arrived.withOtherKeys(of: store.storedValues()) } : nil
			schemaNote = note
			adopt(arrived.showsOtherKeys ? arrived.withOtherKeys(of: store.storedValues()) : arrived)
			if message?.isError != true {
				message = Message(text: "The schema \(arrived.title) arrived: \(arrived.settings.count) settings.", isError: false, key: nil)
			}
		}
		return true
	}
}
