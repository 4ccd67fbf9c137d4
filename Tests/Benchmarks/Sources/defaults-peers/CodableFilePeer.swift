import Foundation
import Synchronization

/// What most programs do by hand: a `Codable` struct behind a lock, saved whole with
/// `JSONEncoder` and `Data.write(to:options: .atomic)` after each change.
enum CodableFilePeer: Peer {
	static let cannotWrite: String? = nil
	static let watching = Watching.unsupported(reason: "a program saving a struct by hand has no watcher unless it writes one")

	static func open(in directory: URL) async throws -> any PeerSession {
		let file = directory.appendingPathComponent("codable-file/settings.json")
		try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
		return try Session(file: file, settings: Settings())
	}

	static func reopen(_ location: String) async throws -> any PeerSession {
		let file = URL(fileURLWithPath: location)
		return try Session(file: file, settings: JSONDecoder().decode(Settings.self, from: Data(contentsOf: file)))
	}

	/// A struct of 10,000 fields is not written by hand: the large store is a `[String: Int]`.
	static func makeLargeStore(in directory: URL, keyCount: Int) async throws -> String {
		let file = directory.appendingPathComponent("codable-file-large/settings.json")
		try JSONDictionaryFile.write(JSONDictionaryFile.numbered(keyCount), to: file)
		return file.path
	}

	static func coldRead(_ location: String, key: String) async throws -> Int {
		let values = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: URL(fileURLWithPath: location)))
		guard let value = values[key] else { throw PeerError.wrongResult("the decoded file has no \(key)") }
		return value
	}

	static func watch(_ location: String, handler: @escaping @Sendable (Int) -> Void) async throws -> any WatchHandle {
		throw PeerError.unsupported("no watcher")
	}

	/// A settings struct such as programs declare: a few fields of common types.
	struct Settings: Codable, Sendable {
		var volume = 0
		var latency = 0
		var theme = "light"
		var fontSize = 13.0
		var launchAtLogin = false

		/// The Int field called `name`.
		static func field(_ name: String) throws -> WritableKeyPath<Settings, Int> {
			switch name {
			case "volume": \.volume
			case "latency": \.latency
			default: throw PeerError.wrongResult("the settings struct has no Int field \(name)")
			}
		}
	}

	/// The struct in memory, saved to its file after every change.
	final class Session: PeerSession {
		private let file: URL
		private let settings: Mutex<Settings>

		/// Holds `settings` and saves them to `file` at once.
		init(file: URL, settings: Settings) throws {
			self.file = file
			self.settings = Mutex(settings)
			try self.settings.withLock { try JSONEncoder().encode($0).write(to: file, options: .atomic) }
		}

		var location: String { file.path }

		func read(_ name: String) throws -> Int {
			let field = try Settings.field(name)
			return settings.withLock { $0[keyPath: field] }
		}

		func write(_ value: Int, to name: String) throws {
			let field = try Settings.field(name)
			let file = file
			try settings.withLock { settings in
				settings[keyPath: field] = value
				try JSONEncoder().encode(settings).write(to: file, options: .atomic)
			}
		}

		/// Every write already replaced the file.
		func makeDurable() throws {}

		func setting(_ name: String) throws -> Setting {
			let field = try Settings.field(name)
			// As a program reads its struct: the field itself, not a key path.
			let read: () throws -> Int = field == \.volume
				? { self.settings.withLock { $0.volume } }
				: { self.settings.withLock { $0.latency } }
			return Setting(read: read, write: { try self.write($0, to: name) })
		}
	}
}

/// A flat JSON object of Int values written whole and atomically, as programs write files by hand.
enum JSONDictionaryFile {
	/// `["key0": 0, "key1": 1, ...]`.
	static func numbered(_ count: Int) -> [String: Int] {
		Dictionary(uniqueKeysWithValues: (0..<count).map { ("key\($0)", $0) })
	}

	/// Encodes `values` with `JSONEncoder` and replaces `file` with them (`.atomic`), creating its directory.
	static func write(_ values: [String: Int], to file: URL) throws {
		try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
		try JSONEncoder().encode(values).write(to: file, options: .atomic)
	}

	/// Writes a file of Int values by hand; for peers that only read their file.
	final class Writer: PeerSession {
		private let file: URL
		private var values: [String: Int]

		/// Starts from what `file` holds, or from nothing.
		init(file: URL) throws {
			self.file = file
			values = (try? JSONDecoder().decode([String: Int].self, from: Data(contentsOf: file))) ?? [:]
		}

		var location: String { file.path }

		func read(_ name: String) throws -> Int {
			guard let value = values[name] else { throw PeerError.wrongResult("the file has no \(name)") }
			return value
		}

		func write(_ value: Int, to name: String) throws {
			values[name] = value
			try JSONDictionaryFile.write(values, to: file)
		}

		/// Every write already replaced the file.
		func makeDurable() throws {}
	}
}
