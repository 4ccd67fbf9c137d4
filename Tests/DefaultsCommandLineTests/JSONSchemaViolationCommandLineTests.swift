import ChildProcess
import Defaults
import Foundation
import Testing

/// The command line with a JSON Schema: a value that breaks the property's whole schema (not only
/// what a widget shows) is refused by `set` and `import`, and marked by `list`.
@Suite("The command line: values checked against the whole JSON Schema", .timeLimit(.minutes(2)))
struct JSONSchemaViolationCommandLineTests {
	private static let schema = #"""
	{
	  "$schema": "http://json-schema.org/draft-07/schema#",
	  "type": "object",
	  "definitions": {"list": {"type": "array", "items": {"type": "string"}}},
	  "properties": {
	    "name": {"type": "string", "minLength": 1, "pattern": "^[a-z]"},
	    "ratio": {"type": "number", "minimum": 0, "exclusiveMaximum": 1},
	    "level": {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "pattern": "^(low|high)$"}]},
	    "compilerOptions": {
	      "type": "object",
	      "properties": {
	        "strict": {"type": "boolean"},
	        "paths": {"type": "object", "additionalProperties": {"$ref": "#/definitions/list"}},
	        "plugin": {"type": ["object", "null"], "properties": {"name": {"type": "string"}}, "required": ["name"], "additionalProperties": false}
	      }
	    }
	  }
	}
	"""#
	// `plugin` may be null, so it is one setting holding an object (edited as JSON), not a group;
	// `level`'s forms are not all choices, so it is edited as JSON too.
	private static let storedText = #"{"compilerOptions": {"strict": true}, "name": "ada"}"# + "\n"

	/// A schema file and a settings file in the test's own directory, and the options that name them.
	private func setUp(_ cli: CLI, stored: String = storedText) throws -> (store: URL, options: [String]) {
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let schemaFile = cli.configHome.appendingPathComponent("tool.schema.json")
		let store = cli.configHome.appendingPathComponent("tool.json")
		try Data(Self.schema.utf8).write(to: schemaFile)
		try Data(stored.utf8).write(to: store)
		return (store, ["--schema", schemaFile.path, "--store", store.path])
	}

	@Test func setRefusesAValueThatBreaksTheSchemaAndLeavesTheFileAlone() throws {
		let cli = CLI()
		let (store, options) = try setUp(cli)
		let before = try Data(contentsOf: store)
		let refusals: [(key: String, value: String, message: String)] = [
			("compilerOptions.paths", #"{"a": 3}"#, "cannot set compilerOptions.paths: compilerOptions.paths.a: must be an array, not 3 (type)"),
			("compilerOptions.paths", #"{"a": ["b", 2]}"#, "cannot set compilerOptions.paths: compilerOptions.paths.a[1]: must be a string, not 2 (type)"),
			("compilerOptions.plugin", #"{"name": "x", "other": 1}"#,
			 #"cannot set compilerOptions.plugin: compilerOptions.plugin: must not have the member "other" (additionalProperties)"#),
			("compilerOptions.plugin", "{}", #"cannot set compilerOptions.plugin: compilerOptions.plugin: missing required member "name" (required)"#),
			("name", "", "cannot set name: name: must be at least 1 character long (minLength)"),
			("name", "Ada", "cannot set name: name: must match the pattern ^[a-z] (pattern)"),
			("ratio", "1", "cannot set ratio: ratio: must be less than 1 (exclusiveMaximum)"),
			("level", #""medium""#, #"cannot set level: level: does not match any of the allowed forms (oneOf); closest: level: must match the pattern ^(low|high)$ (pattern)"#),
			("level", "0", "cannot set level: level: does not match any of the allowed forms (oneOf); closest: level: must be at least 1 (minimum)"),
		]
		for (key, value, message) in refusals {
			let result = try cli.run(["set", key, value] + options)
			#expect(result.status == 2, "\(key) \(value)")
			#expect(result.errors.contains(message), "\(result.errors)")
			#expect(try Data(contentsOf: store) == before, "the file is untouched, byte for byte, after \(key) \(value)")
		}
		// What the schema allows is written.
		for (key, value) in [("ratio", "0.5"), ("level", #""high""#), ("level", "3"), ("name", "ada lovelace"), ("compilerOptions.paths", #"{"a": ["b"]}"#)] {
			let result = try cli.run(["set", key, value] + options)
			#expect(result.status == 0, "\(key) \(value): \(result.errors)")
		}
		#expect(FileStore(url: store).storedValues()["compilerOptions"] == ["strict": true, "paths": ["a": ["b"]]])
		#expect(FileStore(url: store).storedValues()["level"] == 3)
	}

	@Test func importRefusesEverythingWhenOneValueBreaksTheSchema() throws {
		let cli = CLI()
		let (store, options) = try setUp(cli)
		let before = try Data(contentsOf: store)
		let file = cli.configHome.appendingPathComponent("import.json")
		try Data(#"{"ratio": 0.5, "name": ""}"#.utf8).write(to: file)
		let result = try cli.run(["import", file.path] + options)
		#expect(result.status == 2)
		#expect(result.errors.contains("name: name: must be at least 1 character long (minLength)"), "\(result.errors)")
		#expect(try Data(contentsOf: store) == before, "nothing imported, the file untouched")
	}

	@Test func listMarksStoredValuesThatBreakTheSchema() throws {
		let cli = CLI()
		let (_, options) = try setUp(cli, stored: #"{"name": "", "ratio": 1, "compilerOptions": {"paths": {"a": 3}}, "level": 2}"# + "\n")
		let list = try cli.run(["list", "--json"] + options)
		#expect(list.status == 0, "\(list.errors)")
		let rows = try Defaults.JSONValue(parsing: list.output).arrayValue ?? []
		let byKey = Dictionary(rows.compactMap { row in row.objectValue.flatMap { object in object["key"]?.stringValue.map { ($0, object) } } }) { first, _ in first }
		#expect(byKey["name"]?["problem"] == "name: must be at least 1 character long (minLength)")
		#expect(byKey["name"]?["value"] == "", "a value that only breaks a constraint is still the one programs read")
		#expect(byKey["ratio"]?["problem"] == "ratio: must be less than 1 (exclusiveMaximum)")
		#expect(byKey["compilerOptions.paths"]?["problem"] == "compilerOptions.paths.a: must be an array, not 3 (type)")
		#expect(byKey["level"]?["problem"] == nil, "a valid value is not marked")
		let table = try cli.run(["list"] + options)
		#expect(table.status == 0)
		#expect(table.output.contains("NOTE") && table.output.contains("ratio: must be less than 1"), "\(table.output)")
	}
}
