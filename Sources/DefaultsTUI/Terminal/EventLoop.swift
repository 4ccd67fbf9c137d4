import Defaults
import Foundation

/// The editor's main loop: waits in `poll` on the keyboard and the ``WakeUpPipe`` (so it
/// uses no CPU while idle), gives keys and news to the model, and draws what changed.
/// The end of an outside change's path: the store's observers write to the pipe, and the
/// model re-reads the changed keys.
struct EventLoop {
	let model: EditorModel
	let terminal: Terminal
	let pipe: WakeUpPipe
	/// Told while `$EDITOR` has the terminal, when a signal waits for it rather than ending the process.
	let watchdog: SignalWatchdog?
	let externalEditor: ExternalEditor

	/// How the loop ended.
	enum Ending: Equatable {
		/// The person quit.
		case quit
		/// The person went back to the list of programs (Esc, when the editor came from it).
		case back
		/// A signal ended it.
		case signal(Int32)

		/// The ending as ``TerminalEditor`` reports it (going back is quitting the editor).
		var editorEnding: TerminalEditor.Ending {
			switch self {
			case .quit, .back: .quit
			case .signal(let number): .signal(number)
			}
		}
	}

	/// Runs until the person quits or goes back, or a signal asks the editor to end.
	func run() -> Ending {
		terminal.draw(model.render())
		while true {
			var descriptors = [
				pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
				pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0),
			]
			// Woken for a highlight that ends, and while the title bar shows the store's condition, to see it change.
			let wakeUp = [model.nextFlashExpiry, model.nextConditionCheck].compactMap { $0 }.min()
			let timeout = wakeUp.map { max(0, Int32($0.timeIntervalSinceNow * 1000) + 1) } ?? -1
			let ready = poll(&descriptors, 2, timeout)
			if ready < 0, errno != EINTR { return .quit }
			var needsDraw = model.expireFlashes() || model.saveConditionChanged()

			let news = descriptors[1].revents != 0 ? pipe.take() : WakeUpPipe.News()
			if news.hasStoreChanges, model.storeDidChange(keys: news.allKeys ? nil : news.keys) {
				needsDraw = true
			}
			if model.takeArrivedSchema() { needsDraw = true }
			for problem in news.problems {
				model.showProblem(problem)
				needsDraw = true
			}
			// The terminal went away (its window closed, tmux killed) without a SIGHUP reaching
			// this process, which happens when it is not the session leader: end as if hung up,
			// rather than wake up for ever on the dead descriptor.
			if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
				return .signal(SIGHUP)
			}
			if let signal = news.signal {
				// Keys typed before the signal came still count (Space, then SIGTERM at once,
				// still changes the setting), but nothing is started any more.
				while let key = terminal.readKey() { model.handle(key) }
				return .signal(signal)
			}
			// Read keys after EINTR too: a window resize arrives as KEY_RESIZE.
			while let key = terminal.readKey() {
				needsDraw = true
				let action = model.handle(key)
				switch action {
				case .quit, .back:
					if model.unsavedAtQuit == nil, let reason = saveBeforeQuitting() {
						model.askBeforeQuitting(because: reason)
						continue
					}
					return action == .back ? .back : .quit
				case .exportAndQuit(let values):
					switch UnsavedValuesFile.write(values) {
					case .success(let path):
						model.quitAfterExport(to: path)
						// They are in the file now: not written again by the store's last save at exit.
						model.store.saving?.discardUnsavedChanges()
					case .failure(let error): model.quitAfterExport(to: nil, failure: error.description)
					}
					return .quit
				case .editExternally(let key, let text): editExternally(key: key, text: text)
				case .redraw: terminal.invalidate()
				case .none: break
				}
			}
			terminal.takeControlKeys(model.keyContext.takesControlC)
			if needsDraw { terminal.draw(model.render()) }
		}
	}

	/// Saves the store before quitting (waiting a little for a server); `nil` when every change
	/// is kept, otherwise why not, for the model to ask whether to quit anyway.
	private func saveBeforeQuitting() -> String? {
		guard let saving = model.store.saving else { return nil }
		if saving.condition != nil {
			// It may wait for a server: say so rather than seem stuck.
			model.message = EditorModel.Message(text: "Saving…", isError: false, key: nil)
			terminal.draw(model.render())
		}
		do {
			try saving.saveNow(timeout: .seconds(3))
			return nil
		} catch {
			return "\(error)"
		}
	}

	/// Gives the terminal to `$EDITOR` on `text`, and its result to the model. (A signal
	/// that came meanwhile waits in the pipe for the next turn of the loop.)
	private func editExternally(key: String, text: String) {
		let handOver = {
			watchdog?.handOver()
			terminal.handOver()
		}
		let takeBack = {
			terminal.takeBack()
			watchdog?.takeBack()
		}
		switch externalEditor.edit(text, handOver: handOver, takeBack: takeBack) {
		case .success(let edited): model.finishExternalEdit(key: key, text: edited)
		case .failure(let failure): model.externalEditFailed(key: key, reason: failure.description)
		}
		let size = terminal.size
		model.handle(.resize(width: size.width, height: size.height))
	}
}
