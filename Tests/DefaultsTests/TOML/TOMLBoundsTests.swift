@testable import Defaults
import DefaultsTOML
import Foundation
import Testing

/// Input that would take unbounded time or stack is refused with a message.
@Suite struct TOMLBoundsTests {
	@Test(arguments: [
		"a = " + String(repeating: "[", count: 100_000),
		"a = " + String(repeating: "{ b = ", count: 100_000),
		"[" + String(repeating: "a.", count: 100_000) + "a]\n",
		"[[" + String(repeating: "a.", count: 300) + "a]]\n",
		String(repeating: "a.", count: 100_000) + "a = 1\n",
		"[" + String(repeating: "a.", count: 200) + "a]\n" + String(repeating: "b.", count: 200) + "b = " + String(repeating: "[", count: 200) + "\n",
	])
	func deepNestingIsRefused(text: String) {
		#expect {
			try TOMLFileFormat().decode(Array(text.utf8))
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("nested too deeply") == true
		}
	}

	@Test func invalidUTF8IsNamed() {
		#expect {
			try TOMLFileFormat().decode([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22, 0x0A])
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("line 1, column 6: the text is not UTF-8") == true
		}
	}

	/// Where the first byte that is no UTF-8 stands: a lone continuation byte, an overlong form, a
	/// surrogate, a character cut short (at the text's end too), beyond U+10FFFF.
	@Test(arguments: [
		([0x61, 0x0A, 0x23, 0x20, 0xC3, 0xA9, 0x80, 0x0A], 2, 5),
		([0x61, 0x3D, 0x22, 0xC0, 0xAF, 0x22], 1, 4),
		([0x61, 0x3D, 0x22, 0xED, 0xA0, 0x80, 0x22], 1, 4),
		([0x23, 0xE2, 0x82], 1, 2),
		([0x23, 0xF4, 0x90, 0x80, 0x80], 1, 2),
	] as [([UInt8], Int, Int)])
	func invalidUTF8IsNamedWhereItStands(bytes: [UInt8], line: Int, column: Int) {
		#expect {
			try TOMLFileFormat().decode(bytes)
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("line \(line), column \(column): the text is not UTF-8") == true
		}
	}

	/// TOML 1.0: an integer that does not fit in 64 bits is an error, in every base.
	@Test(arguments: ["n = 9223372036854775808", "n = -9_223_372_036_854_775_809", "n = 0xFFFF_FFFF_FFFF_FFFF", "n = 0o1777777777777777777777"])
	func integersBeyondSixtyFourBitsAreRefusedSayingSo(text: String) {
		#expect {
			try TOMLFileFormat().decode(Array(text.utf8))
		} throws: { error in
			(error as? FileFormatError)?.reason.contains("line 1, column 5: the integer") == true
				&& (error as? FileFormatError)?.reason.contains("TOML's integers are 64-bit") == true
		}
	}

	/// A TOML file of 100 MB is not read (the store's limit, ``FileStore/maximumFileSize``, 16 MiB),
	/// without reading it through, and saves leave it alone.
	@Test(.timeLimit(.minutes(1))) func aHundredMegabyteFileIsRefusedQuicklyThroughAFileStore() throws {
		let url = Isolated.fileURL("huge.toml")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
		let chunk = Data(String(repeating: "key_0000 = \"a value of some length\" # and a comment\n", count: 20_000).utf8)
		try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
		let handle = try FileHandle(forWritingTo: url)
		while try handle.offset() < 100_000_000 { try handle.write(contentsOf: chunk) }
		try handle.close()
		let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
		let clock = ContinuousClock()
		let start = clock.now
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), format: TOMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		let loadError = try #require(store.loadError)
		#expect(clock.now - start < .seconds(10), "refused without being read through")
		#expect(loadError.kind == .tooLarge)
		#expect(loadError.description.contains("more than the limit of \(FileStore.maximumFileSize) bytes"), "\(loadError)")
		#expect(store.storedValues().isEmpty)
		store.setStoredValue(1, forKey: "a")
		#expect(throws: (any Error).self) { try store.flush() }
		#expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int == size, "the file is left alone")
	}
}
