import Defaults
import DefaultsTOML
import TestRequirements
import Testing

/// Lists and maps of TOML files edited as a form edits them: inline arrays (on one line or over
/// several with comments) element by element, arrays of tables (`[[bin]]`) section by section, a
/// renamed key in place; only the bytes of what changed differ.
@Suite struct TOMLInPlaceListEditTests {
	/// A Cargo manifest: inline arrays on one line and over several, two `[[bin]]` with comments.
	static let cargo = """
	[package]
	name = "tool"
	keywords = ["cli", "config"] # shown on crates.io
	exclude = [
	  "target",
	  # editor files
	  "*.swp",
	  "notes.md", # local only
	]

	[dependencies]
	serde = { version = "1", features = ["derive"] }

	# the main command
	[[bin]]
	name = "tool"
	path = "src/main.rs"
	required-features = ["cli"]

	[[bin]]
	name = "helper" # internal
	path = "src/helper.rs"

	"""

	/// The manifest with a third `[[bin]]`.
	static let threeBins = cargo + "\n[[bin]]\nname = \"bench\"\npath = \"src/bench.rs\"\n"

	static func package(keywords: [Defaults.JSONValue] = ["cli", "config"], exclude: [Defaults.JSONValue] = ["target", "*.swp", "notes.md"]) -> Defaults.JSONValue {
		["name": "tool", "keywords": .array(keywords), "exclude": .array(exclude)]
	}

	static let tool: Defaults.JSONValue = ["name": "tool", "path": "src/main.rs", "required-features": ["cli"]]
	static let helper: Defaults.JSONValue = ["name": "helper", "path": "src/helper.rs"]
	static let bench: Defaults.JSONValue = ["name": "bench", "path": "src/bench.rs"]

	/// A pyproject file: a map of rules whose keys need quotes.
	static let pyproject = """
	[tool.ruff.lint]
	select = ["E", "F"]

	[tool.ruff.lint.per-file-ignores]
	"tests/*.py" = ["S101"] # asserts are fine in tests
	"__init__.py" = ["F401"]

	"""

	static func ignores(_ members: [String: Defaults.JSONValue]) -> Defaults.JSONValue {
		["ruff": ["lint": ["select": ["E", "F"], "per-file-ignores": .object(members)]]]
	}

