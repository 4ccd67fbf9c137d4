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

		With a KEY (a setting's key or a path, as get takes it) of a list or an object, list \
		shows its items or members instead, one a line, each keyed by its path; in --json \
		each has its kind, a list, map, form or variant for one that holds others.

		EXAMPLES:
		  defaults-tui list
		  defaults-tui list --modified --json | jq '.[].key'
		  defaults-tui list jobs.build.steps --store ci.yml
		  defaults-tui list rules --json --store .eslintrc.json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "Only settings whose value differs from the default.") var modified = false
	@Flag(help: "One JSON array of objects, for scripts.") var json = false
	@Flag(help: "Show secret settings' values (masked without it).") var reveal = false
	@Argument(help: ArgumentHelp("A list or object (a setting's key or a path) whose items or members to list instead.", valueName: "key"))
	var key: String?

	func run() throws {
		let opened = try settings.open(access: .readOnly, watching: false)
		guard let key else {
			return try Self.printSettings(of: opened, modified: modified, json: json, reveal: reveal)
		}
		let (children, withPaths) = try Self.children(of: key, in: opened)
		try Self.printSettings(of: withPaths, settings: children, modified: modified, json: json, reveal: reveal)
	}

	/// The items or members of the list or object `key` names, as settings keyed by their paths,
	/// with the settings whose store reads them.
	static func children(of key: String, in opened: OpenedSettings) throws -> ([Setting], OpenedSettings) {
		let address = try opened.address(of: key)
		let path = address.path ?? SettingPath(members: [address.setting.key])
		let value = address.opened.value(at: path) ?? address.opened.store.storedValue(forKey: address.setting.key)
		guard let page = opened.schema.page(for: address.setting, value: value) else {
			let what = value.map(\.typeName.withArticle) ?? "not set"
			throw CommandFailure.notFound("\(key) is \(what), not a list or an object: it has no items or members to list (defaults-tui get \(key) prints it)")
		}
		let withPaths = address.opened.withMemberPaths()
		if let store = withPaths.memberStore {
			store.adopt(addingPathsOf: page.schema)
		}
		return (page.schema.settings, withPaths)
	}

	/// Prints `opened`'s settings (or `settings` of them) as a table (or JSON), only the modified
	/// ones with `modified`; secrets masked unless `reveal`.
	static func printSettings(of opened: OpenedSettings, settings: [Setting]? = nil, modified: Bool, json: Bool, reveal: Bool) throws {
		let store = opened.store
		var rows: [SettingValue] = []
		for setting in settings ?? opened.schema.settings {
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
