import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// The terminal layer with the real binary in tmux: `$EDITOR` owning the terminal, signals
/// and exit statuses, the terminal left as it was, problems on the message line, `TERM`.
@Suite("The terminal layer in a real terminal", .serialized, .timeLimit(.minutes(2)), .requires(.tmux))
struct EndToEndTerminalTests {
	/// Opens the editor with only "Spelling Languages" (a JSON list) shown and selected.
	private func sessionOnSpellingLanguages(editor: String) async throws -> TmuxSession {
		let session = try TmuxSession(environment: ["EDITOR": editor, "VISUAL": ""])
		#expect(await session.waitForScreen { $0.contains("Spelling Languages") })
		try session.send("/", "languages", "Enter")
		#expect(await session.waitForScreen { $0.contains("1 match for “languages”") }, "\(session.screen)")
		return session
	}

	// MARK: $EDITOR

	/// An `$EDITOR` that is not installed is named, with what to set; the value is unchanged.
	@Test func aMissingEditorProgramIsNamed() async throws {
		let session = try await sessionOnSpellingLanguages(editor: "/nonexistent/editor --wait")
		try session.send("e")
		#expect(await session.waitForScreen { $0.contains("Spelling Languages is unchanged: the editor ‘/nonexistent/editor’ was not found") },
			"\(session.screen)")
		#expect(session.storedValues()["spellingLanguages"] == nil)
	}

	@Test(.requires(.vim)) func vimAsTheEditorOwnsTheTerminal() async throws {
		let session = try await sessionOnSpellingLanguages(editor: "/usr/bin/vi -N -u NONE -i NONE")
		try session.send("e")
		let vimShowsTheValue = await session.waitForScreen { screen in
			screen.contains("\"en\"") && screen.contains("~") && !screen.contains("Harbor Notes")
		}
		#expect(vimShowsTheValue, "\(session.screen)")
		try session.send(":%d", "Enter")
		try session.send("i")
		try session.type("[\"de\"]")
		try session.send("Escape")
		try session.send(":wq", "Enter")
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") && $0.contains("[\"de\"]") }, "\(session.screen)")
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["spellingLanguages": ["de"]] }, "\(session.storedValues())")
		#expect(session.isRunning)
	}

	@Test func anEditorReadingTheTerminalGetsTheTypedKeys() async throws {
		let fileInfo = try TmuxSession.scratchFile()
		let editor = try TmuxSession.script("""
			printf 'type a value: ' > /dev/tty
			IFS= read -r line < /dev/tty
			printf '%s\\n' "$line" > "$1"
			printf '%s %s\\n' "$(stat -c %a "$1")" "$1" > \(TmuxServer.shellQuoted(fileInfo.path))
			""")
		let session = try await sessionOnSpellingLanguages(editor: editor)
		try session.send("e")
		#expect(await session.waitForScreen { $0.contains("type a value:") })
		try session.type("[\"typed\"]")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") && $0.contains("[\"typed\"]") }, "\(session.screen)")
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["spellingLanguages": ["typed"]] }, "\(session.storedValues())")
		// The settings editor saw none of those keys (`e` would open the editor again, `y` and `d` act too).
		#expect(session.screen.contains("q quit"), "\(session.screen)")
		// The file the editor got: private to its owner, and gone afterwards.
		let info = ((try? String(contentsOf: fileInfo, encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines).split(separator: " ", maxSplits: 1)
		#expect(info.first == "600", "\(info)")
		#expect(info.count == 2 && !FileManager.default.fileExists(atPath: String(info[1])), "\(info)")
		#expect(session.isRunning)
	}

	@Test func anEditorStoppedForTouchingTheTerminalIsResumed() async throws {
		// What happens when the editor touches the terminal before it is in the foreground
		// (SIGTTOU stops it), made certain.
		let editor = try TmuxSession.script("""
			kill -TTOU $$
			printf '["resumed"]\\n' > "$1"
			""")
		let session = try await sessionOnSpellingLanguages(editor: editor)
		try session.send("e")
		#expect(await session.waitForScreen { $0.contains("[\"resumed\"]") }, "\(session.screen)")
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["spellingLanguages": ["resumed"]] })
	}

	@Test func ctrlCWhileTheEditorRunsReachesOnlyTheEditor() async throws {
		let marker = try TmuxSession.scratchFile()
		let signals = try TmuxSession.scratchFile()
		let editor = try TmuxSession.script("""
			while IFS= read -r line; do case $line in SigBlk:*|SigIgn:*) printf '%s\\n' "$line";; esac; done < /proc/$$/status > \(TmuxServer.shellQuoted(signals.path))
			trap 'echo interrupted > \(TmuxServer.shellQuoted(marker.path)); exit 1' INT
			# Says it waits only once the terminal has put it in the foreground (its process group,
			# field 5 of its stat, is the terminal's, field 8): a Ctrl-C pressed before goes elsewhere.
			until set -- $(cat /proc/$$/stat) && [ "$5" = "$8" ]; do sleep 0.01; done
			printf 'waiting for Ctrl-C' > /dev/tty
			while :; do sleep 0.1; done
			""")
		let session = try await sessionOnSpellingLanguages(editor: editor)
		try session.send("e")
		#expect(await session.waitForScreen { $0.contains("waiting for Ctrl-C") })
		try session.send("C-c")
		#expect(await session.waitForScreen { $0.contains("Spelling Languages is unchanged: the editor") }, "\(session.screen)")
		#expect((try? String(contentsOf: marker, encoding: .utf8)) == "interrupted\n", "the editor got SIGINT")
		// The standard signals, 1 to 31 (glibc keeps its internal real-time signals to itself).
		let masks = ((try? String(contentsOf: signals, encoding: .utf8)) ?? "").split(separator: "\n")
			.map { UInt64($0.suffix(16), radix: 16).map { $0 & 0x7fff_ffff } }
		#expect(masks == [0, 0], "the editor starts with no signal blocked or ignored")
		// Had SIGINT reached the settings editor too, it would now end with 130.
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}

	@Test func theTerminalsRepliesToTheEditorDoNotReachTheSettingsEditor() async throws {
		// Asks the terminal for its attributes (ESC [ c) and leaves without reading the reply
		// (ESC [ ? 1 ; 2 c), which would otherwise be read as keys: Esc clears the filter.
		let editor = try TmuxSession.script("""
			printf '\\033[c' > /dev/tty
			sleep 0.5
			printf '["queried"]\\n' > "$1"
			""")
		let session = try await sessionOnSpellingLanguages(editor: editor)
		try session.send("e")
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") && $0.contains("[\"queried\"]") }, "\(session.screen)")
		#expect(!session.screen.contains("Launch at Login"), "the filter is still on:\n\(session.screen)")
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["spellingLanguages": ["queried"]] })
	}

	// MARK: Signals and the terminal left behind

	@Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
	func aSignalEndsTheEditorWithItsStatus(signal: Int32, status: Int32) async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") })
		try session.signal(signal)
		#expect(await session.waitForExit() == status)
	}

	@Test func theEditorEndsWhenItsTerminalGoesAway() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") })
		let editor = try #require(session.processID)
		try session.send("Space")
		#expect(await session.waitForScreen { $0.contains("● Launch at Login") })
		try session.tmux(["kill-server"])
		// Gone, or a zombie nobody reaps (in a container without an init that reaps).
		let ended = await eventually(within: .seconds(10)) {
			guard let stat = try? String(contentsOfFile: "/proc/\(editor)/stat", encoding: .utf8) else { return true }
			return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
		}
		#expect(ended, "the editor does not keep running (and spinning) without its terminal")
		#expect(session.storedValues() == ["launchAtLogin": true], "and it saved")
	}

	@Test func quittingRestoresTheTerminal() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") })
		#expect(session.format("#{alternate_on} #{cursor_flag}") == "1 0", "while it runs: the alternate screen, no cursor")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		#expect(session.format("#{alternate_on}") == "0", "the normal screen is back")
		#expect(session.format("#{cursor_flag}") == "1", "the cursor is visible")
	}

	/// A terminal without an alternate screen (TERM=vt100, linux) has its screen cleared as the
	/// editor ends, rather than keeping the editor's last screen under the shell's prompt.
	@Test(arguments: ["vt100", "linux"])
	func quittingATerminalWithoutAnAlternateScreenClearsIt(term: String) async throws {
		let session = try TmuxSession(environment: ["TERM": term])
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") && $0.contains("Launch at Login") })
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		let screen = session.screen
		#expect(!screen.contains("Harbor Notes") && !screen.contains("Launch at Login"), "\(screen)")
	}

	@Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
	func aSignalRestoresTheTerminal(signal: Int32, status: Int32) async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") })
		try session.signal(signal)
		#expect(await session.waitForExit() == status)
		#expect(session.format("#{alternate_on}") == "0", "the normal screen is back")
		#expect(session.format("#{cursor_flag}") == "1", "the cursor is visible")
	}

	@Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
	func aSignalRightAfterAChangeStillSavesIt(signal: Int32, status: Int32) async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Launch at Login") && $0.contains("[ ] off") })
		let editor = try #require(session.processID)
		// Sooner than the store's 20 ms save delay, maybe even before the editor read the key.
		try session.send("Space")
		kill(editor, signal)
		#expect(await session.waitForExit() == status)
		#expect(session.storedValues() == ["launchAtLogin": true])
	}

	// MARK: Problems and redrawing

	@Test func aProblemAppearsOnTheMessageLineAndInTheLog() async throws {
		let log = try TmuxSession.scratchFile()
		let session = try TmuxSession(arguments: ["edit", "--log", log.path])
		#expect(await session.waitForScreen { $0.contains("Launch at Login") })
		try session.send("Space")
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["launchAtLogin": true] })
		try Data("{ not json".utf8).write(to: session.storeFile)
		// The message line, above the hints: the problem, what happened first (cut to the screen's width; the path comes last).
		let shown = await session.waitForScreen { screen in
			let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
			return lines.firstIndex { $0.contains("q quit") }.map { $0 > 0 && lines[$0 - 1].contains("Another program broke the settings file: it is not valid JSON") } ?? false
		}
		#expect(shown, "\(session.screen)")
		let screen = session.screen
		#expect(!screen.contains("warning"), "nothing printed over the screen:\n\(screen)")
		#expect(screen.contains("Harbor Notes"))
		// Written to the log beside the message line, perhaps a moment after it is drawn.
		#expect(await eventually(within: .seconds(10)) { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("is not valid JSON") })
		let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
		#expect(logged.contains("is not valid JSON"), "\(logged)")
		#expect(logged.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "#, options: .regularExpression) != nil, "a timestamp first: \(logged)")
	}

	@Test func ctrlLRedrawsTheWholeScreen() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") })
		let tty = session.format("#{pane_tty}")
		// Another program writes over the editor's screen.
		let descriptor = open(tty, O_WRONLY | O_NOCTTY)
		#expect(descriptor >= 0)
		_ = "\u{1B}[5;40HSTRAY OUTPUT".withCString { write(descriptor, $0, strlen($0)) }
		close(descriptor)
		#expect(await session.waitForScreen { $0.contains("STRAY OUTPUT") })
		try session.send("C-l")
		#expect(await session.waitForScreen { !$0.contains("STRAY OUTPUT") && $0.contains("Harbor Notes") }, "\(session.screen)")
	}

	@Test func theMouseIsTakenUnlessTurnedOff() async throws {
		let withMouse = try TmuxSession()
		#expect(await withMouse.waitForScreen { $0.contains("Harbor Notes") })
		#expect(await eventually(within: .seconds(10)) { withMouse.format("#{mouse_standard_flag}") == "1" }, "mouse reports requested")
		let withoutMouse = try TmuxSession(arguments: ["edit", "--no-mouse"])
		#expect(await withoutMouse.waitForScreen { $0.contains("Harbor Notes") })
		#expect(withoutMouse.format("#{mouse_any_flag} #{mouse_standard_flag}") == "0 0")
	}

	@Test func aClickFlipsAToggleAndTheWheelScrolls() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Launch at Login") && $0.contains("[ ] off") })
		#expect(await eventually(within: .seconds(10)) { session.format("#{mouse_standard_flag}") == "1" })
		let lines = session.screen.split(separator: "\n", omittingEmptySubsequences: false)
		let row = try #require(lines.firstIndex { $0.contains("[ ] off") })
		let column = try #require(lines[row].range(of: "[ ] off")).lowerBound.utf16Offset(in: lines[row])
		// What the terminal sends for a press and release of the left button (SGR reports, 1-based).
		try session.tmux(["send-keys", "-l", "\u{1B}[<0;\(column + 2);\(row + 1)M\u{1B}[<0;\(column + 2);\(row + 1)m"])
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["launchAtLogin": true] }, "\(session.screen)")
		#expect(await session.waitForScreen { $0.contains("[x] on") && $0.contains(" launchAtLogin · Bool") })
		// The wheel moves the selection three settings down.
		try session.tmux(["send-keys", "-l", "\u{1B}[<65;10;10M"])
		#expect(await session.waitForScreen { $0.contains(" sortOrder · SortOrder") }, "\(session.screen)")
	}

	/// Where the terminfo entry knows only the legacy mouse encoding (tmux-256color, screen), the
	/// editor asks for SGR reports too (mode 1006: no limit at column 223, and a release says which
	/// button) and reads them; a terminal that ignores the request sends legacy reports, which still
	/// work; and the mode is off again once the editor quits.
	@Test func sgrMouseReportsWorkWhereTheTerminfoEntryKnowsOnlyTheLegacyEncoding() async throws {
		let session = try TmuxSession(environment: ["TERM": "tmux-256color"])
		#expect(await session.waitForScreen { $0.contains("Launch at Login") && $0.contains("[ ] off") })
		let modes = await eventually(within: .seconds(10)) { session.format("#{mouse_standard_flag} #{mouse_sgr_flag}") == "1 1" }
		#expect(modes, "mouse reports requested, in the SGR encoding: \(session.format("#{mouse_standard_flag} #{mouse_sgr_flag}"))")
		let lines = session.screen.split(separator: "\n", omittingEmptySubsequences: false)
		let row = try #require(lines.firstIndex { $0.contains("[ ] off") })
		let column = try #require(lines[row].range(of: "[ ] off")).lowerBound.utf16Offset(in: lines[row])
		try session.type("\u{1B}[<0;\(column + 2);\(row + 1)M\u{1B}[<0;\(column + 2);\(row + 1)m")
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["launchAtLogin": true] }, "\(session.screen)")
		#expect(await session.waitForScreen { $0.contains("[x] on") })
		// The legacy encoding: ESC [ M, then the button, column and row, each plus 32 (1-based).
		func legacy(_ value: Int) -> String { String(UnicodeScalar(UInt8(32 + value))) }
		try session.type("\u{1B}[M" + legacy(0) + legacy(column + 2) + legacy(row + 1) + "\u{1B}[M" + legacy(3) + legacy(column + 2) + legacy(row + 1))
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["launchAtLogin": false] }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		#expect(session.format("#{mouse_standard_flag} #{mouse_sgr_flag}") == "0 0", "the terminal's mouse modes are back off")
	}

	@Test func getOnATerminalShowsControlCharactersEscaped() async throws {
		let session = try TmuxSession(arguments: ["get", "username"], storeText: #"{"username":"a\nb\u001b[2Jc"}"#)
		#expect(await session.waitForExit() == 0)
		let transcript = session.transcript
		#expect(transcript.contains(#"a\nb\e[2Jc"#), "\(transcript)")
	}

	// MARK: Terminals that cannot show the editor

	@Test(arguments: [
		("dumb", "cannot move the cursor or clear the screen"),
		("no-such-terminal", "TERM=no-such-terminal cannot be used"),
	])
	func anUnusableTerminalTypeWithoutLinePromptsSaysWhatToDo(term: String, problem: String) async throws {
		let session = try TmuxSession(arguments: ["--no-plain"], environment: ["TERM": term])
		#expect(await session.waitForExit() == 1)
		let transcript = session.transcript
		#expect(transcript.contains(problem), "\(transcript)")
		#expect(transcript.contains("TERM=xterm-256color"), "what to do: \(transcript)")
		#expect(transcript.contains("defaults-tui list"), "or the commands: \(transcript)")
	}

	/// Without `--no-plain`, a terminal that cannot show the full screen gets the line prompts.
	@Test(arguments: ["dumb", "no-such-terminal"])
	func anUnusableTerminalTypeGetsLinePrompts(term: String) async throws {
		let session = try TmuxSession(environment: ["TERM": term])
		#expect(await session.waitForScreen { $0.contains("  5. Font Size: 14") && $0.contains("Setting (number or key;") })
		try session.send("C-d")
		#expect(await session.waitForExit() == 0)
	}

	/// Ctrl-C while typing in a field cancels the field, as in menuconfig or huh; a SIGINT from
	/// outside still ends the editor (status 130) at any time. (In the list Ctrl-C ends it as
	/// before; here the shell that keeps the pane open would end with it.)
	@Test func ctrlCCancelsTheFieldAndASignalFromOutsideStillEndsTheEditor() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("Username") })
		try session.send("/", "username", "Enter", "Enter")
		// Keys typed ahead are read by the terminal in the mode it is in when they arrive: Ctrl-C
		// is a key only once the field is open (as for a person, who sees it open first).
		#expect(await session.waitForScreen { $0.contains("Esc cancel") }, "\(session.screen)")
		try session.type("ada")
		#expect(await session.waitForScreen { $0.contains("ada") })
		try session.send("C-c")
		#expect(await session.waitForScreen { $0.contains("Edit cancelled") }, "\(session.screen)")
		#expect(session.storedValues()["username"] == nil)
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("Esc cancel") }, "\(session.screen)")
		try session.type("bob")
		try session.signal(SIGINT)
		#expect(await session.waitForExit() == 130, "a SIGINT from outside still ends it, even while typing")
	}
}
