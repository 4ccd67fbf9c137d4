import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

/// Which settings a command works on: a schema and a store.
struct SettingsOptions: ParsableArguments {
	@Option(name: .long, help: ArgumentHelp("A schema file describing the settings (see README, \"Schema files\").", valueName: "file"))
	var schema: String?

	@Option(name: .long, help: ArgumentHelp("The JSON settings file. Default: ~/.config/defaults-tui/settings.json.", valueName: "file"))
	var store: String?

	/// The store and the schema: the demo's, a schema file's, or one inferred from the store's values.
	func open() throws -> (store: FileStore, schema: SettingsSchema) {
		FileStore.applicationName = "defaults-tui"
		let fileStore: FileStore
		if let store {
			let url = URL(fileURLWithPath: store)
			var isDirectory: ObjCBool = false
			if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
				throw CommandFailure.notFound("the store \(url.path) is a directory, not a settings file")
			}
			fileStore = FileStore(url: url)
		} else {
			fileStore = .standard
		}
		if let schema {
			do {
				return (fileStore, try SettingsSchema.load(from: URL(fileURLWithPath: schema)))
			} catch {
				throw CommandFailure.notFound("\(error)")
			}
		}
		if store != nil {
			return (fileStore, .inferred(from: fileStore.storedValues(), title: fileStore.url.lastPathComponent))
		}
		return (fileStore, DemoSettings.schema(store: fileStore))
	}
}

extension SettingsSchema {
	/// The setting of `key`, or a not-found failure naming it.
	func requireSetting(_ key: String) throws -> Setting {
		guard let setting = setting(forKey: key) else {
			throw CommandFailure.notFound("there is no setting named '\(key)' (defaults-tui list shows them)")
		}
		return setting
	}
}

extension FileStore {
	/// Saves, or fails with the store's message.
	func save() throws {
		do {
			try flush()
		} catch {
			throw CommandFailure.failed("\(error)")
		}
	}
}

/// Prints to standard output at once (for watch, whose output may go to a pipe).
func printLine(_ text: String) {
	FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
