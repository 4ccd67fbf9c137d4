import Configuration
import Foundation
import SystemPackage

/// swift-configuration's JSON file provider: `FileProvider<JSONSnapshot>` read through a
/// `ConfigReader`; for changes from other processes, `ReloadingFileProvider`, which polls.
/// It only reads: the program (here, a hand writer) writes the file.
enum ConfigurationPeer: Peer {
	static let cannotWrite: String? = "read-only"
	/// Polled far more often than the provider's default (15 s), so that the row shows a latency at all.
	static let pollInterval = Duration.milliseconds(100)
	static let watching = Watching.polls(interval: pollInterval, note: "ReloadingFileProvider polling every 100 ms (its default is 15 s), watched through watchSnapshot")

	static func open(in directory: URL) async throws -> any PeerSession {
		let file = directory.appendingPathComponent("configuration/settings.json")
		try JSONDictionaryFile.write(["volume": 0, "latency": 0], to: file)
		return try await Session(file: file)
	}

	/// The provider cannot write, so another process changes the file by hand.
	static func reopen(_ location: String) async throws -> any PeerSession {
		try JSONDictionaryFile.Writer(file: URL(fileURLWithPath: location))
	}

	static func makeLargeStore(in directory: URL, keyCount: Int) async throws -> String {
		let file = directory.appendingPathComponent("configuration-large/settings.json")
		try JSONDictionaryFile.write(JSONDictionaryFile.numbered(keyCount), to: file)
		return file.path
	}

	static func coldRead(_ location: String, key: String) async throws -> Int {
		try await Session(file: URL(fileURLWithPath: location)).read(key)
	}

	static func watch(_ location: String, handler: @escaping @Sendable (Int) -> Void) async throws -> any WatchHandle {
		let provider = try await ReloadingFileProvider<JSONSnapshot>(filePath: FilePath(location), pollInterval: pollInterval)
		// Detached: neither task may wait for the main actor, which sits waiting for the writer process.
		let polling = Task.detached { try await provider.run() }
		// Snapshots, not watchInt: in 1.4.0 a reload compares watched values as strings, so a
		// watch of an Int key is never told of a change (the comparison fails the same both times).
		let reading = Task.detached {
			try await ConfigReader(provider: provider).watchSnapshot { snapshots in
				for await snapshot in snapshots {
					handler(snapshot.int(forKey: "latency", default: 0))
				}
			}
		}
		return Watch(tasks: [polling, reading])
	}

	/// A reader over one file provider.
	final class Session: PeerSession {
		private let reader: ConfigReader
		let location: String

		/// Reads `file` once, as `FileProvider` does.
		init(file: URL) async throws {
			reader = ConfigReader(provider: try await FileProvider<JSONSnapshot>(filePath: FilePath(file.path)))
			location = file.path
		}

		func read(_ name: String) throws -> Int {
			guard let value = reader.int(forKey: ConfigKey(name)) else { throw PeerError.wrongResult("the provider has no \(name)") }
			return value
		}

		func write(_ value: Int, to name: String) throws {
			throw PeerError.unsupported("read-only")
		}

		func setting(_ name: String) throws -> Setting {
			let key = ConfigKey(name)
			let reader = reader
			return Setting(
				read: {
					guard let value = reader.int(forKey: key) else { throw PeerError.wrongResult("the provider has no \(name)") }
					return value
				},
				write: { _ in throw PeerError.unsupported("read-only") }
			)
		}

		func makeDurable() throws {
			throw PeerError.unsupported("read-only")
		}
	}

	/// The polling and the watching task, cancelled together.
	final class Watch: WatchHandle {
		private let tasks: [Task<Void, any Error>]

		/// Takes over `tasks`.
		init(tasks: [Task<Void, any Error>]) {
			self.tasks = tasks
		}

		func stop() {
			for task in tasks { task.cancel() }
		}
	}
}
