import Defaults
import Foundation
import Testing

/// `get`, `set`, `reset`, `list` and `watch` on any member or item, by its path
/// (`jobs.build.steps[1].run`, `rules["react/prop-types"]`), in files with or without a schema.
@Suite("The command line: paths to members and items", .timeLimit(.minutes(2)))
struct PathCommandLineTests {
	/// A CI file and lint rules, as JSON without a schema: a list of objects, a map with names that need quotes.
	static let ci = #"""
	{
	  "jobs": {"build": {"steps": [{"run": "make"}, {"run": "make check"}]}},
	  "rules": {"react/prop-types": "error", "semi": "warn"},
	  "editor.fontSize": 14,
	  "editor": {"fontSize": 10}
	}
	"""#

	private func file(_ text: String = ci, in cli: CLI, named name: String = "ci.json") throws -> URL {
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent(name)
		try Data(text.utf8).write(to: file)
		return file
	}

	private func values(of file: URL) throws -> Defaults.JSONValue {
		try Defaults.JSONValue(parsing: Array(Data(contentsOf: file)))
	}

	@Test func getReadsAnyMemberOrItemOfAFileWithoutASchema() throws {
		let cli = CLI()
		let file = try file(in: cli)
		for (path, expected) in [("jobs.build.steps[1].run", "make check\n"), (#"rules["react/prop-types"]"#, "error\n"), ("rules.semi", "warn\n"),
		                         ("jobs.build.steps[0]", "{\"run\":\"make\"}\n")] {
			let get = try cli.run("--store", file.path, "get", path)
			#expect(get.status == 0 && get.output == expected, "\(path): \(get.output) \(get.errors)")
		}
		let container = try cli.run("--store", file.path, "get", "jobs.build.steps", "--json")
		#expect(try Defaults.JSONValue(parsing: container.output) == [["run": "make"], ["run": "make check"]], "\(container.errors)")
	}

	@Test func aKeyOfTheFileWithADotIsThatKeyNotAPath() throws {
		let cli = CLI()
		let file = try file(in: cli)
		#expect(try cli.run("--store", file.path, "get", "editor.fontSize").output == "14\n", "the top-level key named so, as VS Code writes it")
		#expect(try cli.run("--store", file.path, "get", "editor[\"fontSize\"]").output == "10\n", "the member, by a path that cannot be a key's name")
		let set = try cli.run("--store", file.path, "set", "editor.fontSize", "16")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try values(of: file)[path: ["editor.fontSize"]] == 16 && values(of: file)[path: ["editor", "fontSize"]] == 10)
	}

	@Test func aPathThatDoesNotParseIsBadInputWithItsColumn() throws {
		let cli = CLI()
		let file = try file(in: cli)
		let get = try cli.run("--store", file.path, "get", "jobs..build")
		#expect(get.status == 2, "\(get.errors)")
		#expect(get.errors.contains(#"path "jobs..build", column 6: expected a member name after the dot"#), "\(get.errors)")
		let set = try cli.run("--store", file.path, "set", "jobs.build.steps[x]", "1")
		#expect(set.status == 2 && set.errors.contains("column 18"), "\(set.errors)")
	}

	@Test func aPathThatLeadsNowhereSaysWhatIsThere() throws {
		let cli = CLI()
		let file = try file(in: cli)
		let item = try cli.run("--store", file.path, "get", "jobs.build.steps[7]")
		#expect(item.status == 1 && item.errors.contains("jobs.build.steps has 2 items (0–1); there is no steps[7]"), "\(item.errors)")
		let member = try cli.run("--store", file.path, "get", "jobs.test")
		#expect(member.status == 1 && member.errors.contains(#"jobs has no member "test" (its members: build)"#), "\(member.errors)")
		let scalar = try cli.run("--store", file.path, "get", "rules.semi.level")
		#expect(scalar.status == 1 && scalar.errors.contains("rules.semi is a string, which has no members or items"), "\(scalar.errors)")
		let key = try cli.run("--store", file.path, "get", "nothing")
		#expect(key.status == 1 && key.errors.contains("there is no setting named 'nothing'"), "a plain name is said as before: \(key.errors)")
		let original = try String(contentsOf: file, encoding: .utf8)
		let set = try cli.run("--store", file.path, "set", "jobs.build.steps[5].run", "x")
		#expect(set.status == 1 && set.errors.contains("there is no steps[5]"), "\(set.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8) == original, "nothing was written")
	}

	@Test func setOfAnItemPastTheEndIsRefusedAndAppendAddsOne() throws {
		let cli = CLI()
		let file = try file(in: cli)
		let past = try cli.run("--store", file.path, "set", "jobs.build.steps[2]", #"{"run": "make install"}"#)
		#expect(past.status == 1, "\(past.errors)")
		#expect(past.errors.contains("jobs.build.steps has 2 items (0–1); there is no steps[2]; to add one: defaults-tui set --append jobs.build.steps VALUE"), "\(past.errors)")
		let append = try cli.run("--store", file.path, "set", "--append", "jobs.build.steps", #"{"run": "make install"}"#)
		#expect(append.status == 0, "\(append.errors)")
		#expect(try values(of: file)[path: ["jobs", "build", "steps"]] == [["run": "make"], ["run": "make check"], ["run": "make install"]])
		let notAList = try cli.run("--store", file.path, "set", "--append", "rules", "x")
		#expect(notAList.status == 2 && notAList.errors.contains("not a list"), "\(notAList.errors)")
	}

	@Test func setChangesOneMemberAndCreateAddsOne() throws {
		let cli = CLI()
		let file = try file(in: cli)
		let set = try cli.run("--store", file.path, "set", #"rules["react/prop-types"]"#, "off")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try values(of: file)[path: ["rules"]] == ["react/prop-types": "off", "semi": "warn"])
		let missing = try cli.run("--store", file.path, "set", "rules.eqeqeq", "error")
		#expect(missing.status == 1 && missing.errors.contains("set --create rules.eqeqeq VALUE adds it"), "\(missing.errors)")
		let create = try cli.run("--store", file.path, "set", "--create", "rules.eqeqeq", "error")
		#expect(create.status == 0, "\(create.errors)")
		#expect(try values(of: file)[path: ["rules", "eqeqeq"]] == "error")
	}

	@Test func resetRemovesAnItemAndTheLaterOnesMoveUp() throws {
		let cli = CLI()
		let file = try file(#"{"steps": ["a", "b", "c", "d"], "rules": {"x": 1, "y": 2}}"#, in: cli)
		let reset = try cli.run("--store", file.path, "reset", "steps[0]", "steps[2]", "rules.x")
		#expect(reset.status == 0, "\(reset.errors)")
		#expect(try values(of: file) == ["steps": ["b", "d"], "rules": ["y": 2]], "each index as it was before the command")
	}

	@Test func setIsCheckedAgainstTheSchemaOfTheObjectThatHoldsIt() throws {
		let cli = CLI()
		let file = try file(#"{"jobs": {"build": {"steps": [{"run": "make", "timeout": 5}]}}}"#, in: cli)
		let schema = cli.configHome.appendingPathComponent("schema.json")
		try Data(#"""
		{"type": "object", "properties": {"jobs": {"type": "object", "additionalProperties": {"type": "object", "properties": {
		  "steps": {"type": "array", "items": {"type": "object", "properties": {"run": {"type": "string"}, "timeout": {"type": "integer", "maximum": 10}}}}}}}}}
		"""#.utf8).write(to: schema)
		let original = try String(contentsOf: file, encoding: .utf8)
		let refused = try cli.run("--store", file.path, "--schema", schema.path, "set", "jobs.build.steps[0].timeout", "99")
		#expect(refused.status == 2 && refused.errors.contains("cannot set jobs.build.steps[0].timeout") && refused.errors.contains("10"), "\(refused.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8) == original)
		let set = try cli.run("--store", file.path, "--schema", schema.path, "set", "jobs.build.steps[0].timeout", "7")
		#expect(set.status == 0, "\(set.errors)")
		#expect(try values(of: file)[path: ["jobs", "build", "steps", 0, "timeout"]] == 7)
	}

	@Test func aKeyAClosedSchemaDoesNotAllowIsNotReachedByAPathEither() throws {
		let cli = CLI()
		let file = try file(#"{"indent": 4, "plugins": {"sort": true}}"#, in: cli)
		let closed = cli.configHome.appendingPathComponent("closed.schema.json")
		try Data(#"{"type": "object", "additionalProperties": false, "properties": {"indent": {"type": "integer"}}}"#.utf8).write(to: closed)
		let set = try cli.run("--store", file.path, "--schema", closed.path, "set", "plugins.sort", "false")
		#expect(set.status == 1 && set.errors.contains("there is no setting named 'plugins'"), "\(set.errors)")
		#expect(try values(of: file) == ["indent": 4, "plugins": ["sort": true]])
	}

	@Test func listOfAPathListsItsItemsOrMembers() throws {
		let cli = CLI()
		let file = try file(in: cli)
		let table = try cli.run("--store", file.path, "list", "jobs.build.steps")
		#expect(table.status == 0, "\(table.errors)")
		let keys = table.output.split(separator: "\n").dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
		#expect(keys == ["jobs.build.steps[0]", "jobs.build.steps[1]"], "\(table.output)")
		let json = try cli.run("--store", file.path, "list", #"rules"#, "--json")
		let rows = try Defaults.JSONValue(parsing: json.output).arrayValue ?? []
		#expect(rows.map { $0[path: ["key"]] } == [#"rules["react/prop-types"]"#, "rules.semi"], "\(json.output)")
		#expect(rows.map { $0[path: ["value"]] } == ["error", "warn"])
		let kinds = try Defaults.JSONValue(parsing: cli.run("--store", file.path, "list", "jobs.build", "--json").output).arrayValue?.map { $0[path: ["kind"]] }
		#expect(kinds == ["list"], "a container's kind names what it holds")
		let scalar = try cli.run("--store", file.path, "list", "rules.semi")
		#expect(scalar.status == 1 && scalar.errors.contains("rules.semi is a string, not a list or an object"), "\(scalar.errors)")
	}

	@Test func watchOfAPathPrintsWhenThatMemberChanges() async throws {
		let cli = CLI()
		let file = try file(in: cli)
		let (process, output) = try cli.start("watch", "--json", "--store", file.path, "jobs.build.steps[1].run")
		defer { if process.isRunning { process.terminate() } }
		// A watch that never prints is ended after a generous while, so the test fails rather than waits.
		let watchdog = Task {
			try await Task.sleep(for: .seconds(60))
			if process.isRunning { process.terminate() }
		}
		defer { watchdog.cancel() }
		try await Task.sleep(for: .milliseconds(300))
		// Another member changes first: not printed.
		try Data(Self.ci.replacingOccurrences(of: "\"warn\"", with: "\"off\"").utf8).write(to: file)
		try await Task.sleep(for: .milliseconds(300))
		try Data(Self.ci.replacingOccurrences(of: "make check", with: "make test").utf8).write(to: file)
		let line = try await firstLine(of: output)
		#expect(try Defaults.JSONValue(parsing: line) == ["key": "jobs.build.steps[1].run", "old": "make check", "new": "make test"])
		process.terminate()
		#expect(process.wait() == 0)
	}

	@Test func aMemberOfTheDemosObjectSettingReadsItsDefault() throws {
		let cli = CLI()
		let get = try cli.run("get", "mainWindow.width")
		#expect(get.status == 0, "\(get.errors)")
		let whole = try Defaults.JSONValue(parsing: cli.run("get", "mainWindow", "--json").output)
		#expect(get.output == (whole[path: ["width"]]?.jsonString() ?? "?") + "\n", "\(get.output)")
		let set = try cli.run("set", "mainWindow.width", "1000")
		#expect(set.status == 0, "\(set.errors)")
		#expect(cli.stored()["mainWindow"]?[path: ["width"]] == 1000)
		#expect(cli.stored()["mainWindow"]?[path: ["height"]] == whole[path: ["height"]], "the other members of the default are kept")
	}
}
