import Defaults
import DefaultsYAML
import Testing
import TestRequirements

/// Many generated YAML files read by the format as ruamel.yaml (1.2) and PyYAML (1.1) read them,
/// and one value of each replaced in place: the edited file reads, in all three, as the values saved.
@Suite struct YAMLGeneratedTests {
	static func texts() -> [String] {
		var generator = YAMLGeneratedFiles(seed: 36)
		return (0..<300).map { _ in generator.file() }
	}

	@Test(.requires(.pythonYAML)) func generatedFilesReadAsRuamelAndPyYAMLRead() throws {
		let texts = Self.texts()
		let ruamel = try YAMLReference.ruamel.values(of: texts)
		let pyyaml = try YAMLReference.pyyaml.values(of: texts)
		var read = 0
		for (index, text) in texts.enumerated() {
			let ours = YAMLReference.ours(text)
			#expect(ours == ruamel[index], "\(text.debugDescription)")
			#expect(ours == pyyaml[index], "\(text.debugDescription)")
			if ours != nil { read += 1 }
		}
		#expect(read > 250, "the generator writes valid YAML")
	}

	@Test(.requires(.pythonYAML)) func oneValueReplacedReadsBackInEveryReader() throws {
		let format = YAMLFileFormat()
		var random = SplitMix(state: 1936)
		let replacements: [Defaults.JSONValue] = [
			"new text", "it's", "two\nlines\n", "yes", "", 7, -2.5, true, .null, ["k": "v", "list": [1, "x"]], [1, [2]], [:], [],
		]
		var edited: [String] = []
		var expected: [Defaults.JSONValue] = []
		for text in Self.texts() {
			var problems: [FileFormatProblem] = []
			guard let (values, document) = try? format.decodeForEditing(Array(text.utf8), problems: &problems),
			      let key = values.keys.sorted().randomElement(using: &random),
			      let replacement = replacements.randomElement(using: &random)
			else { continue }
			let batch = Defaults.ChangeBatch(values: [key: replacement])
			let saved = batch.applied(to: values)
			guard let bytes = try? format.edit(document, applying: batch, giving: saved).bytes else { continue }
			#expect(YAMLReference.normalized(.object(try format.decode(bytes))) == YAMLReference.normalized(.object(saved)))
			edited.append(String(decoding: bytes, as: UTF8.self))
			expected.append(YAMLReference.normalized(.object(saved)))
		}
		#expect(edited.count > 200, "most edits are made in place")
		let ruamel = try YAMLReference.ruamel.values(of: edited)
		let pyyaml = try YAMLReference.pyyaml.values(of: edited)
		for index in edited.indices {
			#expect(ruamel[index] == expected[index], "\(edited[index].debugDescription)")
			#expect(pyyaml[index] == expected[index], "\(edited[index].debugDescription)")
		}
	}
}
