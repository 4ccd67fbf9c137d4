import Defaults
import Foundation

/**
The editor as a browser of every program's settings: a list of programs (and a search
across their settings) in the terminal, each opened in the editor with Enter, and left
with Esc, back to the list.

```swift
let browser = TerminalBrowser(entries: { programsOnThisMachine() }) { name in
	let store = LayeredStore(program: name, user: FileStore(url: FileStore.standardURL(applicationName: name)))
	return TerminalBrowser.OpenedProgram(schema: try schema(of: name), store: store)
}
let ending = try browser.run()
try browser.openProgram?.finish()
exit(ending.exitStatus)
```
*/
public final class TerminalBrowser {
	/// A program's settings, opened for the editor.
	public struct OpenedProgram {
		/// The settings to show.
		public var schema: SettingsSchema
		/// Where their values are kept.
		public var store: any DefaultsStore
		/// What the editor's title bar names as the store; by default its `saving?.location`.
		public var storeDescription: String
		/// Saves what was changed (waiting for a server, if the store has one), when the person
		/// leaves the program; by default the store's `saving?.saveNow`, when it saves.
		public var finish: () throws -> Void
		/// Makes the schema again from the store's values while the program is open (see
		/// ``EditorModel/schemaFromStore``); `nil` when the schema does not depend on them.
		public var schemaFromStore: (() -> SettingsSchema)?
		/// Why a settings file has its schema, for the title bar (see ``EditorModel/schemaNote``).
		public var schemaNote: String?
		/// Where a schema fetched after the program opened arrives (see ``EditorModel/schemaArrival``).
		public var schemaArrival: SchemaArrival?

		/// The settings `schema` describes, kept in `store`.
		public init(schema: SettingsSchema, store: any DefaultsStore, storeDescription: String? = nil, finish: (() throws -> Void)? = nil) {
			self.schema = schema
			self.store = store
			self.storeDescription = storeDescription ?? store.saving?.location ?? ""
			self.finish = finish ?? { try store.saving?.saveNow(timeout: .seconds(3)) }
		}
	}

	/// The list of programs and the search; the terminal layer only draws it and feeds it keys.
	public let browser: ProgramBrowser
	/// The program whose settings were open when the browser ended (after a quit or a signal in
	/// the editor), for the caller to save and report on; `nil` when it ended in the list.
	public private(set) var openProgram: OpenedProgram?
	/// Why the editor ended with changes the store could not keep (see ``EditorModel/unsavedAtQuit``).
	public private(set) var unsavedAtQuit: String?
	private let entries: () -> [ProgramEntry]
	private let open: (String) throws -> OpenedProgram
	private let mouse: Bool
	private let problemLog: URL?
	private let terminal = Terminal()

	/**
	A browser of the programs `entries` gives (asked again each time the person comes back
	to the list, so that counts of modified settings stay true).

	- Parameters:
	  - entries: The programs to list.
	  - open: Opens a program's settings by its name; what it throws is shown on the message line.
	  - mouse: Whether the editor takes mouse clicks and the wheel.
	  - problemLog: A file to append problems to while the browser runs, besides showing them.
	*/
	public init(entries: @escaping () -> [ProgramEntry], mouse: Bool = true, problemLog: URL? = nil, open: @escaping (String) throws -> OpenedProgram) {
		self.entries = entries
		self.open = open
		self.mouse = mouse
		self.problemLog = problemLog
		browser = ProgramBrowser(entries: entries())
	}

	/**
	Runs the list until the person quits (in the list or in a program's settings) or a signal
	ends it, and says how it ended; a program left with Esc is saved on the way back.

	- Throws: `TerminalEditor.StartError` when there is no terminal it can use.
	*/
	@discardableResult
	public func run() throws(TerminalEditor.StartError) -> TerminalEditor.Ending {
		var current: (program: OpenedProgram, model: EditorModel)?
		let ending = try TerminalSession.run(terminal: terminal, mouse: mouse, problemLog: problemLog) { session in
			loop(session, current: &current)
		} whenRestored: {
			current?.model.saveAtExit()
		}
		openProgram = current?.program
		unsavedAtQuit = current?.model.unsavedAtQuit
		return ending
	}

	/**
	The same list as line prompts (see ``PlainEditor``): the programs numbered, `/word` to search
	their settings, each opened in the line-prompt editor, `b` back to the list; `q` or the end of
	input ends it.
	*/
	@discardableResult
	public func runPlain() -> TerminalEditor.Ending {
		var current: (program: OpenedProgram, model: EditorModel)?
		let ending = PlainSession.run(problemLog: problemLog) { input, pipe in
			let list = PlainProgramList(entries: browser.entries, width: LineInput.width)
			input.write(lines: list.start().lines)
			return plainLoop(list, input: input, pipe: pipe, current: &current)
		} whenDone: {
			current?.model.saveAtExit()
		}
		openProgram = current?.program
		unsavedAtQuit = current?.model.unsavedAtQuit
		return ending.editorEnding
	}

