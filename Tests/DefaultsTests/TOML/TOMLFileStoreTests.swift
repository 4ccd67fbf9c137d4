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
		let once = TOMLSamples.starship.replacingOccurrences(of: "command_timeout = 1_000", with: "command_timeout = 2_000")
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

	/// A store on `text`, written to a file of its own.
	private func openFile(_ text: String) throws -> FileStore {
		let url = Isolated.fileURL("settings.toml")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(text.utf8).write(to: url)
		return FileStore(url: url, fileSystem: SystemFileSystem(), format: TOMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
	}

	@Test func aWholeTableRemovedWithTheCommentsDescribingIt() throws {
		let store = try openStarshipFile()
		store.removeStoredValue(forKey: "package")
		try store.flush()
		let expected = TOMLSamples.starship.replacingOccurrences(
			of: "# Disable the package module, hiding it from the prompt completely\n[package]\ndisabled = true\n\n", with: ""
		)
		#expect(try String(contentsOf: store.url, encoding: .utf8) == expected)
	}

	@Test func aDateChangedThroughTheStoreStaysADate() throws {
		let store = try openFile("# when\nreleased = 1979-05-27 # first\n")
		store.setStoredValue("2024-02-29", forKey: "released")
		try store.flush()
		#expect(try String(contentsOf: store.url, encoding: .utf8) == "# when\nreleased = 2024-02-29 # first\n")
		store.setStoredValue("2024-02-30", forKey: "released")
		try store.flush()
		#expect(try String(contentsOf: store.url, encoding: .utf8) == "# when\nreleased = \"2024-02-30\" # first\n", "no such day: a string")
	}

	/// Changes that cannot be made in place: each save throws, the file keeps every byte, and the change stays in memory.
	@Test(arguments: [
		("[[bin]]\nname = 'a' # one\n", "bin", Defaults.JSONValue.array([])),
		("[[bin]]\nname = 'a' # one\n", "bin", Defaults.JSONValue.string("none")),
		("[a]\nb.c = 1\n[a.b.d]\ne = 1\n", "a", Defaults.JSONValue.object(["b": ["c": 1, "x": 2, "d": ["e": 1]]])),
	])
	func aChangeItCannotMakeInPlaceLeavesTheFileAsItIs(text: String, key: String, value: Defaults.JSONValue) throws {
		let store = try openFile(text)
		store.setStoredValue(value, forKey: key)
		#expect(throws: (any Error).self) { try store.flush() }
		#expect(try Data(contentsOf: store.url) == Data(text.utf8))
		#expect(store.storedValues()[key] == value, "the change is kept in memory")
	}

	/// Two stores on one file (as two processes): each save merges with the other's, and the
	/// person's comments survive both.
	@Test func twoStoresOnOneFileMergeTheirSavesKeepingComments() throws {
		let text = "# my settings\ntheme = \"dark\" # mine\n\n[editor]\nsize = 12\n"
		let first = try openFile(text)
		let second = FileStore(url: first.url, fileSystem: SystemFileSystem(), format: TOMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		first.setStoredValue("light", forKey: "theme")
		try first.flush()
		second.setStoredValue(["size": 14, "font": "Mono"], forKey: "editor")
		try second.flush()
		#expect(try String(contentsOf: first.url, encoding: .utf8) == "# my settings\ntheme = \"light\" # mine\n\n[editor]\nsize = 14\nfont = \"Mono\"\n")
		first.reloadAfterOutsideChange()
		#expect(first.storedValues() == ["theme": "light", "editor": ["size": 14, "font": "Mono"]])
	}

	/// A person edits the file while the app runs: the store sees the change, and the app's next
	/// save keeps the person's change and comment.
	@Test(.timeLimit(.minutes(1))) func aPersonsEditIsObservedAndSurvivesTheAppsNextSave() async throws {
		let url = Isolated.fileURL("settings.toml")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("theme = \"dark\"\n".utf8).write(to: url)
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), format: TOMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: true)
		var changes = store.observedChanges().makeAsyncIterator()
		let edited = "# chosen by hand\ntheme = \"solarized\" # for now\n"
		let replacement = url.deletingLastPathComponent().appendingPathComponent("replacement.toml")
		try Data(edited.utf8).write(to: replacement)
		#expect(rename(replacement.path, url.path) == 0)
		#expect(await changes.next() == ["theme"])
		#expect(store.storedValue(forKey: "theme") == "solarized")
		store.setStoredValue(13, forKey: "size")
		try store.flush()
		#expect(try String(contentsOf: url, encoding: .utf8) == edited + "size = 13\n")
	}
}
