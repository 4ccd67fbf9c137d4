import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// SIGINT, SIGTERM and SIGHUP end the editor within a second whatever it is doing, even when
/// its loop cannot see them: here the terminal's output is stopped (Ctrl-S), so the editor waits
/// in write(2) in the middle of drawing, as it would behind a stuck connection or a long
/// computation. It still ends with the signal's status, the terminal given back.
@Suite("Signals while the editor is busy", .serialized, .timeLimit(.minutes(2)), .requires(.tmux))
struct EndToEndBusySignalTests {
	/// Whether `process`'s main thread waits in write(2) on standard output (its system call and
	/// first argument, as `/proc` shows them).
	private static func isWritingToTheTerminal(_ process: pid_t) -> Bool {
		#if arch(x86_64)
		let write = "1"
		#elseif arch(arm64)
		let write = "64"
		#else
		let write = "-"
		#endif
		guard let call = try? String(contentsOfFile: "/proc/\(process)/syscall", encoding: .utf8) else { return false }
		let fields = call.split(separator: " ")
		return fields.count > 1 && fields[0] == write && fields[1] == "0x1"
	}

	/// Whether `process` still runs (a zombie nobody reaps has ended).
	private static func isRunning(_ process: pid_t) -> Bool {
		guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8) else { return false }
		return stat.split(separator: ")").last?.split(separator: " ").first != "Z"
	}

	@Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
	func aSignalEndsTheEditorWaitingToDraw(signal: Int32, status: Int32) async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Launch at Login") && $0.contains("[ ] off") })
		let editor = try #require(session.processID)
		try session.send("Space")
		#expect(await session.waitForScreen { $0.contains("● Launch at Login") })
		// Output stopped, the next screens drawn wait for it.
		try session.send("C-s")
		try session.send("C-l", "j", "C-l")
		#expect(await eventually(within: .seconds(30)) { Self.isWritingToTheTerminal(editor) }, "the editor waits to draw")
		let clock = ContinuousClock()
		let sent = clock.now
		kill(editor, signal)
		// A second, and more for a busy machine; stuck as it was, it would never end.
		let ended = await eventually(within: .seconds(15)) { !Self.isRunning(editor) }
		#expect(ended, "the editor ended \(clock.now - sent) after the signal")
		try session.send("C-q")
		#expect(await session.waitForExit() == status)
		#expect(session.format("#{alternate_on} #{cursor_flag}") == "0 1", "the normal screen and the cursor are back")
		#expect(session.storedValues() == ["launchAtLogin": true])
	}
}
