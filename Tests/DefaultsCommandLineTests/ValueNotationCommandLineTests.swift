import Defaults
import Foundation
import Testing

/// A value typed in a notation its setting does not take is told how to write it: a number in
/// decimal, text in quotes where JSON is expected.
@Suite("The command line: values in another notation", .timeLimit(.minutes(2)))
struct ValueNotationCommandLineTests {
	private static let schema = #"""
	{
	  "type": "object",
	  "properties": {
	    "count": {"type": "integer"},
	    "ratio": {"type": "number"},
	    "size": {"type": ["integer", "string"]},
	    "rules": {"type": "object", "properties": {
	      "semi": {"oneOf": [{"enum": [0, 1, 2, "off", "warn", "error"]}, {"type": "array"}]}
	    }}
	  }
	}
	"""#

	/// The CLI with the schema above and an empty settings file, and the options naming them.
	private func schemaFiles() throws -> (CLI, [String], URL) {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let schema = cli.configHome.appendingPathComponent("tool.schema.json")
		let store = cli.configHome.appendingPathComponent("tool.json")
		try Data(Self.schema.utf8).write(to: schema)
		try Data("{}".utf8).write(to: store)
		return (cli, ["--schema", schema.path, "--store", store.path], store)
	}

	@Test func aNumberNotInDecimalIsToldHowToWriteIt() throws {
		let cli = CLI()
		// The demo's whole-number slider, its slider of fractions (0x1p0 is 1, in its range) and a whole-number field.
		for (key, text, message) in [
			("fontSize", "0x10", "'0x10' is not a number; write it in decimal, such as 16"),
			("lineSpacing", "0x1p0", "'0x1p0' is not a number; write it in decimal, such as 1"),
			("syncInterval", "0x10", "'0x10' is not a number; write it in decimal, such as 16"),
			("fontSize", "inf", "'inf' is not a number a setting can hold; write a number in decimal"),
			("lineSpacing", "nan", "'nan' is not a number a setting can hold; write a number in decimal"),
		] {
			let result = try cli.run("set", key, text)
			#expect(result.status == 2, "\(key) \(text)")
			#expect(result.errors == "defaults-tui: cannot set \(key): \(message)" + (message.hasSuffix("decimal") ? ", such as 16\n" : "\n"), "\(result.errors)")
		}
		#expect(cli.stored().isEmpty, "nothing was set")
		#expect(try cli.run("set", "lineSpacing", "1.5e0").status == 0, "an exponent is decimal")
		#expect(try cli.run("set", "fontSize", "+20").status == 0)
		#expect(cli.stored() == ["lineSpacing": 1.5, "fontSize": 20])

		let (schemaCLI, target, store) = try schemaFiles()
		for key in ["count", "ratio"] {
			let result = try schemaCLI.run(["set", key, "0x10"] + target)
			#expect(result.status == 2, "\(key)")
			#expect(result.errors.contains("cannot set \(key): '0x10' is not a number; write it in decimal, such as 16"), "\(result.errors)")
		}
		let json = try schemaCLI.run(["set", "size", "0x10"] + target)
		#expect(json.status == 2)
		#expect(json.errors.contains(#"cannot set size: '0x10' is not JSON: write a number in decimal, such as 16, and text in quotes: '"0x10"'"#), "\(json.errors)")
		#expect(FileStore(url: store).storedValues().isEmpty)
	}

	@Test func aBareWordWhereJSONIsExpectedIsToldToQuoteIt() throws {
		let (cli, target, store) = try schemaFiles()
		for (key, word) in [("size", "auto"), ("rules.semi", "off")] {
			let result = try cli.run(["set", key, word] + target)
			#expect(result.status == 2, "\(key)")
			#expect(result.errors.contains(#"cannot set \#(key): '\#(word)' is not JSON; text needs quotes: '"\#(word)"'"#), "\(result.errors)")
		}
		let words = try cli.run(["set", "size", #"two\words"#] + target)
		#expect(words.errors.contains(#"text needs quotes: '"two\\words"'"#), "the quoted form is JSON too: \(words.errors)")
		#expect(FileStore(url: store).storedValues().isEmpty)
		#expect(try cli.run(["set", "size", #""auto""#] + target).status == 0)
		#expect(try cli.run(["set", "rules.semi", #""off""#] + target).status == 0)
		#expect(FileStore(url: store).storedValues() == ["size": "auto", "rules": ["semi": "off"]])
		// JSON that is broken inside says where, as before.
		let broken = try cli.run(["set", "size", "[1,"] + target)
		#expect(broken.errors.contains("invalid JSON at line 1"), "\(broken.errors)")
		// The demo's JSON settings too.
		let demo = try CLI().run("set", "mainWindow", "auto")
		#expect(demo.errors.contains(#"'auto' is not JSON; text needs quotes: '"auto"'"#), "\(demo.errors)")
	}
}
