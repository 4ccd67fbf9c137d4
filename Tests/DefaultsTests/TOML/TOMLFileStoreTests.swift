@testable import Defaults
import DefaultsTOML
import Foundation
import Testing

/// A file store keeping its values in a TOML file that a person wrote.
@Suite struct TOMLFileStoreTests {
	private func openStarshipFile() throws -> FileStore {
		let url = Isolated.fileURL("starship.toml")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(TOMLSamples.starship.utf8).write(to: url)
		return FileStore(url: url, fileSystem: SystemFileSystem(), format: TOMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
	}

	@Test func aSaveChangesAValueInPlaceKeepingEveryComment() throws {
		let store = try openStarshipFile()
		#expect(store.storedValues()["command_timeout"] == .integer(1000))
		store.setStoredValue(2000, forKey: "command_timeout")
		try store.flush()
		let once = TOMLSamples.starship.replacingOccurrences(of: "command_timeout = 1_000", with: "command_timeout = 2000")
		#expect(try String(contentsOf: store.url, encoding: .utf8) == once)

		// The next save edits the document of the file the last one wrote.
		store.setStoredValue(false, forKey: "add_newline")
		try store.flush()
		#expect(try String(contentsOf: store.url, encoding: .utf8) == once.replacingOccurrences(of: "add_newline = true", with: "add_newline = false"))
	}

	@Test func aKeyAddedAndOneRemovedInPlace() throws {
		let store = try openStarshipFile()
		store.setStoredValue("dark", forKey: "palette")
		store.removeStoredValue(forKey: "command_timeout")
		try store.flush()
		let expected = TOMLSamples.starship
			.replacingOccurrences(of: "command_timeout = 1_000\n", with: "")
			.replacingOccurrences(of: "(bold green) \"\"\"\n", with: "(bold green) \"\"\"\npalette = \"dark\"\n")
		#expect(try String(contentsOf: store.url, encoding: .utf8) == expected)
	}

	@Test func aChangeItCannotMakeInPlaceLeavesTheFileAsItIs() throws {
		let store = try openStarshipFile()
		store.removeStoredValue(forKey: "package")
		#expect(throws: (any Error).self) { try store.flush() }
		#expect(try String(contentsOf: store.url, encoding: .utf8) == TOMLSamples.starship)
		#expect(store.storedValues()["package"] == nil, "the change is kept in memory")
	}
}
