@testable import Defaults
import Testing

@Suite("JSON in place: lists and maps edited as a form edits them, only the bytes of what changed")
struct JSONInPlaceArrayEditTests {
	/// `text` with `changes` made in place; the result must read as the old values with the changes made.
	private func edit(
		_ text: String, _ changes: [(key: String, value: Defaults.JSONValue?)], sourceLocation: SourceLocation = #_sourceLocation
	) throws -> String {
		let document = try EditableJSONText(parsing: Array(text.utf8))
		let bytes = try document.applying(changes)
		var expected = document.values
		for (key, value) in changes { expected[key] = value }
		#expect(try JSONFileFormat().decode(bytes) == expected, "the edited text reads back as changed", sourceLocation: sourceLocation)
		return String(decoding: bytes, as: UTF8.self)
	}

	/// An `.eslintrc.json` with comments of both kinds, one element a line and inline arrays.
	private let eslintrc = """
	{
	  // Shared by every package
	  "root": true,
	  "extends": [
	    "eslint:recommended",
	    // React's own rules
	    "plugin:react/recommended",
	    "prettier" // last, to turn off what it formats
	  ],
	  "plugins": ["react", /* imports */ "import"],
	  "rules": {
	    "react/prop-types": "off", // we use TypeScript
	    "no-console": ["warn", { "allow": ["error"] }]
	  },
	  "overrides": [
	    {
	      "files": ["*.test.js"],
	      "env": { "jest": true }
	    },
	    {
	      // Scripts may log
	      "files": ["scripts/**"],
	      "rules": {
	        "no-console": "off"
	      }
	    }
	  ]
	}

	"""

	/// `eslintrc` with `old` replaced by `new`, which must be there once.
	private func eslintrc(replacing old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
		#expect(eslintrc.components(separatedBy: old).count == 2, "the text to replace is there once", sourceLocation: sourceLocation)
		return eslintrc.replacingOccurrences(of: old, with: new)
	}

	private let extendsLines = """
	    "eslint:recommended",
	    // React's own rules
	    "plugin:react/recommended",
	    "prettier" // last, to turn off what it formats

	"""

	// MARK: - One element a line

