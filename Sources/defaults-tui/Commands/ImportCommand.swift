import ArgumentParser
import Defaults
import Foundation

struct ImportCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "import",
		abstract: "Set values from a JSON object (as export writes); all are checked first, and all or none are applied.",
		discussion: """
		EXAMPLES:
		  defaults-tui import backup.json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The JSON file to read.") var file: String

	func run() throws {
		let opened = try settings.open(access: .readWrite)
		let (store, schema) = (opened.store, opened.schema)
		let data: Data
		var isDirectory: ObjCBool = false
		if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
			throw CommandFailure.notFound("cannot read \(file): it is a directory, not a JSON file")
		}
		do {
			data = try Data(contentsOf: URL(fileURLWithPath: file))
		} catch {
			throw CommandFailure.notFound("cannot read \(file): \((error as NSError).localizedDescription)")
		}
		let values: [String: Defaults.JSONValue]
		do {
			guard case .object(let object) = try Defaults.JSONValue(parsing: data) else {
				throw CommandFailure.badInput("\(file) must hold a JSON object of key to value")
			}
			values = object
		} catch let error as Defaults.JSONParseError {
			throw CommandFailure.badInput("\(file): \(error)")
		}
		var problems: [String] = []
		for key in values.keys.sorted() {
			guard let setting = schema.setting(forKey: key) else {
				problems.append("\(key): there is no such setting")
				continue
			}
			if let error = setting.validate(values[key] ?? .null) {
				problems.append("\(key): \(error.message)")
			}
		}
		guard problems.isEmpty else {
			throw CommandFailure.badInput("nothing was imported from \(file):\n  " + problems.joined(separator: "\n  "))
		}
		try opened.refuseLocked(values.keys.sorted(), doing: "import")
		for (key, value) in values {
			if value.isNull { store.removeStoredValue(forKey: key) } else { store.setStoredValue(value, forKey: key) }
		}
		try opened.save()
	}
}
