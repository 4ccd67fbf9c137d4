import Defaults
import DefaultsYAML
import TestRequirements
import Testing

/// Lists and maps of YAML files edited as a form edits them (an item changed, inserted, removed,
/// moved; a member renamed, added or removed deep down): only the bytes of what changed differ.
@Suite struct YAMLInPlaceListEditTests {
	/// A GitHub workflow: block sequences of mappings, comments above and after items, a flow sequence.
	static let workflow = """
	name: CI
	jobs:
	  build:
	    runs-on: ubuntu-latest
	    steps:
	      # Get the code
	      - uses: actions/checkout@v4
	      - uses: actions/setup-node@v4
	        with:
	          node-version: 20 # LTS
	          cache: npm
	      - run: npm ci
	      - run: npm test  # unit tests
	    services: [postgres, redis] # for the tests

	"""

	static let checkout: Defaults.JSONValue = ["uses": "actions/checkout@v4"]
	static let setupNode: Defaults.JSONValue = ["uses": "actions/setup-node@v4", "with": ["node-version": 20, "cache": "npm"]]
	static let install: Defaults.JSONValue = ["run": "npm ci"]
	static let test: Defaults.JSONValue = ["run": "npm test"]
	static let lint: Defaults.JSONValue = ["run": "npm run lint"]

	/// The workflow's `jobs` with `steps` (and `services`) as given.
	static func jobs(_ steps: [Defaults.JSONValue], services: [Defaults.JSONValue] = ["postgres", "redis"]) -> Defaults.JSONValue {
		["build": ["runs-on": "ubuntu-latest", "steps": .array(steps), "services": .array(services)]]
	}

	/// A docker-compose file: services, a list of ports, a flow list, an environment map.
	static let compose = """
	services:
	  web:
	    image: nginx:1.25
	    ports:
	      - "80:80"
	      - "443:443" # TLS
	    depends_on: [db, cache]
	  db:
	    image: postgres:16
	    environment:
	      POSTGRES_USER: app
	      POSTGRES_PASSWORD: secret # change me

	"""

	/// The compose file's `services` with `web`'s ports and dependencies and `db`'s environment as given.
	static func services(
		ports: [Defaults.JSONValue] = ["80:80", "443:443"], dependsOn: [Defaults.JSONValue] = ["db", "cache"],
		environment: [String: Defaults.JSONValue] = ["POSTGRES_USER": "app", "POSTGRES_PASSWORD": "secret"]
	) -> Defaults.JSONValue {
		[
			"web": ["image": "nginx:1.25", "ports": .array(ports), "depends_on": .array(dependsOn)],
			"db": ["image": "postgres:16", "environment": .object(environment)],
		]
	}

