import Foundation

/// Foundation's `UserDefaults`, in a suite of its own (a property list under `XDG_CONFIG_HOME`).
enum UserDefaultsPeer: Peer {
	static let cannotWrite: String? = nil
	static let watching = Watching.unsupported(reason: "Foundation on Linux does not notice other processes' changes")

	static func open(in directory: URL) async throws -> any PeerSession {
		try Session(suiteName: "defaults-peers-\(getpid())")
	}

	static func reopen(_ location: String) async throws -> any PeerSession {
		try Session(suiteName: location)
	}

	static func makeLargeStore(in directory: URL, keyCount: Int) async throws -> String {
		let session = try Session(suiteName: "defaults-peers-large-\(getpid())")
		for index in 0..<keyCount {
			try session.write(index, to: "key\(index)")
		}
		try session.makeDurable()
		return session.location
	}

	static func coldRead(_ location: String, key: String) async throws -> Int {
		let suite = try Session.suite(named: location)
		guard suite.object(forKey: key) != nil else { throw PeerError.wrongResult("UserDefaults has no \(key) in suite \(location)") }
		return suite.integer(forKey: key)
	}

	static func watch(_ location: String, handler: @escaping @Sendable (Int) -> Void) async throws -> any WatchHandle {
		throw PeerError.unsupported("Foundation on Linux does not notice other processes' changes")
	}

	/// A suite, written with `set(_:forKey:)` and saved with `synchronize()`.
	final class Session: PeerSession {
		/// The suite.
		let suite: UserDefaults
		/// The suite's name.
		let location: String

		/// Opens the suite called `suiteName`.
		init(suiteName: String) throws {
			suite = try Session.suite(named: suiteName)
			location = suiteName
		}

		/// The suite called `name`; throws if Foundation refuses the name.
		static func suite(named name: String) throws -> UserDefaults {
			guard let suite = UserDefaults(suiteName: name) else {
				throw PeerError.wrongResult("UserDefaults refused the suite name \(name)")
			}
			return suite
		}

		func read(_ name: String) throws -> Int {
			suite.integer(forKey: name)
		}

		func write(_ value: Int, to name: String) throws {
			suite.set(value, forKey: name)
		}

		func makeDurable() throws {
			guard suite.synchronize() else { throw PeerError.wrongResult("UserDefaults.synchronize() failed") }
		}
	}
}
