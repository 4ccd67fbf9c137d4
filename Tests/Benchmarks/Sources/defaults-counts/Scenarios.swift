import Defaults
import DefaultsTOML
import DefaultsYAML
import Foundation

/// The scenarios by name, as the guard's limits file names them.
enum Scenarios {
	/// The settings in the files that the save and load scenarios use.
	static let keyCount = 10_000

	/// Every scenario's name, with what it stands for.
	static let all: [(name: String, summary: String)] = [
		("atomic-load", "an atomic load of an Int (the floor of a read)"),
		("read-int-memory", "Defaults[key] of an Int, in-memory store, key declared in this package"),
		("read-int-file", "Defaults[key] of an Int, file store, key declared in this package"),
		("read-codable-memory", "Defaults[key] of a Codable struct, in-memory store, key declared in this package"),
		("read-codable-file", "Defaults[key] of a Codable struct, file store, key declared in this package"),
		("save-own", "one change and flush(), the store's own file of 10,000 keys"),
		("save-sorted", "one change and flush(), another program's pretty-printed file of 10,000 sorted keys"),
		("save-commented", "one change and flush(), a hand-formatted file of 10,000 keys with comments"),
		("write-durable-sorted", "the floor of save-sorted: its bytes written durably with a save's system calls, nothing else"),
		("save-sorted-first", "open a store on another program's file of 10,000 sorted keys, one change and flush() (reads it anew)"),
		("save-sorted-100k", "one change and flush(), another program's pretty-printed file of 100,000 sorted keys"),
		("write-durable-sorted-100k", "the floor of save-sorted-100k: its bytes written durably with a save's system calls"),
		("cold-load", "open a store on a file of 10,000 keys and read one key"),
		("cold-load-toml", "open a store on a hand-written TOML file of 10,000 keys with comments and read one key"),
		("save-toml", "one change and flush(), a hand-written TOML file of 10,000 keys with comments"),
		("write-durable-toml", "the floor of save-toml: its bytes written durably with a save's system calls, nothing else"),
		("cold-load-yaml", "open a store on a hand-written YAML file of 10,000 keys with comments and read one key"),
		("save-yaml", "one change and flush(), a hand-written YAML file of 10,000 keys with comments"),
		("write-durable-yaml", "the floor of save-yaml: its bytes written durably with a save's system calls, nothing else"),
		("editor-down", "the down arrow and the screen drawn after it, editor with 10,000 settings"),
		("editor-toggle", "a space on a toggle and the screen drawn after it, editor with 10,000 settings"),
		("editor-list-down", "the down arrow and the screen drawn after it, on a list's page of 1,000 items"),
		("editor-list-toggle", "a space on a toggle item and the screen drawn after it, on a list's page of 1,000 items"),
		// The app rows that defaults-bench times (sections 1 to 5), each beside UserDefaults and its floor.
		("read-int-userdefaults", "integer(forKey:) of a UserDefaults suite (beside read-int-file)"),
		("read-int-backend", "Defaults[key] of an Int, store over a backend written in this package"),
		("read-codable-userdefaults", "data(forKey:) of a UserDefaults suite decoded with JSONDecoder (beside read-codable-file)"),
		("copy-codable", "an atomic load of a pointer to the struct and a copy of it (the floor of a Codable read)"),
		("read-int-layered", "Defaults[key] of an Int from the user's file, layered store (system file and locks present)"),
		("read-codable-layered", "Defaults[key] of a Codable struct from the system file, layered store"),
		("read-codable-file-loaded", "Defaults[key] of a Codable struct the file store loaded from its file (the floor of read-codable-layered)"),
		("write-int-file", "Defaults[key] = value of an Int, file store (saved in the background)"),
		("write-int-userdefaults", "set(_:forKey:) of an Int, UserDefaults suite"),
		("atomic-store", "an atomic store of an Int (the floor of a write)"),
	] + WriteReadScenario.Size.allCases.flatMap { size in
		[
			("write-read-file-\(size.rawValue)", "Defaults[key] = value then Defaults[key], file store holding \(size.rawValue) other keys"),
			("write-read-userdefaults-\(size.rawValue)", "set(_:forKey:) then integer(forKey:), UserDefaults suite holding \(size.rawValue) other keys"),
		]
	} + [
		("atomic-store-load", "an atomic store then an atomic load of an Int (the floor of a write then read)"),
		("burst-file", "10,000 writes of one key, then flush(), file store; says the most file writes in one burst"),
		("burst-userdefaults", "10,000 set(_:forKey:) of one key, then synchronize(), UserDefaults suite"),
		("durable-replace", "10,000 atomic stores, then the file replaced durably: written, synced, renamed, directory synced (the floor of a burst)"),
	] + scaleAndSync

