import Defaults
import DefaultsYAML
import Foundation
import Testing
import TestRequirements

/// Real kinds of YAML settings files (docker-compose, CI workflows, Kubernetes, Helm…), each
/// edited once (a value replaced, a key removed, a key added) and compared byte for byte with the
/// text expected, and read by ruamel.yaml as the format reads them.
@Suite struct YAMLCorpusTests {
	@Test func theCorpusHoldsTwentyKindsOfFile() {
		#expect(YAMLCorpusFile.all.count >= 20)
		#expect(Set(YAMLCorpusFile.all.map(\.name)).count == YAMLCorpusFile.all.count)
	}

	@Test(arguments: YAMLCorpusFile.all)
	func editedInPlaceAsExpected(file: YAMLCorpusFile) throws {
		// Each change's text is there exactly once, so that the expected text is what it says.
		var text = file.text
		for (old, new) in [(file.replace.from, file.replace.to), (file.remove.lines, ""), (file.add.after, file.add.after + file.add.inserted)] {
			#expect(text.components(separatedBy: old).count == 2, "\(file.name): \(old.debugDescription)")
			text = text.replacingOccurrences(of: old, with: new)
		}
		let format = YAMLFileFormat()
		var problems: [FileFormatProblem] = []
		let (values, document) = try format.decodeForEditing(Array(file.text.utf8), problems: &problems)
		let batch = file.changes(to: values)
		let edited = try format.edit(document, applying: batch, giving: batch.applied(to: values))
		#expect(String(decoding: edited.bytes, as: UTF8.self) == file.expected, "\(file.name)")
	}

	@Test(.requires(.pythonYAML))
	func readAsRuamelReadsThem() throws {
		let texts = YAMLCorpusFile.all.flatMap { [$0.text, $0.expected] }
		let expected = try YAMLReference.ruamel.values(of: texts)
		try #require(expected.count == texts.count)
		for (text, reference) in zip(texts, expected) {
			#expect(reference != nil, "ruamel.yaml refuses \(text.prefix(40).debugDescription)")
			#expect(YAMLReference.ours(text) == reference, "\(text.prefix(60).debugDescription)")
		}
	}
}