	/// Opens the program `name` for an editor that goes back to the list with Esc (or `b`).
	private func openForEditing(_ name: String) throws -> (program: OpenedProgram, model: EditorModel) {
		let program = try open(name)
		let model = EditorModel(schema: program.schema, store: program.store, storeDescription: program.storeDescription)
		model.canGoBack = true
		model.schemaFromStore = program.schemaFromStore
		model.schemaNote = program.schemaNote
		model.schemaArrival = program.schemaArrival
		return (program, model)
	}

	/// Saves a program left for the list; why not, when it could not be saved.
	private func leave(_ program: OpenedProgram, named name: String) -> String? {
		do {
			try program.finish()
			return nil
		} catch {
			return "\(name)'s settings were not saved: \(error)"
		}
	}

	private func plainLoop(_ list: PlainProgramList, input: LineInput, pipe: WakeUpPipe, current: inout (program: OpenedProgram, model: EditorModel)?) -> EventLoop.Ending {
		while true {
			input.write(list.prompt)
			let event = input.next(hidden: false)
			list.resize(to: LineInput.width)
			switch event {
			case .end:
				input.write("\n")
				return .quit
			case .news(let news):
				if let signal = news.signal {
					input.write("\n")
					return .signal(signal)
				}
				if !news.problems.isEmpty { input.write("\n") }
				input.write(lines: news.problems.map { "Problem: \($0)".plainText })
			case .line(let line):
				let (lines, action) = list.handle(line: line)
				input.write(lines: lines)
				switch action {
				case .quit: return .quit
				case .none, .redraw: continue
				case .open(let name, let key):
					let opened: (program: OpenedProgram, model: EditorModel)
					do {
						opened = try openForEditing(name)
					} catch {
						input.write(lines: ["\(name)'s settings cannot be opened: \(error)".plainText])
						continue
					}
					let model = opened.model
					let plain = PlainEditorModel(model: model, width: LineInput.width)
					current = opened
					var first = plain.start()
					if let key, model.settingsByKey[key] != nil {
						// Opened at the setting the search found: its question follows the list.
						let asked = plain.handle(line: key)
						first = PlainOutput(lines: first.lines + asked.lines, prompt: asked.prompt, hidesInput: asked.hidesInput, action: asked.action)
					}
					switch PlainSession(plain: plain, input: input, pipe: pipe).run(first) {
					case .back:
						current = nil
						if let failure = leave(opened.program, named: name) { input.write(lines: [failure.plainText]) }
						list.replaceEntries(entries())
						input.write(lines: list.start().lines)
					case .quit: return .quit
					case .signal(let number): return .signal(number)
					}
				}
			}
		}
	}

	/// The list's loop: keys and news in, the list drawn; a program opened runs the editor's loop.
	private func loop(_ session: TerminalSession, current: inout (program: OpenedProgram, model: EditorModel)?) -> TerminalEditor.Ending {
		let terminal = session.terminal
		browser.drawsASCIISymbols = !terminal.showsUnicode
		let size = terminal.size
		browser.handle(.resize(width: size.width, height: size.height))
		terminal.draw(browser.render())
		while true {
			var descriptors = [
				pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
				pollfd(fd: session.pipe.readEnd, events: Int16(POLLIN), revents: 0),
			]
			if poll(&descriptors, 2, -1) < 0, errno != EINTR { return .quit }
			let news = descriptors[1].revents != 0 ? session.pipe.take() : WakeUpPipe.News()
			news.problems.forEach { browser.showMessage($0) }
			if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .signal(SIGHUP) }
			if let signal = news.signal { return .signal(signal) }
			while let key = terminal.readKey() {
				switch browser.handle(key) {
				case .quit: return .quit
				case .redraw: terminal.invalidate()
				case .none: break
				case .open(let name, let key):
					let opened: (program: OpenedProgram, model: EditorModel)
					do {
						opened = try openForEditing(name)
					} catch {
						browser.showMessage("\(name)'s settings cannot be opened: \(error)")
						continue
					}
					if let key { opened.model.select(key: key) }
					opened.model.backHint = browser.backHint
					current = opened
					switch session.runEditor(opened.model) {
					case .back:
						current = nil
						if let failure = leave(opened.program, named: name) { browser.showMessage(failure) }
						browser.replaceEntries(entries())
						let size = terminal.size
						browser.handle(.resize(width: size.width, height: size.height))
						terminal.invalidate()
					case .quit: return .quit
					case .signal(let number): return .signal(number)
					}
				}
			}
			terminal.takeControlKeys(browser.keyContext.takesControlC)
			terminal.draw(browser.render())
		}
	}
}
