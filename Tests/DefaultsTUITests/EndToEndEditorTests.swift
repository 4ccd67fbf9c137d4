import Defaults
import Foundation
import TestEnvironment
import Testing

/// Drives the real `defaults-tui` binary in tmux, as a person would, and reads the screen.
private final class TmuxSession {
	let socket = "defaults-tui-test-\(UUID().uuidString.prefix(8))"
	let configHome: URL
	let storeFile: URL

	static var buildDirectory: URL {
		URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
	}

	init(arguments: [String] = [], environment: [String: String] = [:]) throws {
		configHome = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
			.appendingPathComponent("tui-\(UUID().uuidString)", isDirectory: true)
		storeFile = configHome.appendingPathComponent("defaults-tui/settings.json")
		var variables = ["XDG_CONFIG_HOME": configHome.path, "TERM": "xterm-256color"]
		variables.merge(environment) { $1 }
		let command = "env " + variables.map { "\($0.key)='\($0.value)'" }.joined(separator: " ") + " "
			+ ([Self.buildDirectory.appendingPathComponent("defaults-tui").path] + arguments).map { "'\($0)'" }.joined(separator: " ")
		// The server this starts would keep an output pipe open forever: give it none.
		try tmux(["new-session", "-d", "-x", "100", "-y", "30", command], capturingOutput: false)
	}

	deinit {
		_ = try? tmux(["kill-server"], capturingOutput: false)
	}

	/// Runs a tmux command on this test's own server and returns what it printed.
	/// (`popen` rather than `Process`: the server tmux starts must not hold our pipes, and
	/// `pclose` waits for the client itself.)
	@discardableResult
	func tmux(_ arguments: [String], capturingOutput: Bool = true) throws -> String {
		// CI may run without TERM; tmux wants one.
		let quoted = (["env", "TERM=xterm-256color", "tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
		let command = quoted.joined(separator: " ") + (capturingOutput ? " 2>&1" : " >/dev/null 2>&1")
		guard let stream = popen(command, "r") else { throw POSIXError(.EIO) }
		var output = Data()
		var buffer = [UInt8](repeating: 0, count: 4096)
		while true {
			let count = fread(&buffer, 1, buffer.count, stream)
			if count <= 0 { break }
			output.append(contentsOf: buffer[0..<count])
		}
		pclose(stream)
		return String(decoding: output, as: UTF8.self)
	}

	func send(_ keys: String...) throws {
		try tmux(["send-keys"] + keys)
	}

	var screen: String {
		(try? tmux(["capture-pane", "-p"])) ?? ""
	}

	var isRunning: Bool {
		(try? tmux(["list-sessions"]))?.contains("windows") == true
	}

	/// Waits until the screen satisfies `condition` (the editor draws asynchronously).
	func waitForScreen(within seconds: Double = 10, _ condition: (String) -> Bool) async -> Bool {
		let deadline = Date().addingTimeInterval(seconds)
		while Date() < deadline {
			if condition(screen) { return true }
			try? await Task.sleep(for: .milliseconds(20))
		}
		return condition(screen)
	}

	func storedValues() -> [String: Defaults.JSONValue] {
		guard let data = try? Data(contentsOf: storeFile), case .object(let values)? = try? Defaults.JSONValue(parsing: data) else { return [:] }
		return values
	}
}

@Suite("The editor in a real terminal", .serialized, .timeLimit(.minutes(2)))
struct EndToEndEditorTests {
	@Test func theDefaultInvocationOpensTheDemo() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") && $0.contains("Launch at Login") })
		let screen = session.screen
		#expect(screen.contains("[ ] off"))
		#expect(screen.contains("‹ system ›"))
		#expect(screen.contains("q quit"))
	}

	@Test func editsReachTheStoreFile() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Launch at Login") })
		try session.send("Space")
		try session.send("j", "j", "j", "j", "Right")
		#expect(await session.waitForScreen { $0.contains("● Font Size") })
		let saved = await eventuallyTrue { session.storedValues() == ["launchAtLogin": true, "fontSize": 15] }
		#expect(saved, "\(session.storedValues())")
		try session.send("r")
		#expect(await eventuallyTrue { session.storedValues() == ["launchAtLogin": true] }, "r resets: the value is removed")
	}

	@Test func aSetFromTheCommandLineAppearsInTheRunningEditor() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("‹ system ›") })
		let helper = Process()
		helper.executableURL = TmuxSession.buildDirectory.appendingPathComponent("defaults-tui")
		helper.arguments = ["set", "theme", "dark"]
		helper.environment = ["XDG_CONFIG_HOME": session.configHome.path]
		try helper.run()
		helper.waitUntilExit()
		#expect(helper.terminationStatus == 0)
		#expect(await session.waitForScreen(within: 5) { $0.contains("● Theme") && $0.contains("‹ dark ›") })
	}

	@Test func invalidInputShowsAnErrorAndChangesNothing() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Sync Interval") })
		try session.send("/", "interval", "Enter", "Enter", "C-u", "soon", "Enter")
		#expect(await session.waitForScreen { $0.contains("✗ expected a whole number") })
		try session.send("Escape")
		#expect(session.storedValues()["syncInterval"] == nil)
	}

	@Test func quittingRestoresTheTerminal() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") })
		try session.send("q")
		#expect(await eventuallyTrue { !session.isRunning }, "the program ends")
	}

	@Test func sigtermEndsTheEditorCleanly() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") })
		let pid = try session.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
		let kill = Process()
		kill.executableURL = URL(fileURLWithPath: "/usr/bin/env")
		kill.arguments = ["kill", "-TERM", pid]
		try kill.run()
		kill.waitUntilExit()
		#expect(await eventuallyTrue { !session.isRunning })
	}

	@Test func withoutATerminalItSaysWhatToDo() throws {
		let process = Process()
		process.executableURL = TmuxSession.buildDirectory.appendingPathComponent("defaults-tui")
		process.environment = ["XDG_CONFIG_HOME": String(cString: defaults_tests_config_directory())]
		let errors = Pipe()
		process.standardError = errors
		process.standardInput = FileHandle.nullDevice
		process.standardOutput = FileHandle.nullDevice
		try process.run()
		let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
		process.waitUntilExit()
		#expect(process.terminationStatus == 1)
		#expect(message.contains("needs a terminal"))
	}

	@Test func theDemoSchemaAssetMatchesTheBuiltInDemo() throws {
		let process = Process()
		process.executableURL = TmuxSession.buildDirectory.appendingPathComponent("defaults-tui")
		process.arguments = ["schema"]
		process.environment = ["XDG_CONFIG_HOME": String(cString: defaults_tests_config_directory())]
		let output = Pipe()
		process.standardOutput = output
		try process.run()
		let printed = output.fileHandleForReading.readDataToEndOfFile()
		process.waitUntilExit()
		let asset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent("Assets/demo-schema.json")
		#expect(try Data(contentsOf: asset) == printed, "Assets/demo-schema.json is `defaults-tui schema`; regenerate it after changing the demo")
		let schema = try SettingsSchema.load(from: asset)
		#expect(Set(schema.settings.map(\.kind)) == Set(Setting.Kind.allCases), "the demo has every kind of setting")
	}
}

private func eventuallyTrue(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
	let deadline = Date().addingTimeInterval(seconds)
	while Date() < deadline {
		if condition() { return true }
		try? await Task.sleep(for: .milliseconds(20))
	}
	return condition()
}
