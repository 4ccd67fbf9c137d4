import Defaults
import Foundation

/**
The terminal while the editor or the list of programs has it: the pipe that wakes the
loop, the signals it catches, problems routed to the screen, and ncurses started. Both
``TerminalEditor`` and ``TerminalBrowser`` run inside one, so that they set the terminal
up and give it back in the same order.
*/
struct TerminalSession {
	let terminal: Terminal
	let pipe: WakeUpPipe
	/// Ends the process when a signal finds the loop too busy to take it (`nil`: no descriptors were left for it).
	let watchdog: SignalWatchdog?

	/**
	Takes the terminal, runs `body`, and gives the terminal back. `whenRestored` runs after
	the screen and the problem handler are restored (so a failure it reports can be read)
	but while the signals are still caught (so a second one cannot kill the process while it
	saves).
	*/
	static func run<Result>(
		terminal: Terminal, mouse: Bool, problemLog: URL?,
		_ body: (TerminalSession) -> Result, whenRestored: () -> Void
	) throws(TerminalEditor.StartError) -> Result {
		guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
			throw TerminalEditor.StartError(description: "the settings editor needs a terminal, but standard input or output is not one. "
				+ "Use the commands instead: defaults-tui list, get KEY, set KEY VALUE, reset KEY, watch (see defaults-tui --help).")
		}
		guard let pipe = WakeUpPipe() else {
			throw TerminalEditor.StartError(description: "could not create a pipe: \(String(cString: strerror(errno)))")
		}
		let watchdog = SignalWatchdog(pipe: pipe)
		// Before ncurses starts: it installs its own SIGINT and SIGTERM handlers only
		// where it finds the default ones.
		let signals = SignalHandling(wakingUp: pipe, watchdog: watchdog)
		defer {
			signals.restore()
			watchdog?.stop()
		}
		defer { whenRestored() }
		let problems = ProblemRouting(to: pipe, logFile: problemLog)
		defer { problems.restore() }
		do {
			try terminal.start(mouse: mouse)
		} catch {
			throw TerminalEditor.StartError(description: error.description)
		}
		watchdog?.restore(terminal.emergencyRestore)
		defer {
			terminal.stop()
			watchdog?.restore(nil)
		}
		return body(TerminalSession(terminal: terminal, pipe: pipe, watchdog: watchdog))
	}

	/// Runs `model` until the person quits or goes back, or a signal comes: its store's changes
	/// reach it through the pipe meanwhile.
	func runEditor(_ model: EditorModel) -> EventLoop.Ending {
		let observations = pipe.follow(model)
		defer { observations.forEach { $0.invalidate() } }
		// A schema fetched on another thread wakes the loop, which takes it in.
		let pipe = pipe
		model.schemaArrival?.onArrival { pipe.post(keys: []) }
		watchdog?.save(model.store)
		model.drawsASCIISymbols = !terminal.showsUnicode
		let size = terminal.size
		model.handle(.resize(width: size.width, height: size.height))
		// Reported before the screen took over (and so hidden by it): shown where it can be read.
		if let problem = model.store.saving?.openingProblem {
			model.showProblem(problem)
		}
		return EventLoop(model: model, terminal: terminal, pipe: pipe, watchdog: watchdog, externalEditor: ExternalEditor()).run()
	}
}

extension EditorModel {
	/// The last save as an editor ends, waiting a second at most for a server: not again after
	/// the person chose to quit with changes the store could not keep (``unsavedAtQuit``).
	func saveAtExit() {
		if unsavedAtQuit == nil { try? store.saving?.saveNow(timeout: .seconds(1)) }
	}
}