	/// The scale table's scenarios and row 10's synced read.
	private static let scaleAndSync: [(name: String, summary: String)] = ScaleScenario.sizes.flatMap { size -> [(name: String, summary: String)] in
		[
			("read-int-scale-\(size)", "Defaults[key] of an Int, file store whose file holds \(size) keys (defaults-bench's scale table)"),
			("write-int-scale-\(size)", "Defaults[key] = value of an Int, file store whose file holds \(size) keys (defaults-bench's scale table)"),
		]
	} + [
		("read-int-synced:<endpoint>", "Defaults[key] of an Int an etcd sync shares, etcd at <endpoint> (defaults-bench's row 10)"),
		("read-int-unsynced:<endpoint>", "Defaults[key] of an Int the same sync does not share (the floor of read-int-synced)"),
	]

	/// The writes in a burst.
	static let burstWrites = 10_000

	/// Whether scenario `name` uses UserDefaults, which must run under a private HOME and
	/// XDG_CONFIG_HOME (Foundation reads them as it starts) so that its suites stay out of the
	/// real home.
	static func needsPrivateHome(_ name: String) -> Bool {
		name.contains("userdefaults")
	}

	/// The scenario called `name`, prepared in `directory`.
	static func make(_ name: String, in directory: URL) throws -> any Scenario {
		// A name may hold an endpoint (`read-int-synced:http://127.0.0.1:2379`): one folder, whatever it holds.
		let folder = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
		let file = directory.appendingPathComponent(folder).appendingPathComponent("settings.json")
		switch name {
		case "atomic-load": return AtomicLoadScenario()
		case "read-int-memory": return ReadIntScenario(inFile: false)
		case "read-int-file": return ReadIntScenario(inFile: true)
		case "read-codable-memory": return ReadCodableScenario(inFile: false)
		case "read-codable-file": return ReadCodableScenario(inFile: true)
		case "save-own": return try SaveScenario(file: file, count: keyCount, text: nil)
		case "save-sorted": return try SaveScenario(file: file, count: keyCount, text: sortedText(keyCount))
		case "save-commented": return try SaveScenario(file: file, count: keyCount, text: commentedText(keyCount))
		case "write-durable-sorted": return try DurableWriteScenario(file: file, text: sortedText(keyCount))
		case "save-sorted-first": return try FirstSaveScenario(file: file, count: keyCount, text: sortedText(keyCount))
		case "save-sorted-100k": return try SaveScenario(file: file, count: 100_000, text: sortedText(100_000))
		case "write-durable-sorted-100k": return try DurableWriteScenario(file: file, text: sortedText(100_000))
		case "cold-load": return try ColdLoadScenario(file: file, count: keyCount)
		case "cold-load-toml": return try ColdLoadScenario(file: file, count: keyCount, text: tomlText(keyCount), format: TOMLFileFormat())
		case "save-toml": return try SaveScenario(file: file, count: keyCount, text: tomlText(keyCount), format: TOMLFileFormat())
		case "write-durable-toml": return try DurableWriteScenario(file: file, text: tomlText(keyCount))
		case "cold-load-yaml": return try ColdLoadScenario(file: file, count: keyCount, text: yamlText(keyCount), format: YAMLFileFormat())
		case "save-yaml": return try SaveScenario(file: file, count: keyCount, text: yamlText(keyCount), format: YAMLFileFormat())
		case "write-durable-yaml": return try DurableWriteScenario(file: file, text: yamlText(keyCount))
		case "editor-down": return EditorKeyScenario(count: keyCount, key: .down)
		case "editor-toggle": return EditorKeyScenario(count: keyCount, key: .character(" "))
		case "editor-list-down": return EditorListPageScenario(count: 1000, key: .down)
		case "editor-list-toggle": return EditorListPageScenario(count: 1000, key: .character(" "))
		case "read-int-userdefaults": return try UserDefaultsReadIntScenario()
		case "read-int-backend": return ReadBackendScenario()
		case "read-codable-userdefaults": return try UserDefaultsReadCodableScenario()
		case "copy-codable": return CopyCodableScenario()
		case "read-int-layered": return try ReadLayeredScenario(frame: false)
		case "read-codable-layered": return try ReadLayeredScenario(frame: true)
		case "read-codable-file-loaded": return try ReadLoadedCodableScenario()
		case "write-int-file": return WriteIntScenario()
		case "write-int-userdefaults": return try UserDefaultsWriteScenario(count: 0, read: false)
		case "atomic-store": return AtomicStoreScenario()
		case "atomic-store-load": return AtomicStoreLoadScenario()
		case "burst-file": return try BurstScenario(writes: burstWrites)
		case "burst-userdefaults": return try UserDefaultsBurstScenario(writes: burstWrites)
		case "durable-replace": return try DurableReplaceScenario(file: file, writes: burstWrites)
		default:
			if let size = writeReadSize(name, prefix: "write-read-file-") { return WriteReadScenario(size: size) }
			if let scenario = try SyncedReadScenario.make(name, file: file) { return scenario }
			if let count = ScaleScenario.size(of: name, prefix: "read-int-scale-") { return try ScaleScenario(file: file, count: count, writes: false) }
			if let count = ScaleScenario.size(of: name, prefix: "write-int-scale-") { return try ScaleScenario(file: file, count: count, writes: true) }
			if let size = writeReadSize(name, prefix: "write-read-userdefaults-") { return try UserDefaultsWriteScenario(count: size.rawValue, read: true) }
			throw ScenarioError("no scenario is called \(name) (see --list)")
		}
	}

