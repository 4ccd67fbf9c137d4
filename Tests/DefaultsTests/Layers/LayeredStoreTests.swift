import ChildProcess
@testable import Defaults
import Foundation
import Testing

/// A program's layers in a directory of their own: a user file, two system directories
/// (as `$XDG_CONFIG_DIRS` would list them) and their locks files.
struct LayerFixture {
	let root: URL
	let userURL: URL
	let systemDirectories: [URL]

	init(program: String = "app") throws {
		root = Isolated.fileURL().deletingLastPathComponent()
		userURL = root.appendingPathComponent("home/\(program)/settings.json")
		systemDirectories = [root.appendingPathComponent("etc1/\(program)"), root.appendingPathComponent("etc2/\(program)")]
		for directory in systemDirectories + [userURL.deletingLastPathComponent()] {
			try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		}
	}

	/// `XDG_CONFIG_DIRS` for the two system directories.
	var environment: [String: String] {
		["XDG_CONFIG_DIRS": systemDirectories.map { $0.deletingLastPathComponent().path }.joined(separator: ":")]
	}

	func system(_ index: Int) -> URL { systemDirectories[index].appendingPathComponent("settings.json") }
	func locks(_ index: Int) -> URL { systemDirectories[index].appendingPathComponent("locks") }

	func write(_ text: String, to url: URL) throws {
		let temporary = url.deletingLastPathComponent().appendingPathComponent(".tmp-\(UUID().uuidString)")
		try Data(text.utf8).write(to: temporary)
		guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
	}

	func open(arguments: [String: Defaults.JSONValue] = [:], watching: Bool = true) -> LayeredStore {
		LayeredStore(program: "app", user: FileStore(url: userURL), arguments: arguments, watching: watching, environment: environment)
	}
}

