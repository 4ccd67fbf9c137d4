import Defaults
import Foundation

/// The project's file store: one JSON file, keys read through `Defaults[key]`.
enum FileStorePeer: Peer {
	static let cannotWrite: String? = nil
	static let watching = Watching.notified

	static func open(in directory: URL) async throws -> any PeerSession {
		Session(file: directory.appendingPathComponent("file-store/settings.json"))
	}

	static func reopen(_ location: String) async throws -> any PeerSession {
		Session(file: URL(fileURLWithPath: location))
	}

	static func makeLargeStore(in directory: URL, keyCount: Int) async throws -> String {
		let session = Session(file: directory.appendingPathComponent("file-store-large/settings.json"))
		for index in 0..<keyCount {
			try session.write(index, to: "key\(index)")
		}
		try session.makeDurable()
		return session.location
	}

	static func coldRead(_ location: String, key: String) async throws -> Int {
		let store = FileStore(url: URL(fileURLWithPath: location))
		return Defaults[Defaults.Key<Int>(key, default: -1, suite: store)]
	}

	static func watch(_ location: String, handler: @escaping @Sendable (Int) -> Void) async throws -> any WatchHandle {
		let store = FileStore(url: URL(fileURLWithPath: location))
		let key = Defaults.Key<Int>("latency", default: 0, suite: store)
		// Changes from other processes reach observers on a background thread, from inotify.
		let observation = Defaults.observe(key, options: []) { change in handler(change.newValue) }
		return Watch(store: store, observation: observation)
	}

	/// A file store and the keys used so far, so that each name's key is made once.
	final class Session: PeerSession {
		/// The store the keys live in.
		let store: FileStore
		private var keys: [String: Defaults.Key<Int>] = [:]

		/// Opens the file store kept in `file`.
		init(file: URL) {
			store = FileStore(url: file)
		}

		var location: String { store.url.path }

		func read(_ name: String) throws -> Int {
			Defaults[key(name)]
		}

		func write(_ value: Int, to name: String) throws {
			// Saved on its own right after (writes within 20 ms of a save are gathered into the next).
			Defaults[key(name)] = value
		}

		func makeDurable() throws {
			try store.flush()
		}

		func setting(_ name: String) throws -> Setting {
			let key = key(name)
			return Setting(read: { Defaults[key] }, write: { Defaults[key] = $0 })
		}

		private func key(_ name: String) -> Defaults.Key<Int> {
			if let key = keys[name] { return key }
			let key = Defaults.Key<Int>(name, default: 0, suite: store)
			keys[name] = key
			return key
		}
	}

	/// Keeps the store and its observation alive until stopped.
	final class Watch: WatchHandle {
		private var store: FileStore?
		private var observation: Defaults.Observation?

		/// Keeps `store` and `observation` until ``stop()``.
		init(store: FileStore, observation: Defaults.Observation) {
			self.store = store
			self.observation = observation
		}

		func stop() {
			observation?.invalidate()
			observation = nil
			store = nil
		}
	}
}