	/// Each edit: the file, the key changed and its new value, and the expected text in full.
	static let cases: [(name: String, text: String, key: String, value: Defaults.JSONValue, expected: String)] = [
		("an inline item inserted at the start", cargo, "package", package(keywords: ["tool", "cli", "config"]),
		 cargo.replacingOccurrences(of: "[\"cli\", \"config\"]", with: "[\"tool\", \"cli\", \"config\"]")),
		("an inline item inserted in the middle", cargo, "package", package(keywords: ["cli", "env", "config"]),
		 cargo.replacingOccurrences(of: "[\"cli\", \"config\"]", with: "[\"cli\", \"env\", \"config\"]")),
		("an inline item inserted at the end", cargo, "package", package(keywords: ["cli", "config", "env"]),
		 cargo.replacingOccurrences(of: "[\"cli\", \"config\"]", with: "[\"cli\", \"config\", \"env\"]")),
		("an inline item removed from the start", cargo, "package", package(keywords: ["config"]),
		 cargo.replacingOccurrences(of: "[\"cli\", \"config\"]", with: "[\"config\"]")),
		("an inline item removed from the end", cargo, "package", package(keywords: ["cli"]),
		 cargo.replacingOccurrences(of: "[\"cli\", \"config\"]", with: "[\"cli\"]")),
		("inline items swapped", cargo, "package", package(keywords: ["config", "cli"]),
		 cargo.replacingOccurrences(of: "[\"cli\", \"config\"]", with: "[\"config\", \"cli\"]")),
		("an inline item changed", cargo, "package", package(keywords: ["cli", "settings"]),
		 cargo.replacingOccurrences(of: "[\"cli\", \"config\"]", with: "[\"cli\", \"settings\"]")),
		("an item inserted above the comment of the one it goes before", cargo, "package", package(exclude: ["target", ".git", "*.swp", "notes.md"]),
		 cargo.replacingOccurrences(of: "  # editor files\n", with: "  \".git\",\n  # editor files\n")),
		("an item inserted at the end after the trailing comma", cargo, "package", package(exclude: ["target", "*.swp", "notes.md", ".git"]),
		 cargo.replacingOccurrences(of: "  \"notes.md\", # local only\n", with: "  \"notes.md\", # local only\n  \".git\",\n")),
		("the first item of a multi-line array removed", cargo, "package", package(exclude: ["*.swp", "notes.md"]),
		 cargo.replacingOccurrences(of: "  \"target\",\n", with: "")),
		("a middle item removed, its comment line kept", cargo, "package", package(exclude: ["target", "notes.md"]),
		 cargo.replacingOccurrences(of: "  \"*.swp\",\n", with: "")),
		("the last item removed with the comment ending its line", cargo, "package", package(exclude: ["target", "*.swp"]),
		 cargo.replacingOccurrences(of: "  \"notes.md\", # local only\n", with: "")),
		("an item moved up with its comment line", cargo, "package", package(exclude: ["*.swp", "target", "notes.md"]),
		 cargo.replacingOccurrences(of: "  \"target\",\n  # editor files\n  \"*.swp\",\n", with: "  # editor files\n  \"*.swp\",\n  \"target\",\n")),
		("an item moved down with the comment ending its line", cargo, "package", package(exclude: ["notes.md", "target", "*.swp"]),
		 cargo.replacingOccurrences(of: "  \"target\",\n  # editor files\n  \"*.swp\",\n  \"notes.md\", # local only\n", with: "  \"notes.md\", # local only\n  \"target\",\n  # editor files\n  \"*.swp\",\n")),
		("an item of an array in an inline table inserted", cargo, "dependencies", ["serde": ["version": "1", "features": ["derive", "rc"]]],
		 cargo.replacingOccurrences(of: "features = [\"derive\"]", with: "features = [\"derive\", \"rc\"]")),
		("an inline table's member added after its last", cargo, "dependencies", ["serde": ["version": "1", "features": ["derive"], "optional": true]],
		 cargo.replacingOccurrences(of: "features = [\"derive\"] }", with: "features = [\"derive\"], optional = true }")),
		("an inline table's last member removed with its comma", cargo, "dependencies", ["serde": ["version": "1"]],
		 cargo.replacingOccurrences(of: "{ version = \"1\", features = [\"derive\"] }", with: "{ version = \"1\" }")),
		("an inline table's first member removed", cargo, "dependencies", ["serde": ["features": ["derive"]]],
		 cargo.replacingOccurrences(of: "{ version = \"1\", features = [\"derive\"] }", with: "{ features = [\"derive\"] }")),
		("an inline table's member renamed in its place", cargo, "dependencies", ["serde": ["req": "1", "features": ["derive"]]],
		 cargo.replacingOccurrences(of: "{ version = \"1\"", with: "{ req = \"1\"")),
		("an item of an array in an array of tables inserted", cargo, "bin", [["name": "tool", "path": "src/main.rs", "required-features": ["cli", "net"]], helper],
		 cargo.replacingOccurrences(of: "[\"cli\"]\n", with: "[\"cli\", \"net\"]\n")),
		("a key of an element of an array of tables changed", cargo, "bin", [tool, ["name": "helper", "path": "src/bin/helper.rs"]],
		 cargo.replacingOccurrences(of: "path = \"src/helper.rs\"", with: "path = \"src/bin/helper.rs\"")),
		("an item inserted in a file of CRLF line ends", "exclude = [\r\n  \"a\",\r\n  \"b\",\r\n]\r\n", "exclude", ["a", "x", "b"],
		 "exclude = [\r\n  \"a\",\r\n  \"x\",\r\n  \"b\",\r\n]\r\n"),
		("a key added to an element of an array of tables", cargo, "bin", [tool, ["name": "helper", "path": "src/helper.rs", "test": false]],
		 cargo.replacingOccurrences(of: "path = \"src/helper.rs\"\n", with: "path = \"src/helper.rs\"\ntest = false\n")),
		("a key removed from an element of an array of tables", cargo, "bin", [["name": "tool", "path": "src/main.rs"], helper],
		 cargo.replacingOccurrences(of: "required-features = [\"cli\"]\n", with: "")),
		("a [[bin]] inserted at the start, above the comment of the first", cargo, "bin", [bench, tool, helper],
		 cargo.replacingOccurrences(of: "# the main command\n", with: "[[bin]]\nname = \"bench\"\npath = \"src/bench.rs\"\n\n# the main command\n")),
		("a [[bin]] inserted in the middle", cargo, "bin", [tool, bench, helper],
		 cargo.replacingOccurrences(of: "[[bin]]\nname = \"helper\"", with: "[[bin]]\nname = \"bench\"\npath = \"src/bench.rs\"\n\n[[bin]]\nname = \"helper\"")),
		("two [[bin]] swapped: the first moved down with its comment", cargo, "bin", [helper, tool],
		 cargo.replacingOccurrences(of: "# the main command\n[[bin]]\nname = \"tool\"\npath = \"src/main.rs\"\nrequired-features = [\"cli\"]\n\n", with: "")
			+ "\n# the main command\n[[bin]]\nname = \"tool\"\npath = \"src/main.rs\"\nrequired-features = [\"cli\"]\n"),
		("the last [[bin]] moved up to the start", threeBins, "bin", [bench, tool, helper],
		 cargo.replacingOccurrences(of: "# the main command\n", with: "[[bin]]\nname = \"bench\"\npath = \"src/bench.rs\"\n\n# the main command\n")),
		("the first [[bin]] moved down to the end", threeBins, "bin", [helper, bench, tool],
		 threeBins.replacingOccurrences(of: "# the main command\n[[bin]]\nname = \"tool\"\npath = \"src/main.rs\"\nrequired-features = [\"cli\"]\n\n", with: "")
			+ "\n# the main command\n[[bin]]\nname = \"tool\"\npath = \"src/main.rs\"\nrequired-features = [\"cli\"]\n"),
		("a middle [[bin]] removed", threeBins, "bin", [tool, bench],
		 threeBins.replacingOccurrences(of: "[[bin]]\nname = \"helper\" # internal\npath = \"src/helper.rs\"\n\n", with: "")),
		("a key renamed to one that needs quotes", pyproject, "tool", ignores(["tests/**/*.py": ["S101"], "__init__.py": ["F401"]]),
		 pyproject.replacingOccurrences(of: "\"tests/*.py\"", with: "\"tests/**/*.py\"")),
		("a quoted key renamed to a bare one", pyproject, "tool", ignores(["tests/*.py": ["S101"], "init": ["F401"]]),
		 pyproject.replacingOccurrences(of: "\"__init__.py\"", with: "init")),
		("an item of a map member's array inserted, three levels down", pyproject, "tool", ignores(["tests/*.py": ["S101", "PLR2004"], "__init__.py": ["F401"]]),
		 pyproject.replacingOccurrences(of: "[\"S101\"]", with: "[\"S101\", \"PLR2004\"]")),
	]

	@Test(arguments: cases.indices)
	func changesOnlyTheBytesOfWhatChanged(index: Int) throws {
		let edit = Self.cases[index]
		let edited = try TOMLInPlaceEditTests.edit(edit.text, [edit.key: edit.value])
		#expect(edited == edit.expected, "\(edit.name): \(edited.debugDescription)")
		#expect(try TOMLFileFormat().decode(Array(edited.utf8))[edit.key] == edit.value, "\(edit.name): read back")
	}

	@Test(.requires(.pythonTOML)) func tomllibReadsTheEditedFilesAsTheNewValues() throws {
		let read = try TOMLReference.values(of: Self.cases.map { Array($0.expected.utf8) })
		for (edit, value) in zip(Self.cases, read) {
			let expected = try TOMLFileFormat().decode(Array(edit.text.utf8)).merging([edit.key: edit.value]) { _, new in new }
			#expect(TOMLReference.difference(.object(expected), value) == nil, "\(edit.name)")
		}
	}

	@Test func anArrayThatIsNoSingleEditIsWrittenAnew() throws {
		#expect(try TOMLInPlaceEditTests.edit("a = [1, 2] # c\n", ["a": [3, 4, 5]]) == "a = [3, 4, 5] # c\n")
	}
}