@Suite("Settings in layers")
struct LayeredStoreTests {
	@Test("each layer wins over the ones below it: locks, command line, user, the first system file, the second, the default")
	func precedence() throws {
		let fixture = try LayerFixture()
		try fixture.write(#"{"a": 2, "b": 2, "c": 2, "d": 2, "e": 2}"#, to: fixture.system(1))
		try fixture.write(#"{"a": 1, "b": 1, "c": 1, "d": 1}"#, to: fixture.system(0))
		try fixture.write(#"{"a": 3, "b": 3, "c": 3}"#, to: fixture.userURL)
		try fixture.write("a\n", to: fixture.locks(1))
		let store = fixture.open(arguments: ["a": 4, "b": 4])
		let keys = ["a", "b", "c", "d", "e", "f"].map { Defaults.Key<Int>($0, default: 0, suite: store) }
		#expect(keys.map { Defaults[$0] } == [1, 4, 3, 1, 2, 0])
		#expect(keys.map { Defaults.origin(of: $0).layer } == [.system, .commandLine, .user, .system, .system, .defaultValue])
		#expect(Defaults.origin(of: keys[0]).lockedBy == fixture.locks(1).path)
		#expect(Defaults.origin(of: keys[0]).location == fixture.system(0).path, "the first system file wins, also for a locked key")
		#expect(Defaults.origin(of: keys[4]).location == fixture.system(1).path)
		#expect(Defaults.isLocked(keys[0]) && !Defaults.isLocked(keys[1]))
		#expect(store.layerValues(forKey: "b").map(\.origin.layer) == [.commandLine, .user, .system, .system])
	}

	@Test("a locked key with no system value reads its default; a prefix locks every key that starts with it")
	func locksByNameAndPrefix() throws {
		let fixture = try LayerFixture()
		try fixture.write(#"{"syncEnabled": true, "syncInterval": 9, "theme": "dark"}"#, to: fixture.userURL)
		try fixture.write("# the site's policy\n  sync*   # all of sync\n\nunknownKey\n", to: fixture.locks(0))
		let store = fixture.open()
		let enabled = Defaults.Key<Bool>("syncEnabled", default: false, suite: store)
		let interval = Defaults.Key<Int>("syncInterval", default: 60, suite: store)
		let theme = Defaults.Key<String>("theme", default: "light", suite: store)
		#expect(Defaults[enabled] == false && Defaults[interval] == 60)
		#expect(Defaults[theme] == "dark", "a key the prefix does not cover is the user's")
		#expect(Defaults.origin(of: interval) == .init(layer: .defaultValue, lockedBy: fixture.locks(0).path))
	}

	@Test("a change to a locked key is refused, reported once, and writes nothing")
	func lockedWriteIsRefused() throws {
		let fixture = try LayerFixture()
		try fixture.write(#"{"volume": 5}"#, to: fixture.system(0))
		try fixture.write(#"{"other": 1}"#, to: fixture.userURL)
		try fixture.write("volume\n", to: fixture.locks(0))
		let store = fixture.open()
		let volume = Defaults.Key<Int>("volume", default: 0, suite: store)
		let problems = collectProblems {
			Defaults[volume] = 9
			Defaults[volume] = 10
			Defaults.reset(volume)
		}
		#expect(Defaults[volume] == 5)
		#expect(problems.count == 1)
		#expect(problems.first?.message.contains(fixture.locks(0).path) == true)
		try (store.user as? FileStore)?.flush()
		#expect(try String(contentsOf: fixture.userURL, encoding: .utf8) == #"{"other": 1}"#, "the user's file is untouched")
	}

	@Test("reset removes the user's value so the system value shows, also when the two are equal")
	func resetShowsTheSystemValue() throws {
		let fixture = try LayerFixture()
		try fixture.write(#"{"size": 14, "same": 1}"#, to: fixture.system(0))
		try fixture.write(#"{"size": 18, "same": 1}"#, to: fixture.userURL)
		let store = fixture.open()
		let size = Defaults.Key<Int>("size", default: 12, suite: store)
		let same = Defaults.Key<Int>("same", default: 0, suite: store)
		let seen = Locked<[Int]>([])
		let observation = Defaults.observe(size, options: []) { change in seen.withLock { $0.append(change.newValue) } }
		Defaults.reset(size, same)
		#expect(Defaults[size] == 14)
		#expect(seen.withLock { $0 } == [14], "observers hear the system value, not the declared default on the way")
		let userFile = try #require(store.user as? FileStore)
		try userFile.flush()
		#expect(userFile.storedValues().isEmpty, "both removals reached the user's file")
		#expect(try Defaults.JSONValue(parsing: String(contentsOf: fixture.userURL, encoding: .utf8)) == [:])
		_ = observation
	}

	@Test("a system value the key's type cannot read is skipped for the next layer, and reported")
	func wrongTypedSystemValue() throws {
		let fixture = try LayerFixture()
		try fixture.write(#"{"size": "big", "mode": "fast"}"#, to: fixture.system(0))
		try fixture.write(#"{"size": 16, "mode": 3}"#, to: fixture.system(1))
		let store = fixture.open()
		var size: Defaults.Key<Int>?
		let problems = collectProblems { size = Defaults.Key<Int>("size", default: 12, suite: store) }
		#expect(Defaults[try #require(size)] == 16)
		#expect(problems.contains { $0.kind == .undecodableValue && $0.message.contains(fixture.system(0).path) })
		#expect(store.storedValue(forKey: "mode") == "fast")
		store.acceptValues(forKey: "mode") { $0.doubleValue != nil }
		#expect(store.storedValue(forKey: "mode") == 3, "a check by name works for tools without keys")
	}

	@Test("a command-line value is for the run only: a write replaces it and is saved; the argument never is")
	func commandLineValues() throws {
		let fixture = try LayerFixture()
		try fixture.write(#"{"zoom": 1}"#, to: fixture.userURL)
		let store = fixture.open(arguments: LayeredStore.commandLineValues(["app", "-zoom", "2", "-title", "hello world", "--verbose", "-list", "[1,2]", "-last"]))
		#expect(store.arguments == ["zoom": 2, "title": "hello world", "list": [1, 2]])
		let zoom = Defaults.Key<Int>("zoom", default: 0, suite: store)
		#expect(Defaults[zoom] == 2)
		try (store.user as? FileStore)?.flush()
		#expect(try String(contentsOf: fixture.userURL, encoding: .utf8) == #"{"zoom": 1}"#)
		Defaults[zoom] = 5
		#expect(Defaults[zoom] == 5)
		#expect(Defaults.origin(of: zoom).layer == .user)
		try (store.user as? FileStore)?.flush()
		#expect(FileStore(url: fixture.userURL).storedValue(forKey: "zoom") == 5)
	}

	@Test("a broken system file and an unusable locks file are reported and skipped; the other layers apply")
	func badSystemFiles() throws {
		let fixture = try LayerFixture()
		try fixture.write("{ not json", to: fixture.system(0))
		try fixture.write(#"{"size": 20}"#, to: fixture.system(1))
		try FileManager.default.createDirectory(at: fixture.locks(0), withIntermediateDirectories: true)
		try fixture.write("size\n", to: fixture.locks(1))
		var store: LayeredStore?
		let problems = collectProblems { store = fixture.open() }
		let layered = try #require(store)
		#expect(layered.storedValue(forKey: "size") == 20)
		#expect(layered.origin(forKey: "size").lockedBy == fixture.locks(1).path)
		#expect(problems.contains { $0.message.contains(fixture.locks(0).path) && $0.message.contains("directory") })
		#expect(problems.contains { $0.message.contains(fixture.system(0).path) })
		#expect(layered.layerProblems.count == 2)
		#expect(try String(contentsOf: fixture.system(0), encoding: .utf8) == "{ not json", "a system file is never moved or rewritten")
	}

	@Test("a change to a system file or a locks file reaches observers while the program runs")
	func liveSystemChanges() async throws {
		let fixture = try LayerFixture()
		try FileManager.default.removeItem(at: fixture.systemDirectories[0])
		let store = fixture.open()
		let size = Defaults.Key<Int>("size", default: 12, suite: store)
		let seen = Locked<[Int]>([])
		let observation = Defaults.observe(size, options: []) { change in seen.withLock { $0.append(change.newValue) } }
		let everything = Locked(0)
		let anyKey = Defaults.observeChanges(in: store) { keys in if keys == nil { everything.withLock { $0 += 1 } } }
		Defaults[size] = 18
		try FileManager.default.createDirectory(at: fixture.systemDirectories[0], withIntermediateDirectories: true)
		try fixture.write(#"{"size": 14}"#, to: fixture.system(0))
		try fixture.write("size\n", to: fixture.locks(0))
		#expect(await eventually { Defaults[size] == 14 && Defaults.isLocked(size) }, "a directory and a lock added later take effect")
		#expect(seen.withLock { $0.last } == 14)
		#expect(await eventually { everything.withLock { $0 } > 0 }, "a lock change tells observers any key may have changed")
		try FileManager.default.removeItem(at: fixture.locks(0))
		#expect(await eventually { Defaults[size] == 18 }, "the user's value shows again once the lock is gone")
		try fixture.write(#"{"size": 15, "other": 1}"#, to: fixture.system(0))
		Defaults.reset(size)
		#expect(await eventually { Defaults[size] == 15 })
		_ = (observation, anyKey)
	}

	@Test("any store can be layered: an in-memory user store over an in-memory system store")
	func otherStores() {
		let user = InMemoryStore()
		let system = InMemoryStore()
		system.setStoredValue("dark", forKey: "theme")
		let store = LayeredStore(user: user, system: [system])
		let theme = Defaults.Key<String>("theme", default: "light", suite: store)
		#expect(Defaults[theme] == "dark")
		Defaults[theme] = "blue"
		#expect(user.storedValue(forKey: "theme") == "blue")
		#expect(system.storedValue(forKey: "theme") == "dark")
		user.removeStoredValue(forKey: "theme")
		#expect(Defaults[theme] == "dark", "a change made in a layer directly shows through")
		system.setStoredValue("green", forKey: "theme")
		#expect(Defaults[theme] == "green")
		#expect(Defaults.origin(of: theme) == .init(layer: .system, location: "InMemoryStore"))
	}

	@Test("the standard store is layered over the user's file; system directories come from XDG_CONFIG_DIRS")
	func standardStore() {
		#expect(Defaults.standardStore is LayeredStore)
		#expect(LayeredStore.standard.user === FileStore.standard)
		#expect(LayeredStore.systemDirectories(program: "x", environment: [:]).map(\.path) == ["/etc/xdg/x"])
		#expect(LayeredStore.systemDirectories(program: "x", environment: ["XDG_CONFIG_DIRS": "/a:relative:/b/::/a"]).map(\.path) == ["/a/x", "/b/x"])
	}

	@Test("removing every value keeps the system values and the locks")
	func removeAll() throws {
		let fixture = try LayerFixture()
		try fixture.write(#"{"a": 1}"#, to: fixture.system(0))
		try fixture.write(#"{"a": 2, "b": 2, "locked": 5}"#, to: fixture.userURL)
		try fixture.write("locked\n", to: fixture.locks(0))
		let store = fixture.open(arguments: ["c": 3])
		Defaults.removeAll(suite: store)
		#expect(store.storedValues() == ["a": 1])
		#expect(store.user.storedValues() == ["locked": 5], "a locked key's own value is not the user's to remove while it is locked")
	}
}
