import Foundation
import GRDB

/// SQLite through GRDB: a `DatabasePool` (WAL mode) with a key/value table, one transaction per
/// write, statements prepared once and cached (as GRDB's `cachedStatement` offers).
enum SQLitePeer: Peer {
	static let cannotWrite: String? = nil
	static let watching = Watching.unsupported(reason: "GRDB's ValueObservation sees only writes made through its own connection")

	static func open(in directory: URL) async throws -> any PeerSession {
		let session = try Session(path: directory.appendingPathComponent("sqlite/settings.sqlite").path)
		try session.write(0, to: "volume")
		return session
	}

	static func reopen(_ location: String) async throws -> any PeerSession {
		try Session(path: location)
	}

	static func makeLargeStore(in directory: URL, keyCount: Int) async throws -> String {
		let session = try Session(path: directory.appendingPathComponent("sqlite-large/settings.sqlite").path)
		try await session.pool.write { db in
			let statement = try db.makeStatement(sql: Session.upsert)
			for index in 0..<keyCount {
				try statement.execute(arguments: ["key\(index)", index])
			}
		}
		return session.location
	}

	static func coldRead(_ location: String, key: String) async throws -> Int {
		try Session(path: location, creating: false).read(key)
	}

	static func watch(_ location: String, handler: @escaping @Sendable (Int) -> Void) async throws -> any WatchHandle {
		throw PeerError.unsupported("no cross-process observation")
	}

	/// What SQLite's `synchronous` level `level` means for a commit in WAL mode.
	static func describe(synchronous level: Int) -> String {
		switch level {
		case 0: "PRAGMA synchronous = OFF: nothing is synced."
		case 1: "PRAGMA synchronous = NORMAL (GRDB's choice in WAL mode): a commit is in the WAL file at once and survives the program's crash, but is synced only at checkpoints, so the burst ends with a full checkpoint."
		default: "PRAGMA synchronous = \(level) (FULL or EXTRA): each commit is synced."
		}
	}

	/// A database pool on one file, with the `settings` table.
	final class Session: PeerSession {
		/// Sets one key's value, inserting the row when there is none.
		static let upsert = "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"

		/// The WAL-mode connection pool.
		let pool: DatabasePool
		/// The database file.
		let location: String

		/// Opens the database at `path`; with `creating`, makes its directory and table first.
		init(path: String, creating: Bool = true) throws {
			if creating {
				try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
			}
			pool = try DatabasePool(path: path)
			location = path
			if creating {
				try pool.write { db in
					try db.execute(sql: "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL)")
				}
			}
		}

		func read(_ name: String) throws -> Int {
			let value = try pool.read { db in
				try Int.fetchOne(db.cachedStatement(sql: "SELECT value FROM settings WHERE key = ?"), arguments: [name])
			}
			guard let value else { throw PeerError.wrongResult("the database has no \(name)") }
			return value
		}

		/// One transaction; see ``SQLitePeer/describe(synchronous:)`` for when it reaches the disk.
		func write(_ value: Int, to name: String) throws {
			try pool.write { db in
				try db.cachedStatement(sql: Session.upsert).execute(arguments: [name, value])
			}
		}

		/// Syncs what the commits left in the WAL file: a full checkpoint (with `synchronous = NORMAL`,
		/// commits are synced only at checkpoints).
		func makeDurable() throws {
			try pool.writeWithoutTransaction { db in
				_ = try db.checkpoint(.full)
			}
		}

		/// SQLite's `synchronous` setting on the writer connection (0 off, 1 normal, 2 full, 3 extra).
		func synchronousLevel() throws -> Int {
			try pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
		}
	}
}
