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
		let description = storeDescription ?? store.saving?.location ?? ""
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

	A signal the editor is too busy to take within a quarter of a second (its output stopped
	with Ctrl-S, a store that does not answer) ends the process itself, within a second: the
	terminal is given back, the store's `saveNow` is called (from another thread) and given
	half a second, and the process exits with ``Ending/exitStatus``, without returning.

	- Throws: ``StartError`` when standard input or output is not a terminal, or the
	  terminal type (`TERM`) is unset, unknown, or cannot show a full screen.
	*/
	@discardableResult
	public func run() throws(StartError) -> Ending {
		let model = model
		let ending = try TerminalSession.run(terminal: terminal, mouse: mouse, problemLog: problemLog) { session in
			session.runEditor(model)
		} whenRestored: {
			model.saveAtExit()
		}
		return ending.editorEnding
	}
}
