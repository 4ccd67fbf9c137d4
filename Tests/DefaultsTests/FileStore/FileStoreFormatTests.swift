@testable import Defaults
import Foundation
import Testing

@Suite("File store: format and location")
struct FileStoreFormatTests {
	@Test func theFileIsPrettyPrintedJSONWithSortedKeys() throws {
		let store = Isolated.fileStore()
		let user = Defaults.Key<[String: String]>("user", default: [:], suite: store)
		let quality = Defaults.Key<Double>("quality", default: 0.8, suite: store)
		let tags = Defaults.Key<Set<String>>("tags", default: [], suite: store)
		Defaults[user] = ["name": "Hello", "age": "24"]
		Defaults[quality] = 0.5
		Defaults[tags] = ["b", "a"]
		try store.flush()
		let text = try String(contentsOf: store.url, encoding: .utf8)
		#expect(text == """
		{
		  "quality": 0.5,
		  "tags": [
		    "a",
		    "b"
		  ],
		  "user": {
		    "age": "24",
		    "name": "Hello"
		  }
		}

		""")
	}

	@Test func aHandEditedFileIsRead() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try #"{"volume": 7, "name": "edited by hand"}"#.write(to: url, atomically: false, encoding: .utf8)
		let store = FileStore(url: url)
		#expect(Defaults[Defaults.Key<Int>("volume", default: 0, suite: store)] == 7)
		#expect(Defaults[Defaults.Key<String>("name", default: "", suite: store)] == "edited by hand")
	}

	@Test func anEmptyFileIsAnEmptyStore() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("  \n".utf8).write(to: url)
		let problems = try collectProblems {
			let store = FileStore(url: url)
			#expect(store.storedValues().isEmpty)
			store.setStoredValue(1, forKey: "a")
			try store.flush()
		}
		#expect(problems.isEmpty)
		#expect(FileStore(url: url).storedValues() == ["a": 1])
	}

	@Test func directoriesAre0700AndFilesAre0600() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		store.setStoredValue(true, forKey: "flag")
		try store.flush()
		let fileMode = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
		let directoryMode = try #require(try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)[.posixPermissions] as? Int)
		#expect(fileMode == 0o600)
		#expect(directoryMode == 0o700)
	}

	@Test func aSymbolicLinkIsWrittenThroughNotReplaced() throws {
		let real = Isolated.fileURL("real.json")
		let link = Isolated.fileURL("settings.json")
		for url in [real, link] {
			try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		}
		try Data("{}".utf8).write(to: real)
		try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
		let store = FileStore(url: link)
		store.setStoredValue("through the link", forKey: "k")
		try store.flush()
		let linkTarget = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
		#expect(linkTarget == real.path, "the link is still a link")
		#expect(FileStore(url: real).storedValues() == ["k": "through the link"])
	}

	@Test func theStandardLocationFollowsXDG() {
		let withXDG = XDGDirectories.configHome(in: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/me"])
		#expect(withXDG.path == "/xdg")
		let withoutXDG = XDGDirectories.configHome(in: ["HOME": "/home/me"])
		#expect(withoutXDG.path == "/home/me/.config")
		let relativeXDG = XDGDirectories.configHome(in: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/me"])
		#expect(relativeXDG.path == "/home/me/.config", "a relative XDG_CONFIG_HOME is ignored, as the spec says")
	}

	@Test func theStandardStoreLivesInTheApplicationsFolder() {
		let url = FileStore.standardURL(applicationName: "com.example.app")
		#expect(url.lastPathComponent == "settings.json")
		#expect(url.deletingLastPathComponent().lastPathComponent == "com.example.app")
		#expect(FileStore.standardURL(applicationName: "a/b").deletingLastPathComponent().lastPathComponent == "a_b")
		// Every slash is replaced, one beside a combining mark too; a name that is no folder is "defaults".
		for (name, folder) in [("//a/", "__a_"), ("e\u{301}/\u{301}x", "e\u{301}_\u{301}x"), (".", "defaults"), ("..", "defaults"), ("", "defaults"), ("é", "é")] {
			#expect(FileStore.standardURL(applicationName: name).deletingLastPathComponent().lastPathComponent == folder, "\(name)")
		}
		#expect(url.path.hasPrefix(isolatedConfigDirectoryPath), "tests never touch the real home")
	}

	@Test func keysWithoutASuiteUseTheStandardFileStore() {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0)
		#expect(key.suite === LayeredStore.standard, "the standard file under the program's system-wide layers")
		#expect(LayeredStore.standard.user === FileStore.standard)
		#expect(FileStore.standard.url.path.hasPrefix(isolatedConfigDirectoryPath))
	}

	private var isolatedConfigDirectoryPath: String { Isolated.fileURL().deletingLastPathComponent().deletingLastPathComponent().path }
}
