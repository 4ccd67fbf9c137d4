import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// The editor as line prompts in a terminal that cannot show a full screen (`TERM=dumb`), driven in tmux.
@Suite("The editor in a terminal: line prompts with TERM=dumb", .requires(.tmux), .timeLimit(.minutes(2)))
struct EndToEndPlainTests {
	@Test func termDumbGetsPromptsSecretsAreNotEchoedChangesElsewhereArePrintedAndCtrlDSaves() async throws {
		let session = try TmuxSession(environment: ["TERM": "dumb"])
		#expect(await session.waitForScreen { $0.contains("  5. Font Size: 14") && $0.contains("Setting (number or key;") })
		#expect(session.format("#{alternate_on}") == "0", "no full screen")
		try session.type("5")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Font Size [14] (a number from 8 to 32):") })
		try session.type("99")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("must be between 8 and 32") }, "refused in the full-screen editor's words")
		try session.type("20")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Font Size set to 20.") })
		// Saved a moment later (a file store coalesces its writes).
		#expect(await eventually { session.storedValues()["fontSize"] == 20 })
		// The editor's own change comes back from the store: it must not print the prompt again.
		try await Task.sleep(for: .milliseconds(500))
		#expect(!session.transcript.contains("q quit): Setting ("), "the prompt once")

		try session.type("accessToken")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Access Token [empty]") })
		try session.type("hunter2")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Access Token set to a hidden value.") })
		#expect(!session.transcript.contains("hunter2"), "typed without echo")

		// Another process changes a setting while the prompt waits.
		let other = FileStore(url: session.storeFile)
		other.setStoredValue(25, forKey: "fontSize")
		try other.saveNow(timeout: .seconds(2))
		#expect(await session.waitForScreen { $0.contains("fontSize changed elsewhere: 20 → 25") })

		try session.send("C-d")
		#expect(await session.waitForExit() == 0)
		#expect(session.storedValues() == ["fontSize": 25, "accessToken": "hunter2"])
	}

	@Test func aSignalAtThePromptSavesAndEndsWithItsStatus() async throws {
		let session = try TmuxSession(environment: ["TERM": "dumb"])
		#expect(await session.waitForScreen { $0.contains("Setting (number or key;") })
		try session.type("5")
		try session.send("Enter")
		try session.type("12")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Font Size set to 12.") })
		try session.signal(SIGTERM)
		#expect(await session.waitForExit() == 143)
		#expect(session.storedValues() == ["fontSize": 12])
	}

	/// The arrows, Home, End, Backspace and Delete edit the answer on a terminal, as in a shell;
	/// their escape sequences (and those of other keys) never go into it.
	@Test func arrowKeysEditTheAnswerRatherThanTypeEscapeSequences() async throws {
		let session = try TmuxSession(environment: ["TERM": "dumb"])
		#expect(await session.waitForScreen { $0.contains("Setting (number or key;") })
		try session.type("username")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Username [not set]") })
		try session.type("helo")
		try session.send("Left")
		try session.type("l")
		try session.send("Home")
		try session.type("x")
		try session.send("End", "Up", "F5", "PageUp")
		try session.type("!!")
		try session.send("BSpace", "BSpace", "Home", "DC")
		#expect(await session.waitForScreen { $0.split(separator: "\n").contains { $0.hasPrefix("Username [not set]") && $0.hasSuffix("): hello") } }, "\(session.screen)")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Username set to hello.") }, "\(session.screen)")
		#expect(!session.transcript.contains("^["), "no escape sequence shown")
		#expect(await eventually { session.storedValues()["username"] == "hello" }, "\(session.storedValues())")
		try session.send("C-d")
		#expect(await session.waitForExit() == 0)
	}

	/// The lines follow the terminal's width when the window is resized while the prompts run.
	@Test func linesWrapToTheTerminalsWidthAfterAResize() async throws {
		let session = try TmuxSession(environment: ["TERM": "dumb"])
		#expect(await session.waitForScreen { $0.contains("Setting (number or key;") })
		try session.tmux(["resize-window", "-x", "40", "-y", "30"])
		try session.type("?")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("At the prompt for a value:") }, "\(session.screen)")
		let help = session.transcript.components(separatedBy: "At the prompt for a setting:").last ?? ""
		let lines = help.split(separator: "\n").filter { !$0.hasPrefix("Setting (") }
		#expect(lines.count > 5 && lines.allSatisfy { $0.count <= 40 }, "\(lines)")
		try session.send("C-d")
		#expect(await session.waitForExit() == 0)
	}
}
