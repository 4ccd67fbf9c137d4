import Defaults

/**
One program in the editor's list of programs: its name, its settings' title and
schema, and how many of its settings are modified.

```swift
let notes = ProgramEntry(name: "notes", schema: notesSchema, modifiedCount: 2, location: "/usr/share/defaults/schemas/notes.json")
let demo = ProgramEntry(name: "defaults-tui", schema: DemoSettings.schema(store: store), isDemo: true)
let broken = ProgramEntry(name: "old", problem: "not valid JSON at line 3", location: path)
// Its schema and settings read only when the list shows it or searches:
let later = ProgramEntry(name: "notes", location: path) { readNotesEntry() }
```
*/
public struct ProgramEntry: Sendable {
	/// The name it registered its settings under (`--app NAME`).
	public var name: String
	/// Its settings, for the title and for search; `nil` when its schema cannot be read.
	public var schema: SettingsSchema?
	/// How many settings differ from their defaults, when known.
	public var modifiedCount: Int?
	/// Whether this is the built-in demo rather than a registered program.
	public var isDemo: Bool
	/// Why its settings cannot be shown, when they cannot.
	public var problem: String?
	/// Where its schema is, for the status line.
	public var location: String
	/// Reads the program's schema and values: the entry as the list shows it, for a program listed
	/// by its name first. The list calls it when it first shows the program, opens it or searches
	/// (not for every program as it starts); `nil` once read, or for an entry made whole.
	public var details: (@Sendable () -> ProgramEntry)?

	/// A program with its schema (or the `problem` that keeps it from being read), or with
	/// `details` that read them when the list needs them.
	public init(
		name: String, schema: SettingsSchema? = nil, modifiedCount: Int? = nil, isDemo: Bool = false, problem: String? = nil, location: String = "",
		details: (@Sendable () -> ProgramEntry)? = nil
	) {
		self.name = name
		self.schema = schema
		self.modifiedCount = modifiedCount
		self.isDemo = isDemo
		self.problem = problem
		self.location = location
		self.details = details
	}

	/// The entry with its details read (itself when they are).
	public func read() -> ProgramEntry {
		guard let details else { return self }
		var entry = details()
		entry.details = nil
		return entry
	}

	/// The title the list shows: the schema's, else the name.
	var title: String {
		schema?.title ?? name
	}
}

/// A setting a search across every program found: which program, which setting, and under which group.
struct SettingHit: Equatable {
	/// The program's name.
	var program: String
	var key: String
	var title: String
	/// The section the setting is in ("" for none).
	var section: String
	var help: String?

	/// Where the setting is, as a list of results shows it: `notes › Editor › Font Size`.
	var place: String {
		([program] + (section.isEmpty ? [] : [section]) + [title]).joined(separator: " › ")
	}
}

/**
Every program's settings, searchable by title, key and help text at once (the text of
each setting lower-cased once, when the list is made).
*/
struct SettingsIndex {
	private struct Item {
		var hit: SettingHit
		var text: String
	}

	private let items: [Item]

	init(_ entries: [ProgramEntry]) {
		var items: [Item] = []
		for entry in entries {
			guard let schema = entry.schema else { continue }
			for section in schema.sections {
				for setting in section.settings {
					let hit = SettingHit(program: entry.name, key: setting.key, title: setting.title, section: section.title, help: setting.help)
					items.append(Item(hit: hit, text: [setting.title, setting.key, setting.help ?? ""].joined(separator: "\n").lowercased()))
				}
			}
		}
		self.items = items
	}

	/// The settings whose title, key or help contains every word of `query`, ignoring case, in
	/// the order of the programs and their settings.
	func search(_ query: String) -> [SettingHit] {
		let words = query.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
		guard !words.isEmpty else { return [] }
		return items.filter { item in words.allSatisfy { item.text.contains($0) } }.map(\.hit)
	}
}
