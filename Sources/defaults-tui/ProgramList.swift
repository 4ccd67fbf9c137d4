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

	/// The demo first, then the registered programs by name, each with its settings and how
	/// many are modified (read without creating or changing any file).
	static func entries() -> [ProgramEntry] {
		var entries = [entry(named: demoName, location: "", isDemo: true) {
			try SettingsOptions.openProgram(demoName, access: .readOnly, watching: false, reportingNotes: false)
		}.entry]
		for program in SettingsRegistry.programs() where program.name != demoName {
			entries.append(entry(for: program).entry)
		}
		return entries
	}

	/**
	A registered program as the list and `apps` show it, with its whole failure when its settings
	cannot be shown: the entry's problem says why without naming the program again (its row does).
	What its schema's references leave out is not said here, but when its settings are.
	*/
	static func entry(for program: SettingsRegistry.Program) -> (entry: ProgramEntry, failure: CommandFailure?) {
		entry(named: program.name, location: program.schemaURL.path, isDemo: false) {
			try SettingsOptions.openProgram(program.name, access: .readOnly, watching: false, reportingNotes: false)
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

	/// A program's settings opened for the editor, with their layers: the demo's, or a registered program's.
	static func open(_ name: String) throws -> TerminalBrowser.OpenedProgram {
		let opened = try SettingsOptions.openProgram(name, access: .readWrite, watching: true, unreadableFile: .accepted)
		return TerminalBrowser.OpenedProgram(schema: opened.schema, store: opened.store, storeDescription: opened.storeDescription) {
			try opened.save()
		}
	}
}
