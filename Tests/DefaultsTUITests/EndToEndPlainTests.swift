import ChildProcess
import Defaults
import Foundation
import Testing

/// The editor as line prompts in a terminal that cannot show a full screen (`TERM=dumb`), driven in tmux.
@Suite("The editor in a terminal: line prompts with TERM=dumb", .timeLimit(.minutes(2)))
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
}
