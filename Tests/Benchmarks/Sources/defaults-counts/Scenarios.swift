import Defaults
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
		("read-codable-file", "Defaults[key] of a Codable struct, file store, key declared in this package"),
		("save-own", "one change and flush(), the store's own file of 10,000 keys"),
		("save-sorted", "one change and flush(), another program's pretty-printed file of 10,000 sorted keys"),
		("save-commented", "one change and flush(), a hand-formatted file of 10,000 keys with comments"),
		("write-durable-sorted", "the floor of save-sorted: its bytes written durably with a save's system calls, nothing else"),
		("save-sorted-first", "open a store on another program's file of 10,000 sorted keys, one change and flush() (reads it anew)"),
		("save-sorted-100k", "one change and flush(), another program's pretty-printed file of 100,000 sorted keys"),
		("write-durable-sorted-100k", "the floor of save-sorted-100k: its bytes written durably with a save's system calls"),
		("cold-load", "open a store on a file of 10,000 keys and read one key"),
		("editor-down", "the down arrow and the screen drawn after it, editor with 10,000 settings"),
		("editor-toggle", "a space on a toggle and the screen drawn after it, editor with 10,000 settings"),
	]

	/// The scenario called `name`, prepared in `directory`.
	static func make(_ name: String, in directory: URL) throws -> any Scenario {
		let file = directory.appendingPathComponent(name).appendingPathComponent("settings.json")
		switch name {
		case "atomic-load": return AtomicLoadScenario()
		case "read-int-memory": return ReadIntScenario(store: InMemoryStore())
		case "read-int-file": return ReadIntScenario(store: FileStore(url: file))
		case "read-codable-file": return ReadCodableScenario(store: FileStore(url: file))
		case "save-own": return try SaveScenario(file: file, count: keyCount, text: nil)
		case "save-sorted": return try SaveScenario(file: file, count: keyCount, text: sortedText(keyCount))
		case "save-commented": return try SaveScenario(file: file, count: keyCount, text: commentedText(keyCount))
		case "write-durable-sorted": return try DurableWriteScenario(file: file, text: sortedText(keyCount))
		case "save-sorted-first": return try FirstSaveScenario(file: file, count: keyCount, text: sortedText(keyCount))
		case "save-sorted-100k": return try SaveScenario(file: file, count: 100_000, text: sortedText(100_000))
		case "write-durable-sorted-100k": return try DurableWriteScenario(file: file, text: sortedText(100_000))
		case "cold-load": return try ColdLoadScenario(file: file, count: keyCount)
		case "editor-down": return EditorKeyScenario(count: keyCount, key: .down)
		case "editor-toggle": return EditorKeyScenario(count: keyCount, key: .character(" "))
		default: throw ScenarioError("no scenario is called \(name) (see --list)")
		}
	}

	/// `count` integer keys as Python's `json.dump(values, file, indent=2, sort_keys=True)` writes
	/// them: the store's own layout but for the line break at the end, which it leaves out.
	static func sortedText(_ count: Int) -> String {
		let members = (0..<count).map { "key\($0)" }.sorted().map { key in "  \"\(key)\": \(key.dropFirst(3))" }
		return "{\n" + members.joined(separator: ",\n") + "\n}"
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
