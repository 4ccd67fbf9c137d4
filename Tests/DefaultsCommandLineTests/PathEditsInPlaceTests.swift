import Defaults
import Foundation
import Testing

/// A file a person wrote, with comments, holding a list of objects and a map whose names need
/// quotes, and what each command on a path leaves of it: only the value's bytes changed.
struct PathEditSample: CustomTestStringConvertible, Sendable {
	/// The file's ending, which chooses its format.
	var ending: String
	var text: String
	/// The second step's `run` as the file writes it, and as `set` writes `make test`.
	var checkStep: (before: String, after: String)
	/// The rule's value as the file writes it, and as `set` writes `warn`.
	var rule: (before: String, after: String)
	/// The first step's whole line, which `reset jobs.build.steps[0]` removes.
	var firstStepLine: String
	/// The rule's whole line, which `reset rules["react/prop-types"]` removes.
	var ruleLine: String

	var testDescription: String { ending }

	static let json = PathEditSample(
		ending: "json",
		text: """
		{
		  // CI, by hand.
		  "jobs": {
		    "build": {
		      // compile, then check
		      "steps": [
		        {"run": "make"}, // compile
		        {"run": "make check"}
		      ]
		    }
		  },
		  "rules": {
		    "react/prop-types": "error", // noisy
		    "semi": "warn"
		  }
		}
		""" + "\n",
		checkStep: (#"{"run": "make check"}"#, #"{"run": "make test"}"#),
		rule: (#""react/prop-types": "error""#, #""react/prop-types": "warn""#),
		firstStepLine: "        {\"run\": \"make\"}, // compile\n",
		ruleLine: "    \"react/prop-types\": \"error\", // noisy\n"
	)

	static let toml = PathEditSample(
		ending: "toml",
		text: """
		# CI, by hand.
		[jobs.build]
		# compile, then check
		steps = [
		  { run = "make" }, # compile
		  { run = "make check" },
		]

		[rules]
		"react/prop-types" = "error" # noisy
		semi = "warn"
		""" + "\n",
		checkStep: (#"{ run = "make check" }"#, #"{ run = "make test" }"#),
		rule: (#""react/prop-types" = "error""#, #""react/prop-types" = "warn""#),
		firstStepLine: "  { run = \"make\" }, # compile\n",
		ruleLine: "\"react/prop-types\" = \"error\" # noisy\n"
	)

	static let yaml = PathEditSample(
		ending: "yaml",
		text: """
		# CI, by hand.
		jobs:
		  build:
		    # compile, then check
		    steps:
		      - run: make   # compile
		      - run: make check
		rules:
		  react/prop-types: error # noisy
		  semi: warn
		""" + "\n",
		checkStep: ("- run: make check", "- run: make test"),
		rule: ("react/prop-types: error", "react/prop-types: warn"),
		firstStepLine: "      - run: make   # compile\n",
		ruleLine: "  react/prop-types: error # noisy\n"
	)

	static let all: [PathEditSample] = [.json, .toml, .yaml]

	/// Each operation: the command's arguments, the file it leaves, the values it leaves, and whether it changes a list's item.
	var operations: [(arguments: [String], expected: String, values: Defaults.JSONValue, inAList: Bool)] {
		let steps: Defaults.JSONValue = [["run": "make"], ["run": "make check"]]
		return [
			(["set", "jobs.build.steps[1].run", "make test"], text.replacingOccurrences(of: checkStep.before, with: checkStep.after),
			 ["jobs": ["build": ["steps": [["run": "make"], ["run": "make test"]]]], "rules": ["react/prop-types": "error", "semi": "warn"]], true),
			(["set", #"rules["react/prop-types"]"#, "warn"], text.replacingOccurrences(of: rule.before, with: rule.after),
			 ["jobs": ["build": ["steps": steps]], "rules": ["react/prop-types": "warn", "semi": "warn"]], false),
			(["reset", "jobs.build.steps[0]"], text.replacingOccurrences(of: firstStepLine, with: ""),
			 ["jobs": ["build": ["steps": [["run": "make check"]]]], "rules": ["react/prop-types": "error", "semi": "warn"]], true),
			(["reset", #"rules["react/prop-types"]"#], text.replacingOccurrences(of: ruleLine, with: ""),
			 ["jobs": ["build": ["steps": steps]], "rules": ["semi": "warn"]], false),
		]
	}
}

/// `set` and `reset` of an item's member, a map's member, an item and a map's member, in JSON, TOML
/// and YAML files with comments: each file read back byte for byte, only the value's bytes changed.
@Suite("The command line: paths edited in place", .timeLimit(.minutes(2)))
struct PathEditsInPlaceTests {
	@Test(arguments: PathEditSample.all)
	func eachOperationChangesOnlyItsValuesBytes(_ sample: PathEditSample) throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		for (number, operation) in sample.operations.enumerated() {
			let file = cli.configHome.appendingPathComponent("ci-\(number).\(sample.ending)")
			try Data(sample.text.utf8).write(to: file)
			let result = try cli.run(["--store", file.path] + operation.arguments)
			#expect(result.status == 0, "\(operation.arguments): \(result.errors)")
			let text = try String(contentsOf: file, encoding: .utf8)
			let export = try cli.run("--store", file.path, "export")
			#expect(try Defaults.JSONValue(parsing: export.output) == operation.values, "\(operation.arguments): \(export.errors)")
			#expect(text == operation.expected, "\(operation.arguments)")
		}
	}
}
