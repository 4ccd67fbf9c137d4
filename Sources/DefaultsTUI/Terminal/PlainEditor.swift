import Defaults
import Foundation

/**
The settings editor as line prompts on standard input and output: for a screen reader,
`TERM=dumb`, a serial console, an Emacs shell buffer or a log. It prints no escape sequence
and no line longer than the terminal, when its width is known.

```swift
let ending = PlainEditor(schema: schema, store: LayeredStore.standard).run()
try LayeredStore.standard.saveNow(timeout: .seconds(1))
exit(ending.exitStatus)   //=> 0 after q or the end of input
```
*/
public final class PlainEditor {
	/// The line-prompt model; the terminal layer only prints it and feeds it lines.
	public let plain: PlainEditorModel
	/// A file each problem reported while the editor runs is appended to, with a timestamp.
	public let problemLog: URL?

	/// An editor for `schema`'s settings, kept in `store` (see ``TerminalEditor/init(schema:store:storeDescription:mouse:problemLog:)``).
	public init(schema: SettingsSchema, store: any DefaultsStore, storeDescription: String? = nil, problemLog: URL? = nil) {
		let description = storeDescription ?? store.saving?.location ?? ""
		plain = PlainEditorModel(model: EditorModel(schema: schema, store: store, storeDescription: description), width: LineInput.width)
		self.problemLog = problemLog
	}

	/**
	Whether the line prompts should stand in for the full-screen editor here: `TERM` is unset,
	`dumb` or unknown, ncurses cannot be loaded, or standard input is not a terminal while standard output is (answers
	come from a pipe, a person reads the questions).
	*/
	public static var isPreferred: Bool {
		if isatty(STDIN_FILENO) != 1, isatty(STDOUT_FILENO) == 1 { return true }
		return Terminal.terminalTypeProblem != nil
	}

	/**
	Runs the prompts until `q`, the end of input (Ctrl-D, a closed pipe) or a signal, and says
	how it ended. Every change is saved as it is made, and once more before it returns.
	*/
	@discardableResult
	public func run() -> TerminalEditor.Ending {
		let plain = plain
		let ending = PlainSession.run(problemLog: problemLog) { input, pipe in
			PlainSession(plain: plain, input: input, pipe: pipe).run(plain.start())
		} whenDone: {
			plain.model.saveAtExit()
		}
		return ending.editorEnding
	}
}

/// One line-prompt editor's loop, over a terminal already set up (by ``PlainEditor`` or the plain program list).
struct PlainSession {
	let plain: PlainEditorModel
	let input: LineInput
	let pipe: WakeUpPipe

	/**
	Takes standard input and output for line prompts, runs `body`, and gives them back, as
	``TerminalSession`` does for the full screen: signals caught, problems printed between
	prompts, echo put back. `whenDone` runs after the problem handler is back, while the signals
	are still caught. Ends as if the person quit when no pipe can be made.
	*/
	static func run(problemLog: URL?, _ body: (LineInput, WakeUpPipe) -> EventLoop.Ending, whenDone: () -> Void) -> EventLoop.Ending {
		guard let pipe = WakeUpPipe() else { return .quit }
		let signals = SignalHandling(wakingUp: pipe)
		defer { signals.restore() }
		defer { whenDone() }
		let problems = ProblemRouting(to: pipe, logFile: problemLog)
		defer { problems.restore() }
		let input = LineInput(pipe: pipe)
		defer { input.restoreEcho() }
		return body(input, pipe)
	}

	/// Prints `first`, then reads lines until the person quits or goes back, input ends, or a signal comes.
	func run(_ first: PlainOutput) -> EventLoop.Ending {
		let observations = pipe.follow(plain.model)
		defer { observations.forEach { $0.invalidate() } }
		// A schema fetched on another thread wakes the loop, which says it came between prompts.
		let pipe = pipe
		plain.model.schemaArrival?.onArrival { pipe.postSchemaArrival() }
		// A problem met while opening the store, before the first prompt.
		if let problem = plain.model.store.saving?.openingProblem {
			input.write(lines: plain.problemLines(problem))
		}
		var output = first
		while true {
			input.write(lines: output.lines)
			switch output.action {
			case .quit: return .quit
			case .back: return .back
			case .editExternally(let key, let text):
				output = editExternally(key: key, text: text)
				continue
			case .none: break
			}
			input.write(output.prompt)
			let event = input.next(hidden: output.hidesInput)
			// What follows is wrapped to the terminal's width now: it may have been resized.
			if let width = LineInput.width, width != plain.width { plain.width = width }
			switch event {
			case .line(let line):
				output = plain.handle(line: line)
			case .end:
				// The prompt's line was never ended.
				input.write("\n")
				return .quit
			case .news(let news):
				// Printed on a line of its own, then the prompt again.
				var lines = news.hasStoreChanges ? plain.storeDidChange(keys: news.allKeys ? nil : news.keys) : []
				lines += news.problems.flatMap(plain.problemLines)
				if news.schemaArrived, plain.model.takeArrivedSchema(), let message = plain.model.message {
					lines.append(message.text)
				}
				if let signal = news.signal {
					input.write("\n")
					return .signal(signal)
				}
				// News that says nothing (the editor's own change coming back) leaves the prompt as it is.
				if !lines.isEmpty { input.write("\n") }
				output = PlainOutput(lines: lines, prompt: lines.isEmpty ? "" : plain.prompt.prompt, hidesInput: output.hidesInput, action: .none)
			}
		}
	}

	/// `$EDITOR` on `text`, when standard input is a terminal it can have.
	private func editExternally(key: String, text: String) -> PlainOutput {
		guard LineInput.inputIsTerminal else {
			return plain.finishExternalEditFailed(key: key, reason: "$EDITOR needs a terminal, and standard input is not one; type the JSON on one line instead")
		}
		switch ExternalEditor().edit(text, handOver: {}, takeBack: {}) {
		case .success(let edited): return plain.finishExternalEdit(key: key, text: edited)
		case .failure(let failure): return plain.finishExternalEditFailed(key: key, reason: failure.description)
		}
	}
}
