import ChildProcess
import Defaults
import Foundation
import Testing
import TestRequirements

/// `defaults-tui schema --json-schema` checked by a real JSON Schema validator (Python's
/// `jsonschema`, draft 2020-12): the demo's settings files that a program reads as stored pass,
/// and each kind of bad value is caught.
@Suite("JSON Schema through a validator", .serialized, .requires(.jsonSchemaValidator))
struct JSONSchemaValidationTests {
	/// The errors the validator finds in `document` against `schema` (files), one message each.
	private func validationErrors(schema: URL, document: URL) throws -> [String] {
		let script = """
		import json, sys
		try:
		    import jsonschema
		    # Without it, jsonschema checks no date-time format and a bad date passes.
		    import rfc3339_validator
		except ImportError as error:
		    print(f"{error.name} is not installed: python3 -m pip install jsonschema rfc3339-validator (bash .ci/run installs them)", file=sys.stderr)
		    sys.exit(3)
		schema = json.load(open(sys.argv[1]))
		jsonschema.Draft202012Validator.check_schema(schema)
		validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
		print(json.dumps(sorted(error.json_path for error in validator.iter_errors(json.load(open(sys.argv[2]))))))
		"""
		let result = try ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", script, schema.path, document.path])
		guard result.status == 0, let paths = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String] else {
			throw ValidatorFailure("the validator failed (status \(result.status)): \(result.errors)")
		}
		return paths
	}

	private func file(_ cli: CLI, _ name: String, _ text: String) throws -> URL {
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let url = cli.configHome.appendingPathComponent(name)
		try Data(text.utf8).write(to: url)
		return url
	}

	@Test func theDemoSettingsFilePassesAndEachBadValueIsCaught() throws {
		let cli = CLI()
		let generated = try cli.run("schema", "--json-schema")
		#expect(generated.status == 0, "\(generated.errors)")
		let schema = try file(cli, "settings.schema.json", generated.output)

		// A file written by the editor and the command line.
		#expect(try cli.run("set", "fontSize", "20").status == 0)
		#expect(try cli.run("set", "theme", "dark").status == 0)
		#expect(try cli.run("set", "username", "ada").status == 0)
		#expect(try cli.run("set", "exportFormats", "pdf, html").status == 0)
		#expect(try cli.run("set", "syncSince", "2026-05-01T10:00:00Z").status == 0)
		#expect(try cli.run("set", "mainWindow", #"{"x":1,"y":2,"width":3,"height":4,"isFullScreen":true}"#).status == 0)
		#expect(try validationErrors(schema: schema, document: cli.storeFile) == [])
		let other = try file(cli, "other.json", #"{"username": null, "someOtherSetting": [1, 2]}"#)
		#expect(try validationErrors(schema: schema, document: other) == [], "null for an optional setting, and keys the schema does not name")

		let bad = try file(cli, "bad.json", """
		{"fontSize": 40, "theme": "neon", "launchAtLogin": 7, "username": "a b", "exportFormats": ["Word"],
		 "lineSpacing": "wide", "syncSince": "yesterday", "serverURL": "not a url", "mainWindow": [1]}
		""")
		#expect(try validationErrors(schema: schema, document: bad) == [
			"$.exportFormats[0]", "$.fontSize", "$.launchAtLogin", "$.lineSpacing", "$.mainWindow", "$.serverURL", "$.syncSince", "$.theme", "$.username",
		])
	}
}

private struct ValidatorFailure: Error, CustomStringConvertible {
	let description: String
	init(_ description: String) { self.description = description }
}
