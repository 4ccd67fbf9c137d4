import ArgumentParser
import Defaults
import Foundation

struct List: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "List every setting with its type, value and default.",
		discussion: """
		EXAMPLES:
		  defaults-tui list
		  defaults-tui list --modified --json | jq '.[].key'
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "Only settings whose value differs from the default.") var modified = false
	@Flag(help: "One JSON array of objects, for scripts.") var json = false

	func run() throws {
		let opened = try settings.open(access: .readOnly)
		let (store, schema) = (opened.store, opened.schema)
		var rows: [(setting: Setting, value: Defaults.JSONValue?, isModified: Bool)] = []
		for setting in schema.settings {
			let stored = store.storedValue(forKey: setting.key)
			let isModified = stored != nil && stored != setting.defaultValue
			if modified, !isModified { continue }
			rows.append((setting, stored ?? setting.defaultValue, isModified))
		}
		if json {
			let objects: [Defaults.JSONValue] = rows.map { row in
				.object([
					"key": .string(row.setting.key), "title": .string(row.setting.title), "kind": .string(row.setting.kind.rawValue),
					"type": .string(row.setting.typeName), "value": row.value ?? .null,
					"default": row.setting.defaultValue ?? .null, "modified": .bool(row.isModified),
				])
			}
			print(Defaults.JSONValue.array(objects).jsonString(pretty: true), terminator: "")
			return
		}
		let table = [["KEY", "TYPE", "VALUE", "DEFAULT", "MODIFIED"]] + rows.map { row in
			[row.setting.key, row.setting.typeName, row.setting.displayText(for: row.value),
			 row.setting.defaultValue.map { row.setting.displayText(for: $0) } ?? "not set", row.isModified ? "yes" : ""]
		}
		let widths = (0..<5).map { column in min(40, table.map { $0[column].count }.max() ?? 0) }
		for line in table {
			let cells = line.enumerated().map { column, cell in
				let cut = cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
				return column == 4 ? cut : cut.padding(toLength: widths[column], withPad: " ", startingAt: 0)
			}
			print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
		}
	}
}
