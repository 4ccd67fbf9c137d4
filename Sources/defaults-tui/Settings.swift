import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

/// Which settings a command works on: a schema and a store.
struct SettingsOptions: ParsableArguments {
	/// Where the store is kept without `--store`, as `FileStore.standard` finds it for this tool.
	/// Computing it creates nothing.
	static var defaultStorePath: String {
		FileStore.standardURL(applicationName: "defaults-tui").path
	}

	@Option(name: .long, help: ArgumentHelp("A schema file describing the settings (see README, \"Schema files\").", valueName: "file"))
	var schema: String?

	@Option(name: .long, help: ArgumentHelp("The JSON settings file. Default: \(SettingsOptions.defaultStorePath).", valueName: "file"))
	var store: String?

	/// The store, opened for reading and writing, and the schema (for the editor).
	func open() throws -> (store: FileStore, schema: SettingsSchema) {
		let opened = try open(access: .readWrite)
		return (opened.store, opened.schema)
	}

	/// The store and the schema: the demo's, a schema file's, or one inferred from the store's values.
	/// Commands that only read open the store read-only, so that they never create, move or write a file.
	func open(access: FileStore.Access) throws -> OpenedSettings {
		FileStore.applicationName = "defaults-tui"
		let url = store.map { URL(fileURLWithPath: $0) } ?? FileStore.standardURL(applicationName: "defaults-tui")
		if store != nil {
			var isDirectory: ObjCBool = false
			if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
				throw CommandFailure.notFound("the store \(url.path) is a directory, not a settings file")
			}
		}
		// Read-write without --store is the standard store itself, which the library's own keys use too.
		let fileStore = store == nil && access.allowsWriting ? FileStore.standard : FileStore(url: url, access: access)
		if let schema {
			do {
				return OpenedSettings(store: fileStore, schema: try SettingsSchema.load(from: URL(fileURLWithPath: schema)), isInferred: false)
			} catch {
				throw CommandFailure.notFound("\(error)")
			}
		}
		if store != nil {
			let inferred = SettingsSchema.inferred(from: fileStore.storedValues(), title: fileStore.url.lastPathComponent)
			return OpenedSettings(store: fileStore, schema: inferred, isInferred: true)
		}
		return OpenedSettings(store: fileStore, schema: DemoSettings.schema(store: fileStore), isInferred: false)
	}
}

/// An opened store and the schema that describes it.
struct OpenedSettings {
	let store: FileStore
	let schema: SettingsSchema
	/// Whether the schema was inferred from the store's values (`--store` without `--schema`).
	let isInferred: Bool

	/// The setting of `key`, or a failure naming it. Without a schema the settings are the
	/// file's keys, so an unusable file is named as the reason rather than the key.
	func requireSetting(_ key: String) throws -> Setting {
		if let setting = schema.setting(forKey: key) {
			return setting
		}
		if isInferred, let error = store.loadError {
			throw CommandFailure.failed("cannot look up '\(key)': the store \(store.url.path) cannot be read: \(error.reason)")
		}
		throw CommandFailure.notFound("there is no setting named '\(key)' (defaults-tui list shows them)")
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