	@Test func anItemInsertedAtTheStartTheMiddleOrTheEndGetsALineOfItsOwn() throws {
		let start = try edit(eslintrc, [("extends", ["airbnb", "eslint:recommended", "plugin:react/recommended", "prettier"])])
		#expect(start == eslintrc(replacing: extendsLines, with: "    \"airbnb\",\n" + extendsLines))
		let middle = try edit(eslintrc, [("extends", ["eslint:recommended", "plugin:import/errors", "plugin:react/recommended", "prettier"])])
		#expect(middle == eslintrc(replacing: extendsLines, with: """
		    "eslint:recommended",
		    "plugin:import/errors",
		    // React's own rules
		    "plugin:react/recommended",
		    "prettier" // last, to turn off what it formats

		"""), "above the comment lines of the item it goes before")
		let end = try edit(eslintrc, [("extends", ["eslint:recommended", "plugin:react/recommended", "prettier", "local"])])
		#expect(end == eslintrc(replacing: extendsLines, with: """
		    "eslint:recommended",
		    // React's own rules
		    "plugin:react/recommended",
		    "prettier", // last, to turn off what it formats
		    "local"

		"""))
	}

	@Test func anItemRemovedTakesItsLineAndItsCommaButNoCommentLine() throws {
		let first = try edit(eslintrc, [("extends", ["plugin:react/recommended", "prettier"])])
		#expect(first == eslintrc(replacing: "    \"eslint:recommended\",\n", with: ""))
		let middle = try edit(eslintrc, [("extends", ["eslint:recommended", "prettier"])])
		#expect(middle == eslintrc(replacing: "    \"plugin:react/recommended\",\n", with: ""))
		let last = try edit(eslintrc, [("extends", ["eslint:recommended", "plugin:react/recommended"])])
		#expect(last == eslintrc(replacing: extendsLines, with: """
		    "eslint:recommended",
		    // React's own rules
		    "plugin:react/recommended"

		"""))
	}

	@Test func anItemMovedTakesItsCommentLinesAndTheCommentEndingItsLine() throws {
		let moved = """
		    "eslint:recommended",
		    "prettier", // last, to turn off what it formats
		    // React's own rules
		    "plugin:react/recommended"

		"""
		let swapped = try edit(eslintrc, [("extends", ["eslint:recommended", "prettier", "plugin:react/recommended"])])
		#expect(swapped == eslintrc(replacing: extendsLines, with: moved))
		let up = try edit(eslintrc, [("extends", ["prettier", "eslint:recommended", "plugin:react/recommended"])])
		#expect(up == eslintrc(replacing: extendsLines, with: """
		    "prettier", // last, to turn off what it formats
		    "eslint:recommended",
		    // React's own rules
		    "plugin:react/recommended"

		"""))
		let down = try edit(eslintrc, [("extends", ["plugin:react/recommended", "prettier", "eslint:recommended"])])
		#expect(down == eslintrc(replacing: extendsLines, with: """
		    // React's own rules
		    "plugin:react/recommended",
		    "prettier", // last, to turn off what it formats
		    "eslint:recommended"

		"""))
	}

	// MARK: - Inline

	@Test func anInlineArrayIsEditedInItsOwnStyle() throws {
		let old = #""plugins": ["react", /* imports */ "import"]"#
		let cases: [(Defaults.JSONValue, String)] = [
			(["a11y", "react", "import"], #""plugins": ["a11y", "react", /* imports */ "import"]"#),
			(["react", "a11y", "import"], #""plugins": ["react", /* imports */ "a11y", "import"]"#),
			(["react", "import", "a11y"], #""plugins": ["react", /* imports */ "import", "a11y"]"#),
			(["import"], #""plugins": [/* imports */ "import"]"#),
			(["react"], #""plugins": ["react" /* imports */]"#),
			(["import", "react"], #""plugins": [/* imports */ "import", "react"]"#),
			(["react", "jsx"], #""plugins": ["react", /* imports */ "jsx"]"#),
		]
		for (value, expected) in cases {
			#expect(try edit(eslintrc, [("plugins", value)]) == eslintrc(replacing: old, with: expected), "\(value)")
		}
	}

	// MARK: - Items that are objects, and deeper

	@Test func anItemsMemberChangesAloneAtAnyDepth() throws {
		let overrides: Defaults.JSONValue = [
			["files": ["*.test.js"], "env": ["jest": true]],
			["files": ["scripts/**"], "rules": ["no-console": "warn"]],
		]
		#expect(try edit(eslintrc, [("overrides", overrides)]) == eslintrc(replacing: #""no-console": "off""#, with: #""no-console": "warn""#))
		let allow: Defaults.JSONValue = ["react/prop-types": "off", "no-console": ["warn", ["allow": ["error", "warn"]]]]
		#expect(try edit(eslintrc, [("rules", allow)]) == eslintrc(replacing: #"["error"]"#, with: #"["error", "warn"]"#))
	}

	@Test func aMemberAddedOrRemovedTwoLevelsDown() throws {
		let added: Defaults.JSONValue = [
			["files": ["*.test.js"], "env": ["jest": true, "node": true]],
			["files": ["scripts/**"], "rules": ["no-console": "off"]],
		]
		#expect(try edit(eslintrc, [("overrides", added)]) == eslintrc(replacing: #"{ "jest": true }"#, with: #"{ "jest": true, "node": true }"#))
		let removed: Defaults.JSONValue = [
			["files": ["*.test.js"], "env": ["jest": true]],
			["files": ["scripts/**"], "rules": [:]],
		]
		#expect(try edit(eslintrc, [("overrides", removed)]) == eslintrc(replacing: "        \"no-console\": \"off\"\n", with: ""))
	}

	@Test func anObjectItemInsertedOrMovedKeepsTheOthersText() throws {
		let first: Defaults.JSONValue = ["files": ["*.test.js"], "env": ["jest": true]]
		let second: Defaults.JSONValue = ["files": ["scripts/**"], "rules": ["no-console": "off"]]
		let inserted = try edit(eslintrc, [("overrides", [first, ["files": ["*.ts"]], second])])
		#expect(inserted == eslintrc(replacing: "    },\n    {\n      // Scripts", with: "    },\n    {\n      \"files\": [\n        \"*.ts\"\n      ]\n    },\n    {\n      // Scripts"))
		let moved = try edit(eslintrc, [("overrides", [second, first])])
		#expect(moved == eslintrc(replacing: """
		    {
		      "files": ["*.test.js"],
		      "env": { "jest": true }
		    },
		    {
		      // Scripts may log
		      "files": ["scripts/**"],
		      "rules": {
		        "no-console": "off"
		      }
		    }

		""", with: """
		    {
		      // Scripts may log
		      "files": ["scripts/**"],
		      "rules": {
		        "no-console": "off"
		      }
		    },
		    {
		      "files": ["*.test.js"],
		      "env": { "jest": true }
		    }

		"""))
	}

	// MARK: - Maps

	@Test func aRenamedMemberKeepsItsPlaceItsValueAndItsComment() throws {
		let rules: Defaults.JSONValue = ["react/require-default-props": "off", "no-console": ["warn", ["allow": ["error"]]]]
		#expect(try edit(eslintrc, [("rules", rules)]) == eslintrc(replacing: #""react/prop-types": "off""#, with: #""react/require-default-props": "off""#))
		let packageJSON = "{\n  \"name\": \"app\",\n  \"scripts\": {\n    \"test\": \"jest\", // unit tests\n    \"build\": \"tsc -p .\"\n  }\n}\n"
		let renamed = try edit(packageJSON, [("scripts", ["test:unit": "jest", "build": "tsc -p ."])])
		#expect(renamed == "{\n  \"name\": \"app\",\n  \"scripts\": {\n    \"test:unit\": \"jest\", // unit tests\n    \"build\": \"tsc -p .\"\n  }\n}\n")
		#expect(try edit(packageJSON, [("name", nil), ("title", "app")]) == packageJSON.replacingOccurrences(of: "\"name\"", with: "\"title\""), "at the top too")
	}

	@Test func tabsCRLFAndTrailingCommasAreKeptForItems() throws {
		let text = "{\r\n\t\"files.exclude\": [\r\n\t\t\"**/.git\",\r\n\t\t\"**/node_modules\",\r\n\t],\r\n}\r\n"
		#expect(try edit(text, [("files.exclude", ["**/.git", "**/node_modules", "**/dist"])])
			== "{\r\n\t\"files.exclude\": [\r\n\t\t\"**/.git\",\r\n\t\t\"**/node_modules\",\r\n\t\t\"**/dist\",\r\n\t],\r\n}\r\n")
		#expect(try edit(text, [("files.exclude", ["**/node_modules"])]) == "{\r\n\t\"files.exclude\": [\r\n\t\t\"**/node_modules\",\r\n\t],\r\n}\r\n")
		#expect(try edit(text, [("files.exclude", ["**/.git"])]) == "{\r\n\t\"files.exclude\": [\r\n\t\t\"**/.git\",\r\n\t],\r\n}\r\n", "the last left keeps its comma")
	}

	@Test func anInlineItemMovedUpTakesItsTextAlong() throws {
		let text = "{\n  \"files\": [\"dist\", \"lib\", \"README.md\"],\n  \"private\": true\n}\n"
		#expect(try edit(text, [("files", ["README.md", "dist", "lib"])]) == "{\n  \"files\": [\"README.md\", \"dist\", \"lib\"],\n  \"private\": true\n}\n")
	}
}
