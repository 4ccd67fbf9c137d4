import ChildProcess
import Defaults
import Foundation
import Testing

@Suite("The command line: a JSON Schema as the schema", .timeLimit(.minutes(2)))
struct JSONSchemaCommandLineTests {
	private static let schema = #"""
	{
	  "$schema": "http://json-schema.org/draft-07/schema#",
	  "title": "Compiler settings",
	  "type": "object",
	  "definitions": {"target": {"enum": ["es2020", "es2022", "esnext"]}},
	  "properties": {
	    "compilerOptions": {
	      "type": "object",
	      "properties": {
	        "strict": {"type": "boolean", "default": false},
	        "target": {"$ref": "#/definitions/target"},
	        "maxErrors": {"type": "integer", "minimum": 1, "maximum": 100}
	      }
	    },
	    "files": {"type": "array", "items": {"type": "string"}}
	  }
	}
	"""#

	@Test func keysTheSchemaAllowsButDoesNotNameAreListedAndEditableAsJSON() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let open = cli.configHome.appendingPathComponent("open.schema.json")
		let closed = cli.configHome.appendingPathComponent("closed.schema.json")
		let store = cli.configHome.appendingPathComponent("tool.json")
		try Data(#"{"type": "object", "properties": {"indent": {"type": "integer", "default": 2}}}"#.utf8).write(to: open)
		try Data(#"{"type": "object", "additionalProperties": false, "properties": {"indent": {"type": "integer", "default": 2}}}"#.utf8).write(to: closed)
		try Data(#"{"indent": 4, "plugins": {"sort": true}}"#.utf8).write(to: store)
		let list = try cli.run("list", "--schema", open.path, "--store", store.path)
		#expect(list.status == 0)
		#expect(list.output.contains("plugins") && list.output.contains(#"{"sort":true}"#), "\(list.output)")
		#expect(try cli.run("get", "plugins", "--schema", open.path, "--store", store.path).output == "{\"sort\":true}\n")
		#expect(try cli.run("set", "plugins", #"{"sort": false, "wrap": 80}"#, "--schema", open.path, "--store", store.path).status == 0)
		#expect(FileStore(url: store).storedValues() == ["indent": 4, "plugins": ["sort": false, "wrap": 80]])
		#expect(try cli.run("set", "plugins", "{not json", "--schema", open.path, "--store", store.path).status == 2)
		#expect(try cli.run("list", "--schema", open.path, "--store", store.path, "--json").output.contains(#""key": "plugins""#))

		// additionalProperties: false: not a setting, but kept in the file.
		#expect(!(try cli.run("list", "--schema", closed.path, "--store", store.path).output.contains("plugins")))
		#expect(try cli.run("set", "plugins", "{}", "--schema", closed.path, "--store", store.path).status == 1)
		#expect(try cli.run("set", "indent", "8", "--schema", closed.path, "--store", store.path).status == 0)
		#expect(FileStore(url: store).storedValues() == ["indent": 8, "plugins": ["sort": false, "wrap": 80]])
	}

	@Test func otherKeysAreCheckedAgainstPatternPropertiesAndAdditionalProperties() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let schema = cli.configHome.appendingPathComponent("rules.schema.json")
		let store = cli.configHome.appendingPathComponent("tool.json")
		try Data(#"""
		{"type": "object", "properties": {"indent": {"type": "integer"}},
		 "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "object"}}
		"""#.utf8).write(to: schema)
		try Data(#"{"indent": 4, "plugins": {"sort": true}, "x-note": "hi"}"#.utf8).write(to: store)
		let before = try Data(contentsOf: store)
		let notObject = try cli.run("set", "plugins", "3", "--schema", schema.path, "--store", store.path)
		#expect(notObject.status == 2)
		#expect(notObject.errors.contains("plugins: must be an object, not 3 (type)"), "\(notObject.errors)")
		let notText = try cli.run("set", "x-note", "5", "--schema", schema.path, "--store", store.path)
		#expect(notText.status == 2)
		#expect(notText.errors.contains("x-note: must be a string"), "\(notText.errors)")
		#expect(try Data(contentsOf: store) == before, "nothing written")
		#expect(try cli.run("set", "x-note", #""ok""#, "--schema", schema.path, "--store", store.path).status == 0)
		#expect(FileStore(url: store).storedValues()["x-note"] == "ok")
	}

	@Test func aMemberWriteIsCheckedAgainstTheWholeObjectThatHoldsIt() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let schema = cli.configHome.appendingPathComponent("opts.schema.json")
		let store = cli.configHome.appendingPathComponent("opts.json")
		try Data(#"""
		{"type": "object", "properties": {"opts": {"type": "object", "maxProperties": 1, "required": ["a"],
		  "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}}}
		"""#.utf8).write(to: schema)
		let target = ["--schema", schema.path, "--store", store.path]

		// An object the write starts is not asked yet for the members it requires.
		try Data("{}".utf8).write(to: store)
		#expect(try cli.run(["set", "opts.b", "2"] + target).status == 0)
		try Data(#"{"opts": {"a": 1}}"#.utf8).write(to: store)
		let before = try Data(contentsOf: store)
		let refused = try cli.run(["set", "opts.b", "2"] + target)
		#expect(refused.status == 2)
		#expect(refused.errors.contains("cannot set opts.b: opts: "), "\(refused.errors)")
		#expect(refused.errors.contains("(maxProperties)"), "\(refused.errors)")
		#expect(try Data(contentsOf: store) == before, "nothing written")
		#expect(try cli.run(["set", "opts.a", "5"] + target).status == 0, "a write that keeps the object valid")

		// A problem already there is not this write's.
		try Data(#"{"opts": {"a": 1, "b": 2}}"#.utf8).write(to: store)
		#expect(try cli.run(["set", "opts.a", "3"] + target).status == 0)
	}

	@Test func aNestedSettingTheFileDoesNotHoldComesFromTheDefault() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let schemaFile = cli.configHome.appendingPathComponent("compiler.schema.json")
		let store = cli.configHome.appendingPathComponent("compiler.json")
		try Data(Self.schema.utf8).write(to: schemaFile)
		try Data(#"{"compilerOptions": {"target": "es2020"}}"#.utf8).write(to: store)
		let target = ["--schema", schemaFile.path, "--store", store.path]
		#expect(try cli.run(["get", "compilerOptions.strict", "--origin"] + target).output == "false\norigin: default\n")
		#expect(try cli.run(["get", "compilerOptions.target", "--origin"] + target).output == "es2020\norigin: user\n")
		let rows = try Defaults.JSONValue(parsing: cli.run(["list", "--json"] + target).output).arrayValue ?? []
		let origins = Dictionary(uniqueKeysWithValues: rows.compactMap { row in
			row.objectValue.flatMap { object in object["key"]?.stringValue.map { ($0, object["origin"]?.stringValue ?? "") } }
		})
		#expect(origins == ["compilerOptions.strict": "default", "compilerOptions.target": "user", "compilerOptions.maxErrors": "default", "files": "default"])
		let table = try cli.run(["list"] + target).output.split(separator: "\n")
		#expect(table.contains { $0.hasPrefix("compilerOptions.strict ") && $0.hasSuffix(" default") }, "\(table)")

		// A program's settings, in layers: the member is the default's, and locked with its object.
		let schemas = cli.dataHome.appendingPathComponent("defaults/schemas")
		try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
		try Data(Self.schema.utf8).write(to: schemas.appendingPathComponent("tsc.json"))
		try FileManager.default.createDirectory(at: cli.settingsFile(of: "tsc").deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"compilerOptions": {"target": "esnext"}}"#.utf8).write(to: cli.settingsFile(of: "tsc"))
		#expect(try cli.run("get", "compilerOptions.strict", "--origin", "--app", "tsc").output == "false\norigin: default\n")
		#expect(try cli.run("get", "compilerOptions.target", "--origin", "--app", "tsc").output.hasSuffix("origin: user\n"))
		let system = cli.systemDirectory.appendingPathComponent("tsc")
		try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
		try Data("compilerOptions\n".utf8).write(to: system.appendingPathComponent("locks"))
		#expect(try cli.run("get", "compilerOptions.strict", "--origin", "--app", "tsc").output == "false\norigin: locked by \(system.appendingPathComponent("locks").path)\n")
	}

	@Test func nestedSettingsAreReadAndWrittenAsMembers() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let schemaFile = cli.configHome.appendingPathComponent("compiler.schema.json")
		let store = cli.configHome.appendingPathComponent("compiler.json")
		try Data(Self.schema.utf8).write(to: schemaFile)
		try Data(#"{"compilerOptions": {"target": "es2020", "paths": {"a": ["b"]}}, "files": ["x.ts"]}"#.utf8).write(to: store)
		let target = ["--schema", schemaFile.path, "--store", store.path]
		#expect(try cli.run(["set", "compilerOptions.strict", "true"] + target).status == 0)
		#expect(try cli.run(["--schema", schemaFile.path, "--store", store.path, "set", "compilerOptions.target", "esnext"]).status == 0, "options before the command")
		#expect(FileStore(url: store).storedValues() == ["compilerOptions": ["strict": true, "target": "esnext", "paths": ["a": ["b"]]], "files": ["x.ts"]],
			"the members the schema does not name stay")
		#expect(try cli.run(["get", "compilerOptions.target"] + target).output == "esnext\n")
		let bad = try cli.run(["set", "compilerOptions.maxErrors", "500"] + target)
		#expect(bad.status == 2)
		#expect(bad.errors.contains("must be between 1 and 100"))
		#expect(try cli.run(["reset", "compilerOptions.strict"] + target).status == 0)
		#expect(FileStore(url: store).storedValues()["compilerOptions"] == ["target": "esnext", "paths": ["a": ["b"]]], "a reset removes the member only")
		let list = try cli.run(["list"] + target).output
		#expect(list.contains("compilerOptions.maxErrors") && list.contains("files"))
		#expect(try cli.run(["set", "files", #"["a.ts","b.ts"]"#] + target).status == 0)
		#expect(FileStore(url: store).storedValues()["files"] == ["a.ts", "b.ts"])
	}
}
