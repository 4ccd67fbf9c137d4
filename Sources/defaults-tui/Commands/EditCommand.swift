import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

struct EditCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "edit",
		abstract: "Open the settings editor (the default command).",
		discussion: """
		With no option naming the settings (--app, --store, --schema, --etcd) and at least \
		one program registered (defaults-tui apps), it opens on the list of programs, the \
		demo marked as such: Enter opens a program's settings, Esc goes back to the list \
		(saving them), / searches every program's settings by title, key and help text, \
		and Enter on a setting found opens its program there. --app defaults-tui opens \
		the demo at once.

		Exit status: 0 after q, 128 + the signal's number after SIGINT (Ctrl-C), SIGTERM or \
		SIGHUP (130, 143, 129); changes are saved in every case. With --etcd, \
		another machine's change appears in the open editor, and every change is written to \
		etcd at once; leaving waits until etcd has them all (status 1 if it cannot be reached).

		A list, a map or an object opens as a page of its items or members (Enter; the \
		title shows where, jobs › build › steps › 3): a adds an item or member, d removes \
		one, K and J move an item up and down, c renames a member, f switches a value of \
		several forms to another form, Esc goes back; every change is one step of u (undo). \
		The line prompts offer the same as numbered pages (add, remove N, move N M, \
		rename NAME NEW, form N, back).

		A settings file named alone, defaults-tui FILE or defaults-tui edit FILE, is edited \
		as with --store FILE, with the schema which-schema names for it. With no option \
		naming the settings, the list of programs also shows this machine's settings files \
		that the catalogue knows, when the catalogue is a file.

		EXAMPLES:
		  defaults-tui edit
		  defaults-tui ~/.config/starship.toml
		  defaults-tui edit --schema myapp-schema.json --store ~/.config/myapp/settings.json
		  defaults-tui edit --no-mouse --log /tmp/defaults-tui.log
		  defaults-tui edit --etcd http://10.0.0.1:2379 --prefix /myapp/ --schema myapp-schema.json
		"""
	)

	@OptionGroup var settings: SettingsOptions

	@Flag(name: .customLong("mouse"), inversion: .prefixedNo, help: "Take mouse clicks and the wheel (--no-mouse leaves the mouse to the terminal).")
	var mouse = true

	@Flag(name: .customLong("plain"), inversion: .prefixedNo, help: ArgumentHelp("Line prompts instead of the full screen: no escape sequences, for a screen reader, TERM=dumb, a serial console or a log. Chosen by itself when TERM is dumb, unset or unknown, when ncurses cannot be loaded, or when standard input is not a terminal but standard output is; --no-plain refuses it."))
	var plain: Bool?

	@Option(name: .long, help: ArgumentHelp("Also append each problem shown on the message line to this file, with a timestamp.", valueName: "file"))
	var log: String?

	func run() throws {
		if settings.namesNoSettings {
			// This machine's settings files the catalogue knows, found once, listed beside the programs.
			let files = ProgramList.machineFiles(catalog: settings.catalogOptions.catalog)
			if ProgramList.hasRegisteredPrograms || !files.isEmpty {
				return try browse(files: files)
			}
		}
		let usesPlain = plain ?? PlainEditor.isPreferred
		// Neither editor waits on the network for its first frame or prompt: a schema not at hand arrives later.
		let (opened, problems, arrival) = try EditorSchemaFetch.open(settings)
		if usesPlain {
			// Line prompts have no screen to hide them: said as any command says them.
			problems.forEach { Defaults.problemHandler($0) }
			let editor = PlainEditor(schema: opened.schema, store: opened.store, storeDescription: opened.storeDescription, problemLog: log.map { URL(fileURLWithPath: $0) })
			editor.plain.model.schemaFromStore = opened.schemaFromStore
			editor.plain.model.schemaNote = arrival != nil && opened.isInferred ? EditorSchemaFetch.fetchingNote : opened.schemaNote
			editor.plain.model.schemaArrival = arrival
			return try finish(editor.run(), unsaved: editor.plain.model.unsavedAtQuit, save: opened.save)
		}
		let ending: TerminalEditor.Ending
		let editor = TerminalEditor(
			schema: opened.schema, store: opened.store, storeDescription: opened.storeDescription, mouse: mouse,
			problemLog: log.map { URL(fileURLWithPath: $0) }
		)
		if !problems.isEmpty {
			editor.model.showProblem(problems.map(\.message).joined(separator: " "))
		}
		editor.model.schemaFromStore = opened.schemaFromStore
		editor.model.schemaNote = opened.schemaNote
		if let arrival {
			editor.model.schemaArrival = arrival
			// Shown by its values' types meanwhile (a cached schema being revalidated is shown as it is).
			if opened.isInferred { editor.model.schemaNote = EditorSchemaFetch.fetchingNote }
		}
		do {
			ending = try editor.run()
		} catch {
			throw CommandFailure.failed("\(error)")
		}
		try finish(ending, unsaved: editor.model.unsavedAtQuit, save: opened.save)
	}

	/// After the editor: what was not saved is said, the rest saved, and a signal's status kept.
	private func finish(_ ending: TerminalEditor.Ending, unsaved: String?, save: () throws -> Void) throws {
		// The person chose to quit with changes the store could not keep: say so, without waiting again.
		if let unsaved {
			throw CommandFailure.failed(unsaved)
		}
		try save()
		if ending.exitStatus != 0 {
			Foundation.exit(ending.exitStatus)
		}
	}

	/// The list of programs, each opened in the editor: what the editor does with no settings named
	/// when any program registered its settings.
	private func browse(files: [SettingsFileDiscovery.File]) throws {
		let catalog = settings.catalogOptions.catalog
		let (browser, problems) = collectingProblems {
			TerminalBrowser(
				entries: { ProgramList.entries(files: files, catalog: catalog) }, mouse: mouse, problemLog: log.map { URL(fileURLWithPath: $0) },
				open: { try ProgramList.open($0, catalog: catalog) }
			)
		}
		let ending: TerminalEditor.Ending
		if plain ?? PlainEditor.isPreferred {
			problems.forEach { Defaults.problemHandler($0) }
			ending = browser.runPlain()
		} else {
			if !problems.isEmpty {
				browser.browser.showMessage(problems.map(\.message).joined(separator: " "))
			}
			do {
				ending = try browser.run()
			} catch {
				throw CommandFailure.failed("\(error)")
			}
		}
		try finish(ending, unsaved: browser.unsavedAtQuit) { try browser.openProgram?.finish() }
	}
}
