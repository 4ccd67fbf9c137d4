import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import TestEnvironment

/// Drives the real `defaults-tui` binary in tmux, as a person would, and reads the screen.
///
/// The pane stays after the program ends, so a test can read its exit status and the
/// state it left the terminal in.
final class TmuxSession {
	let server = TmuxServer(socket: "defaults-tui-test-\(UUID().uuidString.prefix(8))")
	/// The test's own `XDG_CONFIG_HOME`, also a place for its scratch files.
	let configHome: URL
	let storeFile: URL
	/// The program's `$XDG_CONFIG_DIRS`: its system-wide layers are in `<this>/defaults-tui/`.
	var systemDirectory: URL { configHome.appendingPathComponent("xdg-system", isDirectory: true) }

	/// The program's `$XDG_DATA_HOME`, where programs register their settings (empty unless a test does).
	var dataHome: URL { configHome.appendingPathComponent("xdg-data-home", isDirectory: true) }
	/// The program's `$XDG_DATA_DIRS`: the test's own, so the machine's registered programs never show.
	var dataDirectory: URL { configHome.appendingPathComponent("xdg-data", isDirectory: true) }

	static var executable: URL {
		ChildProcess.builtProduct("defaults-tui")
	}

	/// Starts the binary with `arguments`; `storeText`, when given, is the store file's
	/// content before it starts.
	/// Programs registered (`name: schema`, in this project's format) before it starts.
	init(arguments: [String] = [], environment: [String: String] = [:], storeText: String? = nil, systemFiles: [String: String] = [:], programs: [String: SettingsSchema] = [:]) throws {
		configHome = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
			.appendingPathComponent("tui-\(UUID().uuidString)", isDirectory: true)
		storeFile = configHome.appendingPathComponent("defaults-tui/settings.json")
		try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
		if let storeText {
			try FileManager.default.createDirectory(at: storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
			try Data(storeText.utf8).write(to: storeFile)
		}
		for (name, text) in systemFiles {
			let url = systemDirectory.appendingPathComponent("defaults-tui/\(name)")
			try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
			try Data(text.utf8).write(to: url)
		}
		for (name, schema) in programs {
			let url = dataHome.appendingPathComponent("defaults/schemas/\(name).json")
			try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
			try Data(schema.jsonString().utf8).write(to: url)
		}
		var variables = [
			"XDG_CONFIG_HOME": configHome.path, "XDG_CONFIG_DIRS": systemDirectory.path,
			"XDG_DATA_HOME": dataHome.path, "XDG_DATA_DIRS": dataDirectory.path, "TERM": "xterm-256color",
			// Schemas fetched are kept in the test's own cache.
			"XDG_CACHE_HOME": configHome.appendingPathComponent("xdg-cache", isDirectory: true).path,
			// Nothing is fetched unless a test serves it on loopback (DEFAULTS_TUI_OFFLINE=0).
			"DEFAULTS_TUI_OFFLINE": "1",
		]
		variables.merge(environment) { $1 }
		// A shell around the program prints its exit status and keeps the pane open, so a
		// test can read the status and the state the program left the terminal in.
		let wrapper = #"env "$@"; echo "[\#(Self.exitMarker)$?]"; exec sleep 600"#
		let command = (["sh", "-c", wrapper, "sh"] + variables.map { "\($0.key)=\($0.value)" } + [Self.executable.path] + arguments)
			.map(TmuxServer.shellQuoted).joined(separator: " ")
		// The server this starts would keep an output pipe open forever: give it none.
		try tmux(["new-session", "-d", "-x", "100", "-y", "30", command], capturingOutput: false)
	}

	private static let exitMarker = "defaults-tui exited with status "

	deinit {
		_ = try? tmux(["kill-server"], capturingOutput: false)
	}

	/// Runs a tmux command on this test's own server and returns what it printed (standard
	/// output and error).
	@discardableResult
	func tmux(_ arguments: [String], capturingOutput: Bool = true) throws -> String {
		try server.run(arguments, capturingOutput: capturingOutput).output
	}

	func send(_ keys: String...) throws {
		try tmux(["send-keys"] + keys)
	}

	/// Types `text` literally (no key names).
	func type(_ text: String) throws {
		try tmux(["send-keys", "-l", text])
	}

	/// Pastes `text` as a terminal does: marked as a paste (bracketed) when the program asked for
	/// that, line breaks as carriage returns.
	func paste(_ text: String) throws {
		try tmux(["set-buffer", "-b", "test-paste", "--", text])
		try tmux(["paste-buffer", "-p", "-d", "-b", "test-paste"])
	}

	/// The visible screen.
	var screen: String {
		(try? tmux(["capture-pane", "-p"])) ?? ""
	}

	/// Everything the pane showed, scrolled-off lines included, wrapped lines joined.
	var transcript: String {
		(try? tmux(["capture-pane", "-p", "-J", "-S", "-"])) ?? ""
	}

	/// A tmux format about the pane, such as `#{alternate_on}`.
	func format(_ format: String) -> String {
		((try? tmux(["display-message", "-p", format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
	}

	/// Whether the program still runs.
	var isRunning: Bool {
		exitStatus == nil
	}

	/// The program's exit status, once it has ended.
	var exitStatus: Int32? {
		let transcript = transcript
		guard let marker = transcript.range(of: "[" + Self.exitMarker, options: .backwards) else { return nil }
		return Int32(transcript[marker.upperBound...].prefix { $0 != "]" })
	}

	/// The program's process id (the one child of the shell around it).
	var processID: pid_t? {
		guard let shell = Int(format("#{pane_pid}")),
		      let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8) else { return nil }
		return children.split(separator: " ").first.flatMap { pid_t($0) }
	}

	/// Sends `signal` to the program.
	func signal(_ signal: Int32) throws {
		guard let pid = processID, kill(pid, signal) == 0 else { throw POSIXError(.ESRCH) }
	}

	/// Waits until the screen satisfies `condition` (the editor draws asynchronously). Generous by
	/// default, as `eventually` is: in the full parallel run the polling may wait for a thread.
	func waitForScreen(within seconds: Double = 30, _ condition: (String) -> Bool) async -> Bool {
		await eventually(within: .seconds(seconds)) { condition(screen) }
	}

	/// Waits until the program has ended, and returns its exit status.
	func waitForExit(within seconds: Double = 30) async -> Int32? {
		_ = await eventually(within: .seconds(seconds)) { !isRunning }
		return exitStatus
	}

	func storedValues() -> [String: Defaults.JSONValue] {
		guard let data = try? Data(contentsOf: storeFile), case .object(let values)? = try? Defaults.JSONValue(parsing: data) else { return [:] }
		return values
	}

	/// Writes an executable `/bin/sh` script into a new scratch directory and returns its path.
	static func script(_ body: String) throws -> String {
		let directory = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
			.appendingPathComponent("script-\(UUID().uuidString)", isDirectory: true)
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let url = directory.appendingPathComponent("editor")
		// Written through a descriptor closed on exec: a program another test starts meanwhile
		// (a tmux server, etcd) would otherwise keep the file open for writing for as long as
		// it runs, and running the script would then fail with "Text file busy" (ETXTBSY).
		let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
		guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
		defer { close(descriptor) }
		let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
		guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
		return url.path
	}

	/// A path for a scratch file, in a directory of its own.
	static func scratchFile() throws -> URL {
		let directory = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
			.appendingPathComponent("scratch-\(UUID().uuidString)", isDirectory: true)
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		return directory.appendingPathComponent("file")
	}
}
