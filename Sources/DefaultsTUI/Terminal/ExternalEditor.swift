import Defaults
import Foundation

/// Opens text in `$VISUAL`, `$EDITOR` or `vi`, giving that program the terminal for as long as it runs.
///
/// The editor runs as `/bin/sh -c 'exec <editor> "$1"' sh FILE` (so an editor with arguments,
/// `code --wait` or `vi -u NONE`, works), in a process group of its own that is made the
/// terminal's foreground group: it reads the keys, Ctrl-C reaches it and not the settings
/// editor, and the terminal's answers to its queries are its own. It starts with default
/// signal dispositions and no blocked signals, whatever the settings editor set up.
struct ExternalEditor {
	/// The command that opens a file: `$VISUAL`, else `$EDITOR`, else `vi`.
	let command: String
	/// The terminal's descriptor.
	let terminal: Int32

	init(environment: [String: String] = ProcessInfo.processInfo.environment, terminal: Int32 = STDIN_FILENO) {
		command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
		self.terminal = terminal
	}

	/// Why an edit in the editor came to nothing, in words that say what to do.
	struct Failure: Error, CustomStringConvertible {
		let description: String
	}

	/**
	Writes `text` to a private temporary file (mode 0600), runs the editor on it between
	`handOver` and `takeBack`, and returns the file's new text, or why there is none (the
	editor could not start, was not found, failed or was killed). The file is removed afterwards.
	*/
	func edit(_ text: String, handOver: () -> Void, takeBack: () -> Void) -> Result<String, Failure> {
		// Not named after the key: a key from a schema file may contain "/".
		let path = FileManager.default.temporaryDirectory
			.appendingPathComponent("defaults-tui-\(getpid())-\(UUID().uuidString).json").path
		do throws(SystemCallError) {
			try DurableFile.create(atPath: path, with: Array(text.utf8))
		} catch {
			return .failure(Failure(description: "the text could not be written to a temporary file \(path) (\(String(cString: strerror(error.code))))"))
		}
		defer { unlink(path) }

		handOver()
		let status = run(onFile: path)
		takeBack()
		if let failure = failure(status) { return .failure(failure) }
		guard let data = FileManager.default.contents(atPath: path) else {
			return .failure(Failure(description: "the edited file could not be read back"))
		}
		return .success(String(decoding: data, as: UTF8.self))
	}

	/// What an editor's wait status says went wrong; `nil` when it exited with status 0.
	func failure(_ status: Int32?) -> Failure? {
		let program = command.split(separator: " ").first.map(String.init) ?? command
		let setIt = "set EDITOR (or VISUAL) to an editor that is installed, for example EDITOR=nano"
		guard let status else { return Failure(description: "the editor could not be started (/bin/sh: \(String(cString: strerror(errno))))") }
		if status & 0x7f != 0 { return Failure(description: "the editor ‘\(program)’ was ended by signal \(status & 0x7f)") }
		switch (status >> 8) & 0xff {
		case 0: return nil
		case 127: return Failure(description: "the editor ‘\(program)’ was not found (status 127); \(setIt)")
		case 126: return Failure(description: "the editor ‘\(program)’ cannot be run (status 126: not executable); \(setIt)")
		case let code: return Failure(description: "the editor ‘\(program)’ exited with status \(code)")
		}
	}

	/// Runs the editor in the foreground and waits for it; its wait status, or `nil` when it
	/// could not be started.
	private func run(onFile path: String) -> Int32? {
		// `exec`: the editor itself is the child, so a stop (SIGTTOU, SIGTTIN) reaches waitpid.
		guard let process = spawn(arguments: ["/bin/sh", "-c", "exec \(command) \"$1\"", "sh", path]) else { return nil }
		// Also from this side: whichever runs first, the group exists before tcsetpgrp.
		_ = setpgid(process, process)
		SignalHandling.ignoringTerminalOutputStops { _ = tcsetpgrp(terminal, process) }
		var status: Int32 = 0
		while true {
			let result = waitpid(process, &status, WUNTRACED)
			if result < 0 {
				if errno == EINTR { continue }
				break
			}
			guard Self.isStopped(status) else { break }
			// Stopped by touching the terminal before it was in the foreground (or by
			// Ctrl-Z): make sure it is in the foreground, and let it go on.
			SignalHandling.ignoringTerminalOutputStops { _ = tcsetpgrp(terminal, process) }
			kill(-process, SIGCONT)
		}
		SignalHandling.ignoringTerminalOutputStops {
			_ = tcsetpgrp(terminal, getpgrp())
			// Whatever the terminal still had queued (its replies to the editor's queries,
			// keys typed for the editor) is not for the settings editor.
			_ = tcflush(terminal, TCIFLUSH)
		}
		return status
	}

	/// Starts `arguments` in a new process group with default signal handling (ignored
	/// dispositions survive exec: without this the editor would ignore whatever this process,
	/// or the runtime, ignores).
	private func spawn(arguments: [String]) -> pid_t? {
		try? ProcessSpawn.spawn(
			"/bin/sh", arguments: arguments, standardInput: .inherit, standardOutput: .inherit, standardError: .inherit,
			resettingSignals: true, inNewProcessGroup: true
		)
	}

	// The W* status macros are not imported into Swift.
	private static func isStopped(_ status: Int32) -> Bool { status & 0xff == 0x7f }
}
