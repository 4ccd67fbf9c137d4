import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import TestEnvironment
import Testing
import TestRequirements

@Suite("The editor in a real terminal", .serialized, .timeLimit(.minutes(2)), .requires(.tmux))
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
		let saved = await eventually(within: .seconds(10)) { session.storedValues() == ["launchAtLogin": true, "fontSize": 15] }
		#expect(saved, "\(session.storedValues())")
		try session.send("r")
		#expect(await eventually(within: .seconds(10)) { session.storedValues() == ["launchAtLogin": true] }, "r resets: the value is removed")
	}

	@Test func aSetFromTheCommandLineAppearsInTheRunningEditor() async throws {
		let session = try TmuxSession()
		#expect(await session.waitForScreen { $0.contains("‹ system ›") })
		let set = try ChildProcess.run(TmuxSession.executable.path, ["set", "theme", "dark"], environment: ["XDG_CONFIG_HOME": session.configHome.path])
		#expect(set.status == 0)
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

	@Test func wideCharactersTakeTheCellsTheTerminalGivesThem() async throws {
		// A title and a value with emoji, a flag and a combining mark: if the editor measured
		// them wrongly, the value column would drift and the cursor would land inside the text.
		let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID().uuidString).json")
		let wide = "🚀✅⚡🇩🇪e\u{301}"
		let schema = SettingsSchema(title: "Wide", sections: [.init(title: "S", settings: [
			Setting(key: "note", title: "🚀 Launch ✅", kind: .string, defaultValue: .string(wide)),
			Setting(key: "plain", title: "Plain", kind: .string, defaultValue: "x"),
		])])
		try Data(schema.jsonString().utf8).write(to: schemaFile)
		defer { try? FileManager.default.removeItem(at: schemaFile) }
		let session = try TmuxSession(arguments: ["edit", "--schema", schemaFile.path])
		#expect(await session.waitForScreen { $0.contains("Plain") })
		let rows = session.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
		let noteRow = try #require(rows.first { $0.contains("Launch") })
		let plainRow = try #require(rows.first { $0.contains("Plain") })
		// 100 columns: the value column starts at 3 + 34 cells on every row.
		#expect(plainRow.dropFirst(37).hasPrefix("x"), "\(plainRow)")
		#expect(noteRow.hasSuffix(wide) || noteRow.hasSuffix("🚀✅⚡🇩🇪é"), "\(noteRow)")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("[🚀") })
		// The row and the cursor's move may reach tmux in two pieces: wait for the cursor too.
		let cursorPlaced = await eventually(within: .seconds(5)) { session.format("#{cursor_x}") == String(37 + 1 + 9) }
		#expect(cursorPlaced, "the cursor sits right after the nine cells of text, not at \(session.format("#{cursor_x}"))")
		try session.send("Escape", "q")
		#expect(await session.waitForExit() == 0)
	}

	@Test func withoutATerminalAndWithoutLinePromptsItSaysWhatToDo() throws {
		let result = try ChildProcess.runCapturingErrors(TmuxSession.executable.path, ["--no-plain"], environment: [
			"XDG_CONFIG_HOME": String(cString: defaults_tests_config_directory()), "TERM": "xterm-256color",
		])
		#expect(result.status == 1)
		#expect(result.errors.contains("needs a terminal"))
	}

	@Test func theDemoSchemaAssetMatchesTheBuiltInDemo() throws {
		let printed = Data(try ChildProcess.run(TmuxSession.executable.path, ["schema"], environment: ["XDG_CONFIG_HOME": String(cString: defaults_tests_config_directory())]).output.utf8)
		let asset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent("Assets/demo-schema.json")
		#expect(try Data(contentsOf: asset) == printed, "Assets/demo-schema.json is `defaults-tui schema`; regenerate it after changing the demo")
		let schema = try SettingsSchema.load(from: asset)
		// Every kind a program's own keys declare; lists, maps, forms and variants are read from
		// JSON Schemas (a program's arrays and structures are JSON values, which open as pages too).
		let fromSchemasOnly: Set<Setting.Kind> = [.list, .map, .form, .variant]
		#expect(Set(schema.settings.map(\.kind)) == Set(Setting.Kind.allCases).subtracting(fromSchemasOnly), "the demo has every kind of setting a program declares")
	}

	/// A paste (tmux's bracketed paste) types into the field being edited and never runs as
	/// keys: a pasted line break ends nothing, `R` `y` resets nothing, in the list or in a field;
	/// and the terminal's paste marking is off again once the editor quits.
	@Test func aPasteIsTypedIntoTheFieldAndNeverRunsAsKeys() async throws {
		let session = try TmuxSession(storeText: #"{"fontSize": 20, "theme": "dark"}"#)
		let output = try TmuxSession.scratchFile()
		try session.tmux(["pipe-pane", "-o", "cat >> " + TmuxServer.shellQuoted(output.path)])
		#expect(await session.waitForScreen { $0.contains("2 modified") })
		try session.send("/", "username", "Enter", "Enter")
		try session.paste("abc\nRy")
		#expect(await session.waitForScreen { $0.contains("line breaks") }, "\(session.screen)")
		try session.paste("ada\n")
		try session.send("Enter")
		let saved = await eventually(within: .seconds(10)) { session.storedValues() == ["fontSize": 20, "theme": "dark", "username": "ada"] }
		#expect(saved, "\(session.storedValues())")
		try session.paste("Ry")
		#expect(await session.waitForScreen { $0.contains("Pasted text goes into a field") }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		#expect(session.storedValues() == ["fontSize": 20, "theme": "dark", "username": "ada"], "nothing was reset")
		let written = await eventually(within: .seconds(5)) { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("\u{1B}[?2004l") }
		#expect(written)
		let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
		let on = text.range(of: "\u{1B}[?2004h", options: .backwards)
		let off = text.range(of: "\u{1B}[?2004l", options: .backwards)
		#expect(on != nil, "the editor asked for marked pastes")
		if let on, let off { #expect(off.lowerBound > on.lowerBound, "and turned that off when it quit") }
	}

	/// Another program breaks the file while the editor is open (a person's editor half-way
	/// through a write): the editor keeps its values, says so once, and writes nothing over the
	/// file; a change made meanwhile is saved, on top of the file, once it parses again.
	@Test func aChangeWhileTheFileIsBrokenIsSavedOnceItParsesAgain() async throws {
		let session = try TmuxSession(storeText: #"{"fontSize": 20, "theme": "dark"}"#)
		#expect(await session.waitForScreen { $0.contains("2 modified") })
		let broken = Data(#"{"fontSize": "#.utf8)
		try broken.write(to: session.storeFile)
		#expect(await session.waitForScreen { $0.contains("Another program broke the settings file") }, "\(session.screen)")
		try session.send("Space")
		#expect(await session.waitForScreen { $0.contains("file broken") }, "the title says why nothing is saved: \(session.screen)")
		try await Task.sleep(for: .milliseconds(300))
		#expect(try Data(contentsOf: session.storeFile) == broken, "the broken file is left as it is")

		try Data(#"{"fontSize": 21, "theme": "dark"}"#.utf8).write(to: session.storeFile)
		let saved = await eventually(within: .seconds(30)) {
			session.storedValues() == ["fontSize": 21, "theme": "dark", "launchAtLogin": true]
		}
		#expect(saved, "\(session.storedValues())")
		let names = try FileManager.default.contentsOfDirectory(atPath: session.storeFile.deletingLastPathComponent().path)
		#expect(!names.contains { $0.contains(".corrupt-") }, "nothing is moved aside: \(names)")
	}

	/// The store cannot be written (its lock file became a folder): the title bar says so, and `q`
	/// asks; `w` writes every value to a file in $XDG_STATE_HOME, and the editor ends with
	/// status 1, naming the file and how to apply it.
	@Test func quittingWithChangesNotSavedAsksAndCanWriteThemToAFile() async throws {
		let folder = try TmuxSession.scratchFile().deletingLastPathComponent().appendingPathComponent("store", isDirectory: true)
		try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		let store = folder.appendingPathComponent("settings.json")
		try Data(#"{"flag": false, "count": 1}"#.utf8).write(to: store)
		let state = folder.deletingLastPathComponent().appendingPathComponent("state", isDirectory: true)
		let session = try TmuxSession(arguments: ["--store", store.path], environment: ["XDG_STATE_HOME": state.path])
		#expect(await session.waitForScreen { $0.contains("Flag") })
		let lock = folder.appendingPathComponent("settings.json.lock")
		try? FileManager.default.removeItem(at: lock)
		try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
		try session.send("/", "flag", "Enter", "Space")
		#expect(await session.waitForScreen { $0.contains("· not saved") }, "\(session.screen)")
		try session.send("q")
		#expect(await session.waitForScreen { $0.contains("Not saved:") && $0.contains("w write to a file, quit") }, "\(session.screen)")
		try session.send("w")
		#expect(await session.waitForExit() == 1)
		#expect(session.screen.contains("defaults-tui import "), "\(session.screen)")
		let written = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("defaults-tui").path)
		#expect(written.count == 1, "\(written)")
		let file = state.appendingPathComponent("defaults-tui").appendingPathComponent(written.first ?? "")
		let values = try Defaults.JSONValue(parsing: Array(Data(contentsOf: file)))
		#expect(values == ["flag": true, "count": 1], "\(values)")
	}

	/// A store that cannot be read when the editor opens (here a named pipe) is not shown as
	/// the defaults without a word: the problem is on the message line from the start.
	@Test func aStoreThatCannotBeReadIsSaidOnScreen() async throws {
		let folder = try TmuxSession.scratchFile().deletingLastPathComponent()
		let pipe = folder.appendingPathComponent("settings.json").path
		#expect(mkfifo(pipe, 0o600) == 0)
		let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent("Assets/demo-schema.json").path
		let session = try TmuxSession(arguments: ["--store", pipe, "--schema", schema])
		#expect(await session.waitForScreen { $0.contains("Harbor Notes") && $0.contains("cannot be used: it is a named pipe") }, "\(session.screen)")
	}
}