	/// The size in a write-then-read scenario's name (`write-read-file-1000`).
	private static func writeReadSize(_ name: String, prefix: String) -> WriteReadScenario.Size? {
		guard name.hasPrefix(prefix) else { return nil }
		return Int(name.dropFirst(prefix.count)).flatMap(WriteReadScenario.Size.init(rawValue:))
	}

	/// `count` integer keys as Python's `json.dump(values, file, indent=2, sort_keys=True)` writes
	/// them: the store's own layout but for the line break at the end, which it leaves out.
	static func sortedText(_ count: Int) -> String {
		let members = (0..<count).map { "key\($0)" }.sorted().map { key in "  \"\(key)\": \(key.dropFirst(3))" }
		return "{\n" + members.joined(separator: ",\n") + "\n}"
	}

	/// `count` integer keys in a TOML file as a person keeps one: a comment before every tenth key.
	static func tomlText(_ count: Int) -> String {
		hashCommentedText(count, format: "TOML") { "key\($0) = \($0)" }
	}

	/// `count` integer keys in a YAML file as a person keeps one: a comment before every tenth key.
	static func yamlText(_ count: Int) -> String {
		hashCommentedText(count, format: "YAML") { "key\($0): \($0)" }
	}

	/// `count` lines, `line(index)` each, with a `#` comment before every tenth.
	private static func hashCommentedText(_ count: Int, format: String, line: (Int) -> String) -> String {
		var text = "# Settings of a program that reads \(format).\n"
		for index in 0..<count {
			if index.isMultiple(of: 10) { text += "\n# Group \(index / 10)\n" }
			text += line(index) + "\n"
		}
		return text
	}

	/// `count` integer keys as a person might keep them: four spaces, in the order written, a
	/// comment before every tenth key and a trailing comma.
	static func commentedText(_ count: Int) -> String {
		var text = "// Settings of a program that reads JSON with comments.\n{\n"
		for index in 0..<count {
			if index.isMultiple(of: 10) { text += "    // Group \(index / 10)\n" }
			text += "    \"key\(index)\": \(index),\n"
		}
		return text + "}\n"
	}
}
