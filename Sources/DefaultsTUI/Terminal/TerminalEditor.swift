import Defaults
import Foundation

/**
The settings editor in a terminal. A program can open it on its own settings in
one call, for a `myapp settings` command, and gets control back when the person quits:

```swift
let schema = SettingsSchema(title: "My App") {
	Defaults.Section("General") {
		Defaults.Toggle("Launch at Login", key: .launchAtLogin)
	}
}
let ending = try TerminalEditor(schema: schema, store: LayeredStore.standard).run()
try LayeredStore.standard.saveNow(timeout: .seconds(1))
exit(ending.exitStatus) //=> 0 after q, 143 after SIGTERM
```

Values that change elsewhere while it is open (another process writing the file
store, or code in this process) are redrawn at once and highlighted. Problems the
store reports (`Defaults.problemHandler`) appear on the message line instead of
being printed over the screen.
*/
public final class TerminalEditor {
	/// The editor's state; the terminal layer only draws it and feeds it keys.
	public let model: EditorModel
	/// Whether mouse clicks and the wheel reach the model as ``EditorKey/mouse(_:)``.
	public let mouse: Bool
	/// A file each problem reported while the editor runs is appended to, with a timestamp.
	public let problemLog: URL?
	private let terminal = Terminal()

	/**
	An editor for `schema`'s settings, kept in `store`.

	- Parameters:
	  - schema: The settings to show, in their sections.
	  - store: Where their values are kept.
	  - storeDescription: What the title bar names as the store; by default its
	    `SavingStore.location` (a file store's path).
	  - mouse: Whether to ask the terminal for mouse events (clicks and the wheel).
	    Without them, the terminal's own selection works as usual.
	  - problemLog: A file to append problems to while the editor runs, besides showing them.
	*/
	public init(schema: SettingsSchema, store: any DefaultsStore, storeDescription: String? = nil, mouse: Bool = true, problemLog: URL? = nil) {
		let description = storeDescription ?? (store as? any SavingStore)?.location ?? ""
		model = EditorModel(schema: schema, store: store, storeDescription: description)
		self.mouse = mouse
		self.problemLog = problemLog
	}

	/// Opens the editor on a key group's settings. See `SettingsSchema.init(title:group:)`.
	public convenience init<Group: KeyGroup>(group: Group.Type, title: String, store: any DefaultsStore, mouse: Bool = true) {
		self.init(schema: SettingsSchema(title: title, group: group), store: store, mouse: mouse)
	}

	/// Why the editor could not start.
	public struct StartError: Error, CustomStringConvertible {
		/// What is wrong and what to do, for example "... TERM=dumb cannot move the cursor ...".
		public let description: String
	}

	/// How the editor ended.
	public enum Ending: Equatable, Sendable {
		/// The person quit (`q`).
		case quit
		/// A signal ended it (SIGINT, which Ctrl-C sends; SIGTERM; SIGHUP, also reported
		/// when the terminal goes away without one).
		case signal(Int32)

		/// The conventional exit status for this ending: 0 after quitting, 128 + the
		/// signal's number after a signal (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
		public var exitStatus: Int32 {
			switch self {
			case .quit: 0
			case .signal(let number): 128 + number
			}
		}
	}

	/**
	Runs the editor until the person quits or a signal ends it, and says how it ended.

	It runs until the person quits or the process gets SIGINT (Ctrl-C), SIGTERM or SIGHUP,
	then restores the terminal. A store that saves (a `SavingStore`: a file store, etcd) is
	saved before it returns, waiting at most a second for a server; the signal itself no longer
	ends the process, so end it with ``Ending/exitStatus``. While it runs, its handlers
	stand in for those of `Defaults.saveOnTerminationSignals()`, which come back when it returns.

	- Throws: ``StartError`` when standard input or output is not a terminal, or the
	  terminal type (`TERM`) is unset, unknown, or cannot show a full screen.
	*/
	@discardableResult
	public func run() throws(StartError) -> Ending {
		guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
			throw StartError(description: "the settings editor needs a terminal, but standard input or output is not one. "
				+ "Use the commands instead: defaults-tui list, get KEY, set KEY VALUE, reset KEY, watch (see defaults-tui --help).")
		}
		guard let pipe = WakeUpPipe() else {
			throw StartError(description: "could not create a pipe: \(String(cString: strerror(errno)))")
		}
		let observation = Defaults.observe(keysNamed: model.keyNames, in: model.store) { keys in
			pipe.post(keys: keys)
		}
		defer { observation.invalidate() }
		// "Any key may have changed" (a locks file changed, so a setting may be locked or unlocked
		// with its value the same): the model looks at every setting again.
		let everything = Defaults.observeChanges(in: model.store) { keys in
			if keys == nil { pipe.post(keys: nil) }
		}
		defer { everything.invalidate() }
		// Before ncurses starts: it installs its own SIGINT and SIGTERM handlers only
		// where it finds the default ones.
		let signals = SignalHandling(wakingUp: pipe)
		defer { signals.restore() }
		// Saved while the signals are still caught: a second one (the SIGHUP that follows a
		// closed window) must not kill the process before the last change is on disk.
		// After the problem handler is back, so that a failure is reported where it can be read.
		// (Not again after the person chose to quit with changes the store could not keep.)
		defer {
			if model.unsavedAtQuit == nil { try? (model.store as? any SavingStore)?.saveNow(timeout: .seconds(1)) }
		}
		let problems = ProblemRouting(to: pipe, logFile: problemLog)
		defer { problems.restore() }

		do {
			try terminal.start(mouse: mouse)
		} catch {
			throw StartError(description: error.description)
		}
		defer { terminal.stop() }
		let size = terminal.size
		model.handle(.resize(width: size.width, height: size.height))
		// Reported before the screen took over (and so hidden by it): shown where it can be read.
		if let problem = (model.store as? any SavingStore)?.openingProblem {
			model.showProblem(problem)
		}
		return EventLoop(model: model, terminal: terminal, pipe: pipe, externalEditor: ExternalEditor()).run()
	}
}
