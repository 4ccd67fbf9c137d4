import CNcurses
import Defaults
import Dispatch
import Foundation
import Synchronization

/**
The settings editor in a terminal. A program can open it on its own settings in
one call, for a `myapp settings` command, and gets control back when the person quits:

```swift
let schema = SettingsSchema(title: "My App") {
	Defaults.Section("General") {
		Defaults.Toggle("Launch at Login", key: .launchAtLogin)
	}
}
try TerminalEditor(schema: schema, store: FileStore.standard).run()
```

Values that change elsewhere while it is open (another process writing the file
store, or code in this process) are redrawn at once and highlighted.
*/
public final class TerminalEditor {
	public let model: EditorModel
	private let terminal = Terminal()

	public init(schema: SettingsSchema, store: any DefaultsStore, storeDescription: String? = nil) {
		let description = storeDescription ?? (store as? FileStore)?.url.path ?? ""
		model = EditorModel(schema: schema, store: store, storeDescription: description)
	}

	/// Opens the editor on a key group's settings. See ``SettingsSchema/init(title:group:)``.
	public convenience init<Group: KeyGroup>(group: Group.Type, title: String, store: any DefaultsStore) {
		self.init(schema: SettingsSchema(title: title, group: group), store: store)
	}

	/// Why the editor could not start.
	public struct StartError: Error, CustomStringConvertible {
		public let description: String
	}

	/**
	Runs the editor until the person quits (q, Ctrl-C) or the process gets SIGTERM or SIGHUP,
	then restores the terminal.

	- Throws: ``StartError`` when standard input or output is not a terminal.
	*/
	public func run() throws {
		guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
			throw StartError(description: "the settings editor needs a terminal, but standard input or output is not one. "
				+ "Use the commands instead: defaults-tui list, get KEY, set KEY VALUE, reset KEY, watch (see defaults-tui --help).")
		}
		guard let inbox = Inbox() else {
			throw StartError(description: "could not create a pipe: \(String(cString: strerror(errno)))")
		}
		let observation = Defaults.observe(keysNamed: model.keyNames, in: model.store) { keys in
			inbox.post(keys: keys)
		}
		defer { observation.invalidate() }
		let signals = watchSignals(inbox)
		defer { signals.forEach { $0.cancel() } }

		terminal.start()
		defer { terminal.stop() }
		let size = terminal.size
		model.handle(.resize(width: size.width, height: size.height))
		loop(inbox)
	}

	/// SIGTERM, SIGHUP and SIGINT end the editor cleanly, restoring the terminal.
	private func watchSignals(_ inbox: Inbox) -> [any DispatchSourceSignal] {
		[SIGTERM, SIGHUP, SIGINT].map { number in
			signal(number, SIG_IGN)
			let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
			source.setEventHandler { inbox.postStop() }
			source.resume()
			return source
		}
	}

	private func loop(_ inbox: Inbox) {
		terminal.draw(model.render())
		while true {
			var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: inbox.readEnd, events: Int16(POLLIN), revents: 0)]
			let timeout = model.nextFlashExpiry.map { max(0, Int32($0.timeIntervalSinceNow * 1000) + 1) } ?? -1
			let ready = poll(&descriptors, 2, timeout)
			if ready < 0, errno != EINTR { return }
			var needsDraw = model.expireFlashes()

			if descriptors[1].revents != 0 {
				let pending = inbox.take()
				if pending.stop { return }
				if !pending.keys.isEmpty || pending.all, model.storeDidChange(keys: pending.all ? nil : pending.keys) {
					needsDraw = true
				}
			}
			// Read keys after EINTR too: a window resize arrives as KEY_RESIZE.
			while let key = terminal.readKey() {
				needsDraw = true
				switch model.handle(key) {
				case .quit: return
				case .editExternally(let key, let text): editExternally(key: key, text: text)
				case .redraw, .none: break
				}
			}
			if needsDraw { terminal.draw(model.render()) }
		}
	}

	/// Opens `text` in `$VISUAL`, `$EDITOR` or `vi`, and gives the result to the model.
	private func editExternally(key: String, text: String) {
		// Not named after the key: a key from a schema file may contain "/".
		let file = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-tui-\(getpid())-\(UUID().uuidString).json")
		defer { try? FileManager.default.removeItem(at: file) }
		guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
			model.finishExternalEdit(key: key, text: nil)
			return
		}
		let environment = ProcessInfo.processInfo.environment
		let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
		var succeeded = false
		terminal.suspend {
			let process = Process()
			process.executableURL = URL(fileURLWithPath: "/bin/sh")
			// The editor may carry arguments ("code --wait"), so let the shell split it.
			process.arguments = ["-c", "\(editor) \"$1\"", "sh", file.path]
			do {
				try process.run()
				process.waitUntilExit()
				succeeded = process.terminationStatus == 0
			} catch {
				succeeded = false
			}
		}
		let edited = succeeded ? (try? String(contentsOf: file, encoding: .utf8)) : nil
		model.finishExternalEdit(key: key, text: edited)
		let size = terminal.size
		model.handle(.resize(width: size.width, height: size.height))
	}
}

/// Where other threads leave news for the event loop (changed keys, a request to stop),
/// with a pipe that wakes the loop from `poll`.
private final class Inbox: Sendable {
	struct Pending {
		var keys: Set<String> = []
		var all = false
		var stop = false
	}

	let readEnd: Int32
	private let writeEnd: Int32
	private let pending = Mutex(Pending())

	init?() {
		var ends: [Int32] = [0, 0]
		guard pipe(&ends) == 0 else { return nil }
		for end in ends {
			_ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
			_ = fcntl(end, F_SETFD, FD_CLOEXEC)
		}
		readEnd = ends[0]
		writeEnd = ends[1]
	}

	deinit {
		close(readEnd)
		close(writeEnd)
	}

	func post(keys: Set<String>?) {
		pending.withLock { pending in
			if let keys { pending.keys.formUnion(keys) } else { pending.all = true }
		}
		wake()
	}

	func postStop() {
		pending.withLock { $0.stop = true }
		wake()
	}

	/// Empties the pipe and returns what was posted since the last call.
	func take() -> Pending {
		var buffer = [UInt8](repeating: 0, count: 64)
		while read(readEnd, &buffer, buffer.count) > 0 {}
		return pending.withLock { pending in
			defer { pending = Pending(stop: pending.stop) }
			return pending
		}
	}

	private func wake() {
		var byte: UInt8 = 1
		_ = write(writeEnd, &byte, 1)
	}
}
