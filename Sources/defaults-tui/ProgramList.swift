import Defaults
import DefaultsTUI
import Foundation

/// The programs the editor lists when it opens with no settings named: the demo, and every
/// program that registered its settings (`defaults-tui apps` lists the same).
enum ProgramList {
	/// The demo's name in the list: the tool's own settings.
	static let demoName = "defaults-tui"

	/// Whether the editor opens on the list: some program registered its settings.
	static var hasRegisteredPrograms: Bool {
		SettingsRegistry.programs().contains { $0.name != demoName }
	}

	/**
	The settings files on this machine that the catalogue (`catalog`, `--catalog`'s, or the
	standard one) names a schema for (``SettingsFileDiscovery``), when the catalogue is at hand
	without the network (a file, or a cached copy); none otherwise: the list never waits on a fetch.
	*/
	static func machineFiles(catalog option: String?) -> [SettingsFileDiscovery.File] {
		let address = SchemaCatalog.standardAddress(named: SchemaSources.namedCatalog(option: option))
		guard let data = SchemaSources.standard().dataAtHand(at: address), let catalog = try? SchemaCatalog(data: data, address: address) else { return [] }
		return SettingsFileDiscovery.find(catalog: catalog).files
	}

	/// A settings file's name in the list: its path, `~` for the home directory.
	static func fileEntryName(_ path: String) -> String {
		let home = XDGDirectories.home().standardizedFileURL.path
		return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
	}

	/// The path of a settings file listed as `name` (``fileEntryName(_:)``); `nil` for a program's name.
	static func filePath(ofEntry name: String) -> String? {
		guard name.contains("/") else { return nil }
		guard name.hasPrefix("~/") else { return name }
		return XDGDirectories.home().standardizedFileURL.path + name.dropFirst()
	}

	/// The demo first, then the registered programs by name, then the settings files `files`, each
	/// with its settings and how many are modified (read without creating or changing any file)
	/// when the list first needs them, and again only when one of its files changed. `catalog`
	/// names the catalogue the files' schemas are found with.
	static func entries(files settingsFiles: [SettingsFileDiscovery.File] = [], catalog: String? = nil) -> [ProgramEntry] {
		var entries = [ProgramEntry(name: demoName, isDemo: true) {
			details.value(for: demoName, files: files(of: demoName, schema: SettingsRegistry.program(named: demoName)?.schemaURL)) {
				entry(named: demoName, location: "", isDemo: true) {
					try SettingsOptions.openProgram(demoName, access: .readOnly, watching: false, unreadableFile: .accepted, reportingNotes: false)
				}.entry
			}
		}]
		for program in SettingsRegistry.programs() where program.name != demoName {
			entries.append(ProgramEntry(name: program.name, location: program.schemaURL.path) {
				details.value(for: program.name, files: files(of: program.name, schema: program.schemaURL)) { entry(for: program).entry }
			})
		}
		for file in settingsFiles {
			let name = fileEntryName(file.path)
			let location = file.candidate.entry.url
			entries.append(ProgramEntry(name: name, location: location) {
				details.value(for: name, files: [URL(fileURLWithPath: file.path)]) {
					entry(named: name, location: location, isDemo: false) {
						// The list never waits on the network: a schema not at hand is fetched when the file is opened.
						try NetworkUse.withoutWaiting {
							try SettingsOptions.openFile(schema: nil, store: file.path, catalog: catalog, access: .readOnly, watching: false, unreadableFile: .accepted)
						}.0
					}.entry
				}
			})
		}
		return entries
	}

	/// What was read of each program, by the versions of its files.
	private static let details = FileVersionCache<ProgramEntry>()

	/// The files a program's entry is read from: its schema, its settings file, and its
	/// system-wide settings and locks.
	private static func files(of name: String, schema: URL?) -> [URL] {
		let format = SettingsFileFormats.format(ofProgram: name)
		let layers = LayeredStore.systemDirectories(program: name).flatMap { directory in
			[directory.appendingPathComponent(format.standardFileName, isDirectory: false), directory.appendingPathComponent("locks", isDirectory: false)]
		}
		return (schema.map { [$0] } ?? []) + [FileStore.standardURL(applicationName: name, format: format)] + layers
	}

	/**
	A registered program as the list and `apps` show it, with its whole failure when its settings
	cannot be shown: the entry's problem says why without naming the program again (its row does).
	What its schema's references leave out is not said here, but when its settings are.
	*/
	static func entry(for program: SettingsRegistry.Program) -> (entry: ProgramEntry, failure: CommandFailure?) {
		entry(named: program.name, location: program.schemaURL.path, isDemo: false) {
			try SettingsOptions.openProgram(program.name, access: .readOnly, watching: false, unreadableFile: .accepted, reportingNotes: false)
		}
	}

	private static func entry(named name: String, location: String, isDemo: Bool, open: () throws -> OpenedSettings) -> (entry: ProgramEntry, failure: CommandFailure?) {
		do {
			let opened = try open()
			let modified = opened.schema.settings.filter { SettingValue(setting: $0, stored: opened.store.storedValue(forKey: $0.key)).isModified }.count
			return (ProgramEntry(name: name, schema: opened.schema, modifiedCount: modified, isDemo: isDemo, location: location), nil)
		} catch let failure as CommandFailure {
			return (ProgramEntry(name: name, isDemo: isDemo, problem: failure.reason ?? failure.message, location: location), failure)
		} catch {
			return (ProgramEntry(name: name, isDemo: isDemo, problem: "\(error)", location: location), .failed("the settings of '\(name)' cannot be shown: \(error)"))
		}
	}

	/// A program's settings opened for the editor, with their layers: the demo's, or a registered
	/// program's; or a settings file listed by its path, with its schema found in `catalog`.
	static func open(_ name: String, catalog: String? = nil) throws -> TerminalBrowser.OpenedProgram {
		var arrival: SchemaArrival?
		let opened: OpenedSettings
		if let path = filePath(ofEntry: name) {
			// A file's schema not at hand is fetched while the file is shown (EditorSchemaFetch).
			let problems: [Defaults.Problem]
			(opened, problems, arrival) = try EditorSchemaFetch.open(file: path, catalog: catalog) {
				try SettingsOptions.openFile(schema: nil, store: path, catalog: catalog, access: .readWrite, watching: true, unreadableFile: .accepted)
			}
			problems.forEach { Defaults.problemHandler($0) }
		} else {
			opened = try SettingsOptions.openProgram(name, access: .readWrite, watching: true, unreadableFile: .accepted)
		}
		var program = TerminalBrowser.OpenedProgram(schema: opened.schema, store: opened.store, storeDescription: opened.storeDescription) {
			try opened.save()
		}
		program.schemaFromStore = opened.schemaFromStore
		program.schemaNote = opened.schemaNote
		program.schemaArrival = arrival
		if arrival != nil, opened.isInferred { program.schemaNote = EditorSchemaFetch.fetchingNote }
		return program
	}
}