	/// Each edit: the file, the key changed and its new value, and the expected text in full.
	static let cases: [(name: String, text: String, key: String, value: Defaults.JSONValue, expected: String)] = [
		("an item's member changed", workflow, "jobs", jobs([checkout, setupNode, ["run": "npm install"], test]),
		 workflow.replacingOccurrences(of: "- run: npm ci", with: "- run: npm install")),
		("an item given other keys, written anew in its place", workflow, "jobs", jobs([checkout, setupNode, install, ["uses": "actions/upload-artifact@v4"]]),
		 workflow.replacingOccurrences(of: "- run: npm test  # unit tests", with: "- uses: actions/upload-artifact@v4  # unit tests")),
		("an item inserted at the start, above the comment of the first", workflow, "jobs", jobs([lint, checkout, setupNode, install, test]),
		 workflow.replacingOccurrences(of: "      # Get the code\n", with: "      - run: npm run lint\n      # Get the code\n")),
		("an item inserted in the middle", workflow, "jobs", jobs([checkout, setupNode, lint, install, test]),
		 workflow.replacingOccurrences(of: "      - run: npm ci\n", with: "      - run: npm run lint\n      - run: npm ci\n")),
		("an item inserted at the end", workflow, "jobs", jobs([checkout, setupNode, install, test, lint]),
		 workflow.replacingOccurrences(of: "# unit tests\n", with: "# unit tests\n      - run: npm run lint\n")),
		("the first item removed, its comment line kept", workflow, "jobs", jobs([setupNode, install, test]),
		 workflow.replacingOccurrences(of: "      - uses: actions/checkout@v4\n", with: "")),
		("an item of several lines removed from the middle", workflow, "jobs", jobs([checkout, install, test]),
		 workflow.replacingOccurrences(of: "      - uses: actions/setup-node@v4\n        with:\n          node-version: 20 # LTS\n          cache: npm\n", with: "")),
		("the last item removed with the comment ending its line", workflow, "jobs", jobs([checkout, setupNode, install]),
		 workflow.replacingOccurrences(of: "      - run: npm test  # unit tests\n", with: "")),
		("two items swapped", workflow, "jobs", jobs([checkout, setupNode, test, install]),
		 workflow.replacingOccurrences(of: "      - run: npm ci\n      - run: npm test  # unit tests\n", with: "      - run: npm test  # unit tests\n      - run: npm ci\n")),
		("an item moved up above the comment of the first", workflow, "jobs", jobs([test, checkout, setupNode, install]),
		 workflow.replacingOccurrences(of: "      - run: npm test  # unit tests\n", with: "")
			.replacingOccurrences(of: "      # Get the code\n", with: "      - run: npm test  # unit tests\n      # Get the code\n")),
		("an item moved down with its comment line", workflow, "jobs", jobs([setupNode, install, checkout, test]),
		 workflow.replacingOccurrences(of: "      # Get the code\n      - uses: actions/checkout@v4\n", with: "")
			.replacingOccurrences(of: "      - run: npm ci\n", with: "      - run: npm ci\n      # Get the code\n      - uses: actions/checkout@v4\n")),
		("a member added two levels down", workflow, "jobs",
		 jobs([checkout, ["uses": "actions/setup-node@v4", "with": ["node-version": 20, "cache": "npm", "registry-url": "https://npm.pkg.github.com"]], install, test]),
		 workflow.replacingOccurrences(of: "          cache: npm\n", with: "          cache: npm\n          registry-url: https://npm.pkg.github.com\n")),
		("a member removed two levels down", workflow, "jobs", jobs([checkout, ["uses": "actions/setup-node@v4", "with": ["cache": "npm"]], install, test]),
		 workflow.replacingOccurrences(of: "          node-version: 20 # LTS\n", with: "")),
		("a member renamed two levels down", workflow, "jobs",
		 jobs([checkout, ["uses": "actions/setup-node@v4", "with": ["node-version-file": 20, "cache": "npm"]], install, test]),
		 workflow.replacingOccurrences(of: "node-version: 20", with: "node-version-file: 20")),
		("a flow item inserted in the middle", workflow, "jobs", jobs([checkout, setupNode, install, test], services: ["postgres", "mysql", "redis"]),
		 workflow.replacingOccurrences(of: "[postgres, redis]", with: "[postgres, mysql, redis]")),
		("a flow item moved", workflow, "jobs", jobs([checkout, setupNode, install, test], services: ["redis", "postgres"]),
		 workflow.replacingOccurrences(of: "[postgres, redis]", with: "[redis, postgres]")),
		("a flow item inserted at the start", compose, "services", services(dependsOn: ["redis", "db", "cache"]),
		 compose.replacingOccurrences(of: "[db, cache]", with: "[redis, db, cache]")),
		("a flow item removed from the start", compose, "services", services(dependsOn: ["cache"]),
		 compose.replacingOccurrences(of: "[db, cache]", with: "[cache]")),
		("an item inserted between quoted ones, plain as it reads back", compose, "services", services(ports: ["80:80", "8080:8080", "443:443"]),
		 compose.replacingOccurrences(of: "      - \"443:443\"", with: "      - 8080:8080\n      - \"443:443\"")),
		("a quoted item moved up with the comment ending its line", compose, "services", services(ports: ["443:443", "80:80"]),
		 compose.replacingOccurrences(of: "      - \"80:80\"\n      - \"443:443\" # TLS\n", with: "      - \"443:443\" # TLS\n      - \"80:80\"\n")),
		("a map member renamed", compose, "services", services(environment: ["POSTGRES_USER": "app", "POSTGRES_PASSWORD_FILE": "secret"]),
		 compose.replacingOccurrences(of: "POSTGRES_PASSWORD:", with: "POSTGRES_PASSWORD_FILE:")),
		("a map member renamed to a key that needs quotes", compose, "services", services(environment: ["POSTGRES_USER": "app", "password: old": "secret"]),
		 compose.replacingOccurrences(of: "POSTGRES_PASSWORD:", with: "\"password: old\":")),
	]

	@Test(arguments: cases.indices)
	func changesOnlyTheBytesOfWhatChanged(index: Int) throws {
		let edit = Self.cases[index]
		let edited = try YAMLInPlaceEditTests.edited(edit.text, [edit.key: edit.value])
		#expect(edited == edit.expected, "\(edit.name): \(edited.debugDescription)")
		#expect(try YAMLFileFormat().decode(Array(edited.utf8))[edit.key] == edit.value, "\(edit.name): read back")
	}

	@Test(.requires(.pythonYAML)) func pyYAMLReadsTheEditedFilesAsTheNewValues() throws {
		let texts = Self.cases.map(\.expected)
		let read = try YAMLReference.pyyaml.values(of: texts)
		for (edit, value) in zip(Self.cases, read) {
			#expect(value?.objectValue?[edit.key] == edit.value, "\(edit.name): PyYAML reads \(String(describing: value))")
		}
	}

	/// A new item or member starts as `{}`; once a form fills it, it is written in block style as
	/// its neighbours are (not `- {run: make}`), its comment kept.
	@Test func anEmptyFlowMappingAFormFillsIsWrittenInBlockStyle() throws {
		let text = "steps:\n  - uses: a\n  - {}   # new\nwith: {}\nz: 1\n"
		#expect(try YAMLInPlaceEditTests.edited(text, ["steps": [["uses": "a"], ["run": "make", "name": "Make"]]])
			== "steps:\n  - uses: a\n  - name: Make\n    run: make   # new\nwith: {}\nz: 1\n")
		#expect(try YAMLInPlaceEditTests.edited(text, ["with": ["node": 20]]) == "steps:\n  - uses: a\n  - {}   # new\nwith:\n  node: 20\nz: 1\n")
		#expect(try YAMLInPlaceEditTests.edited("l: [{}]\n", ["l": [["a": 1]]]) == "l: [{a: 1}]\n", "inside a flow sequence it stays in flow")
	}

	@Test func aSequenceThatIsNoSingleEditIsWrittenAnew() throws {
		let text = "l:\n  - a # first\n  - b\nz: 1\n"
		#expect(try YAMLInPlaceEditTests.edited(text, ["l": ["x", "y", "z"]]) == "l:\n  - x\n  - y\n  - z\nz: 1\n")
	}
}
