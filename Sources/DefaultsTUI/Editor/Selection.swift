import Defaults

/**
Which settings the editor shows and which one is selected: the filter's text, the
modified-only view, the list they leave (made again only when one of them, the schema or a
setting's being modified changes), the selected setting and how far the list is scrolled.

Both editors keep theirs here: the full-screen one moves through the list, the line
prompts' `/word` sets the filter and their listing is the list shown.

```swift
var selection = Selection(schema: schema)
selection.filterText = "font"
selection.shown(modified: []).settings.map(\.key)   // ["fontSize", "fontName"]
selection.move(by: 1, modified: [])                  // selects fontName
```
*/
struct Selection {
	enum Row: Equatable {
		case header(String)
		case setting(Setting)
	}

	/// The rows shown (section headers and settings), the settings alone, and where each setting is in both.
	struct ShownList {
		var rows: [Row] = []
		var settings: [Setting] = []
		/// A setting's index in `settings`.
		var indexByKey: [String: Int] = [:]
		/// A setting's index in `rows`.
		var rowByKey: [String: Int] = [:]
	}

	/// The sections whose settings are shown.
	private(set) var sections: [SettingsSchema.Section]
	/// The selected setting's key; it may be one the filter hides (nothing is selected then).
	var selectedKey: String?
	/// The first row of the list in view.
	var scrollTop = 0
	/// The filter: settings whose key, title or help contain it, in any case.
	var filterText = "" { didSet { if filterText != oldValue { cached = nil } } }
	/// Whether only settings whose value differs from the default are shown.
	var showsModifiedOnly = false { didSet { if showsModifiedOnly != oldValue { cached = nil } } }
	/// The list as the filter and the modified-only view show it, made again only when the view changes.
	private var cached: ShownList?
	/// Each section's settings' key, title and help in lower case as UTF-8, made on the first filter.
	private var searchTexts: [[[UInt8]]]?

	/// A selection of `schema`'s settings, its first one selected, nothing filtered.
	init(schema: SettingsSchema) {
		sections = schema.sections
		selectedKey = schema.settings.first?.key
	}

	/// The list shown, where `modified` holds the keys of the modified settings.
	mutating func shown(modified: Set<String>) -> ShownList {
		if let cached { return cached }
		var list = ShownList()
		let needle = Array(filterText.lowercased().utf8)
		let texts = needle.isEmpty ? [] : sectionSearchTexts
		for (sectionIndex, section) in sections.enumerated() {
			let visible = section.settings.indices.filter { index in
				(needle.isEmpty || texts[sectionIndex][index].contains(bytes: needle)) && (!showsModifiedOnly || modified.contains(section.settings[index].key))
			}.map { section.settings[$0] }
			guard !visible.isEmpty else { continue }
			list.rows.append(.header(section.title))
			for setting in visible where list.indexByKey[setting.key] == nil {
				list.indexByKey[setting.key] = list.settings.count
				list.rowByKey[setting.key] = list.rows.count
				list.settings.append(setting)
				list.rows.append(.setting(setting))
			}
		}
		cached = list
		return list
	}

	/// What the filter searches in each setting of each section, lower-cased once.
	private var sectionSearchTexts: [[[UInt8]]] {
		mutating get {
			if let searchTexts { return searchTexts }
			let texts = sections.map { section in
				section.settings.map { Array([$0.key, $0.title, $0.help ?? ""].joined(separator: "\u{0}").lowercased().utf8) }
			}
			searchTexts = texts
			return texts
		}
	}

	/// Shows `schema`'s settings from now on; the selection stays (the first setting when there was none).
	mutating func adopt(_ schema: SettingsSchema) {
		sections = schema.sections
		cached = nil
		searchTexts = nil
		if selectedKey == nil { selectedKey = schema.settings.first?.key }
	}

	/**
	After the setting of `key` became modified or stopped being: in the modified-only view it
	comes or goes, and when it was the selected one, the row that takes its place (the next,
	or the last) is selected, so that a row is always selected.
	*/
	mutating func modifiedChanged(_ key: String, modified: Set<String>) {
		guard showsModifiedOnly else { return }
		let index = selectedKey.flatMap { shown(modified: modified).indexByKey[$0] }
		cached = nil
		let list = shown(modified: modified)
		if let index, let selectedKey, list.indexByKey[selectedKey] == nil, !list.settings.isEmpty {
			self.selectedKey = list.settings[min(index, list.settings.count - 1)].key
		}
	}

	/// Moves the selection `offset` settings down (up when negative), stopping at the ends or, `wrapping`, going round.
	mutating func move(by offset: Int, wrapping: Bool = false, modified: Set<String>) {
		let list = shown(modified: modified)
		let count = list.settings.count
		guard count > 0 else { return }
		let index = selectedKey.flatMap { list.indexByKey[$0] } ?? 0
		let target = wrapping ? ((index + offset) % count + count) % count : min(max(index + offset, 0), count - 1)
		selectedKey = list.settings[target].key
	}

	/// Selects the setting at `index` in the list shown; nothing when there is none.
	mutating func move(toIndex index: Int, modified: Set<String>) {
		let settings = shown(modified: modified).settings
		guard settings.indices.contains(index) else { return }
		selectedKey = settings[index].key
	}

	/// After the list changed (filter, modified only): the same setting stays selected if it is still shown, else the first one shown.
	mutating func keepVisible(modified: Set<String>) {
		let list = shown(modified: modified)
		if let selectedKey, list.indexByKey[selectedKey] != nil { return }
		selectedKey = list.settings.first?.key ?? selectedKey
	}

	/// Selects `key`, showing every setting when the filter or the modified-only view hides it.
	mutating func reveal(_ key: String, modified: Set<String>) {
		if shown(modified: modified).indexByKey[key] == nil {
			filterText = ""
			showsModifiedOnly = false
		}
		selectedKey = key
	}

	/// Scrolls so that the selected row is among the `height` rows in view, with its section's header when there is room.
	mutating func scrollToSelection(height: Int, modified: Set<String>) {
		let list = shown(modified: modified)
		let selectedRow = selectedKey.flatMap { list.rowByKey[$0] } ?? 0
		if selectedRow < scrollTop { scrollTop = max(0, selectedRow - 1) }
		if selectedRow >= scrollTop + height { scrollTop = selectedRow - height + 1 }
		scrollTop = max(0, min(scrollTop, max(0, list.rows.count - height)))
	}
}

extension Array where Element == UInt8 {
	/// Whether `needle` occurs in these bytes (the filter's search: lower-cased UTF-8 on both sides).
	fileprivate func contains(bytes needle: [UInt8]) -> Bool {
		guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
		let last = count - needle.count
		var start = 0
		while start <= last {
			guard let found = self[start...last].firstIndex(of: first) else { return false }
			if self[found..<found + needle.count].elementsEqual(needle) { return true }
			start = found + 1
		}
		return false
	}
}
