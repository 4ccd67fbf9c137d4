@testable import Defaults
import DefaultsYAML
import Foundation
import Testing

/// A file store keeping an app's settings in a YAML file: written anew in YAML, a person's
/// comments kept through every save, another process's changes merged, outside changes observed.
@Suite(.timeLimit(.minutes(1))) struct YAMLFileStoreTests {
	static let commented = """
	# My app's settings — edit freely, comments stay.
	theme: dark   # or light
	fontSize: 14

	# Shortcuts
	keys:
	  save: ctrl+s
	  quit: 'ctrl+q'

	"""

	private func write(_ text: String) throws -> URL {
		let url = Isolated.fileURL("settings.yaml")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(text.utf8).write(to: url)
		return url
	}

	private func text(_ url: URL) throws -> String {
		try String(contentsOf: url, encoding: .utf8)
	}

	@Test func anAppsOwnFileIsWrittenInYAMLAndReadBack() throws {
		let url = Isolated.fileURL("settings.yaml")
		// Saved only by `flush`, so that the three values are written at once.
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), format: YAMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue("dark", forKey: "theme")
		store.setStoredValue(["save": "ctrl+s"], forKey: "keys")
		store.setStoredValue(.double(.infinity), forKey: "limit")
		try store.flush()
		let written = try text(url)
		#expect(written == "keys:\n  save: ctrl+s\nlimit: .inf\ntheme: dark\n", "\(written.debugDescription)")
		#expect(FileStore(url: url, format: YAMLFileFormat()).storedValues() == ["theme": "dark", "keys": ["save": "ctrl+s"], "limit": .double(.infinity)])
	}

	@Test func aPersonsCommentsSurviveEverySave() throws {
		let url = try write(Self.commented)
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), format: YAMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		#expect(store.storedValues()["fontSize"] == 14)
		store.setStoredValue(16, forKey: "fontSize")
		try store.flush()
		let once = Self.commented.replacingOccurrences(of: "fontSize: 14", with: "fontSize: 16")
		#expect(try text(url) == once)
		store.setStoredValue("light", forKey: "theme")
		store.setStoredValue(["save": "ctrl+s", "quit": "ctrl+w", "open": "ctrl+o"], forKey: "keys")
		try store.flush()
		let twice = once.replacingOccurrences(of: "theme: dark", with: "theme: light")
			.replacingOccurrences(of: "quit: 'ctrl+q'\n", with: "quit: 'ctrl+w'\n  open: ctrl+o\n")
		#expect(try text(url) == twice)
	}

	@Test func anotherProcessesChangeIsMergedKeepingComments() throws {
		let url = try write(Self.commented)
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), format: YAMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(12, forKey: "fontSize")
		try store.flush()
		#expect(try StoreHelper.run(["set", url.path, "language", #""fr""#]) == 0)
		store.setStoredValue("light", forKey: "theme")
		try store.flush()
		let expected = Self.commented.replacingOccurrences(of: "fontSize: 14", with: "fontSize: 12")
			.replacingOccurrences(of: "theme: dark", with: "theme: light")
			.replacingOccurrences(of: "  quit: 'ctrl+q'\n", with: "  quit: 'ctrl+q'\nlanguage: fr\n")
		#expect(try text(url) == expected)
		#expect(store.storedValues()["language"] == "fr")
	}

	@Test func anOutsideChangeIsObserved() async throws {
		let url = try write(Self.commented)
		let store = FileStore(url: url, format: YAMLFileFormat())
		let key = Defaults.Key<String>("theme", default: "none", suite: store)
		#expect(Defaults[key] == "dark")
		let (stream, continuation) = AsyncStream<Defaults.KeyChange<String>>.makeStream()
		let observation = Defaults.observe(key, options: []) { continuation.yield($0) }
		try Data(Self.commented.replacingOccurrences(of: "theme: dark", with: "theme: solarized").utf8).write(to: url)
		var iterator = stream.makeAsyncIterator()
		#expect(await iterator.next() == Defaults.KeyChange(oldValue: "dark", newValue: "solarized"))
		_ = observation
	}

	@Test func aChangeItCannotMakeSafelyLeavesTheFileAsItIs() throws {
		let text = "base: &b\n  retries: 3\nservice:\n  <<: *b\n  name: web\n"
		let url = try write(text)
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), format: YAMLFileFormat(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(["retries": 5, "name": "web"], forKey: "service")
		#expect(throws: (any Error).self) { try store.flush() }
		#expect(try self.text(url) == text)
		#expect(store.storedValues()["service"] == ["retries": 5, "name": "web"], "the change is kept in memory")
	}
}
