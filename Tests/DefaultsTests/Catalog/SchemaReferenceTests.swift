@testable import DefaultsSchema
import Testing

/// A settings file's own reference to its schema, in JSON, TOML and YAML.
@Suite("References to a schema in a settings file")
struct SchemaReferenceTests {
	private func find(_ text: String, _ syntax: SchemaReference.Syntax) -> SchemaReference? {
		SchemaReference.find(in: Array(text.utf8), syntax: syntax)
	}

	@Test func jsonsSchemaMemberOfTheTopObject() {
		let text = """
		// comments first, as in JSON with comments
		{
			"name": {"$schema": "not this one"}, /* a block */ "list": [1, "]", {"a": "}"}],
			"$schema": "./schemas/app.json",
			"after": true
		}
		"""
		#expect(find(text, .json) == SchemaReference(syntax: .json, address: "./schemas/app.json", line: 4))
		#expect(find(#"{"$schema": "https:\/\/example.org\/s.json"}"#, .json)?.address == "https://example.org/s.json", "escapes are read")
	}

	@Test func jsonWithoutATopLevelSchemaHasNone() {
		#expect(find(#"{"nested": {"$schema": "x.json"}}"#, .json) == nil)
		#expect(find(#"{"$schema": 3}"#, .json) == nil, "not a string")
		#expect(find(#"["$schema", "x.json"]"#, .json) == nil, "not an object")
		#expect(find(#"{"a": "unterminated"#, .json) == nil)
	}

	@Test func tomlsSchemaCommentAmongTheFirstComments() {
		let text = """
		# Starship's settings

		#:schema https://starship.rs/config-schema.json
		add_newline = false
		"""
		#expect(find(text, .toml) == SchemaReference(syntax: .toml, address: "https://starship.rs/config-schema.json", line: 3))
	}

	@Test func tomlsSchemaCommentAfterAKeyIsIgnored() {
		#expect(find("add_newline = false\n#:schema https://example.org/s.json\n", .toml) == nil)
		#expect(find("[table]\n#:schema https://example.org/s.json\n", .toml) == nil)
		#expect(find("#:schemas https://example.org/s.json\nkey = 1\n", .toml) == nil, "another directive")
	}

	@Test func yamlLanguageServersComment() {
		let text = """
		name: CI
		# yaml-language-server: $schema=../schemas/workflow.json
		on: push
		"""
		#expect(find(text, .yaml) == SchemaReference(syntax: .yaml, address: "../schemas/workflow.json", line: 2))
		#expect(find("key: '# yaml-language-server: $schema=x.json'\n", .yaml) == nil, "inside a value, not a comment")
	}

	@Test func eachSyntaxLooksForItsOwnForm() {
		#expect(find("#:schema x.json\nkey = 1\n", .yaml) == nil)
		#expect(find("# yaml-language-server: $schema=x.json\n", .toml) == nil)
	}
}
