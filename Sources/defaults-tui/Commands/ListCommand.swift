import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

struct ListCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "list",
		abstract: "List every setting with its type, value, default and where the value comes from.",
		discussion: """
		ORIGIN says where each value comes from: "default", "user" (your settings file), \
		"system FILE" (a system-wide defaults file) or "locked by FILE" (an administrator's \
		lock: the value is the system-wide one, and cannot be changed).

		EXAMPLES:
		  defaults-tui list
		  defaults-tui list --modified --json | jq '.[].key'
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "Only settings whose value differs from the default.") var modified = false
	@Flag(help: "One JSON array of objects, for scripts.") var json = false
	@Flag(help: "Show secret settings' values (masked without it).") var reveal = false

	func run() throws {
		try Self.printSettings(of: settings.open(access: .readOnly, watching: false), modified: modified, json: json, reveal: reveal)
	}

	/// Prints `opened`'s settings as a table (or JSON), only the modified ones with `modified`;
	/// secrets masked unless `reveal`.
	static func printSettings(of opened: OpenedSettings, modified: Bool, json: Bool, reveal: Bool) throws {
		let (store, schema) = (opened.store, opened.schema)
		var rows: [SettingValue] = []
		for setting in schema.settings {
			let row = SettingValue(setting: setting, stored: store.storedValue(forKey: setting.key))
			if modified, !row.isModified { continue }
			rows.append(row)
		}
		if json {
			let objects: [Defaults.JSONValue] = rows.map { row in
				let shown = { (value: Defaults.JSONValue?) -> Defaults.JSONValue in
					row.setting.isSecret && !reveal ? row.setting.maskedJSON(value) : value ?? .null
				}
				var object: [String: Defaults.JSONValue] = [
					"key": .string(row.setting.key), "title": .string(row.setting.title), "kind": .string(row.setting.kind.rawValue),
					"type": .string(row.setting.typeName), "value": shown(row.effective),
					"default": shown(row.setting.defaultValue), "modified": .bool(row.isModified),
				]
				let origin = opened.origin(of: row.setting.key)
				object["origin"] = .string(origin.layer.name)
				if let location = origin.location { object["originLocation"] = .string(location) }
				if let lockedBy = origin.lockedBy { object["lockedBy"] = .string(lockedBy) }
				if row.setting.isSecret { object["secret"] = true }
				if let problem = row.problem {
					object["stored"] = shown(row.stored)
					object["problem"] = .string(problem.message)
				}
				return .object(object)
			}
			print(Defaults.JSONValue.array(objects).jsonString(pretty: true), terminator: "")
			return
		}
		let hasNotes = rows.contains { $0.problem != nil }
		let header = ["KEY", "TYPE", "VALUE", "DEFAULT", "MODIFIED", "ORIGIN"] + (hasNotes ? ["NOTE"] : [])
		let table = [header] + rows.map { row in
			[row.setting.key.escapingControlCharacters, row.setting.typeName, row.setting.displayText(for: row.effective, revealingSecrets: reveal),
			 row.setting.defaultValue.map { row.setting.displayText(for: $0, revealingSecrets: reveal) } ?? "not set", row.isModified ? "yes" : "",
			 originText(opened.origin(of: row.setting.key)).escapingControlCharacters]
				+ (hasNotes ? [row.problemDescription?.escapingControlCharacters ?? ""] : [])
		}
		printTable(table) { header[$0] == "ORIGIN" ? 60 : 40 }
	}

	/// Where a value comes from, in a few words: `default`, `user`, `system /etc/xdg/app/settings.json`,
	/// `locked by /etc/xdg/app/locks`.
	static func originText(_ origin: Defaults.ValueOrigin) -> String {
		if let lockedBy = origin.lockedBy { return "locked by \(lockedBy)" }
		guard origin.layer == .system, let location = origin.location else { return origin.layer.name }
		return "system \(location)"
	}
}
