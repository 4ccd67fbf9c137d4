@testable import Defaults
import DefaultsTOML
import Foundation
import Testing
import TestRequirements

/// The corpus: settings files of real programs' kinds, in the styles people write them, each
/// saved through a ``FileStore`` after three changes and compared byte for byte, and read as
/// Python's `tomllib` reads them, before and after.
@Suite struct TOMLCorpusTests {
	static let files: [TOMLCorpusFile] = TOMLCorpus.terminal + TOMLCorpus.rust + TOMLCorpus.python + TOMLCorpus.services

	@Test func holdsTwentyFilesOrMoreWithOneOfCRLFAndOneWithAByteOrderMark() {
		#expect(Self.files.count >= 20)
		#expect(Set(Self.files.map(\.name)).count == Self.files.count)
		#expect(Self.files.contains { $0.lineEnd == "\r\n" })
		#expect(Self.files.contains { $0.hasByteOrderMark })
	}

	@Test(arguments: files)
	func threeChangesSavedInPlaceGiveTheExpectedBytes(file: TOMLCorpusFile) throws {
		#expect(file.misplacedEdits.isEmpty, "\(file.name): not found once: \(file.misplacedEdits)")
		let url = Isolated.fileURL("corpus.toml")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(file.bytes).write(to: url)
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), format: TOMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		for edit in file.edits {
			let key = edit.path[0]
			if let value = TOMLCorpusFile.setting(edit.path.dropFirst(), to: edit.value, in: store.storedValues()[key]), edit.path.count > 1 || edit.value != nil {
				store.setStoredValue(value, forKey: key)
			} else {
				store.removeStoredValue(forKey: key)
			}
		}
		try store.flush()
		let saved = Array(try Data(contentsOf: url))
		#expect(saved == file.editedBytes, "\(file.name):\n\(String(decoding: saved, as: UTF8.self))")
	}

	@Test(.requires(.pythonTOML))
	func readAsTomllibReadsThemBeforeAndAfterTheChanges() throws {
		let texts = Self.files.flatMap { [$0.bytes, $0.editedBytes] }
		let python = try TOMLReference.values(of: texts)
		try #require(python.count == texts.count)
		for (index, text) in texts.enumerated() {
			let name = Self.files[index / 2].name + (index % 2 == 0 ? "" : " (edited)")
			#expect(!python[index].isNull, "tomllib refuses \(name)")
			let ours = try TOMLFileFormat().decode(text)
			#expect(TOMLReference.difference(.object(ours), python[index]) == nil, "\(name): \(TOMLReference.difference(.object(ours), python[index]) ?? "")")
		}
	}
}
