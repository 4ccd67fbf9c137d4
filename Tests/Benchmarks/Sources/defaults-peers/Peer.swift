import Foundation

/// The ways of keeping settings that the benchmark puts side by side, in the table's order.
enum PeerKind: String, CaseIterable, Sendable {
	case fileStore = "file-store"
	case userDefaults = "user-defaults"
	case codableFile = "codable-file"
	case sqlite
	case configuration

	/// The column title.
	var title: String {
		switch self {
		case .fileStore: "File store (ours)"
		case .userDefaults: "UserDefaults"
		case .codableFile: "Codable + JSON file"
		case .sqlite: "SQLite (GRDB, WAL)"
		case .configuration: "swift-configuration"
		}
	}

	/// The implementation behind this column.
	var peer: any Peer.Type {
		switch self {
		case .fileStore: FileStorePeer.self
		case .userDefaults: UserDefaultsPeer.self
		case .codableFile: CodableFilePeer.self
		case .sqlite: SQLitePeer.self
		case .configuration: ConfigurationPeer.self
		}
	}
}

/// One way of keeping settings: how the benchmark opens it, fills it and watches it.
///
/// A location is whatever names the store to a fresh process: a file path, or a
/// `UserDefaults` suite name.
protocol Peer {
	/// Why this peer cannot be written to, or `nil` when it can.
	static var cannotWrite: String? { get }

	/// Opens a store at a new location in `directory`, holding the Int setting `volume`.
	static func open(in directory: URL) async throws -> any PeerSession

	/// Opens the store at `location` again (in a child process: to read back or to write changes).
	static func reopen(_ location: String) async throws -> any PeerSession

	/// Makes a store of `keyCount` Int keys `key0...` (each holding its index) and returns its location.
	static func makeLargeStore(in directory: URL, keyCount: Int) async throws -> String

	/// Opens the store at `location` in this fresh process and reads the Int `key`.
	static func coldRead(_ location: String, key: String) async throws -> Int

	/// How this peer learns of changes that another process makes.
	static var watching: Watching { get }

	/**
	Calls `handler` with each new value of the Int setting `latency` at `location` that another
	process writes. Throws ``PeerError/unsupported(_:)`` when ``watching`` is `.unsupported`.
	*/
	static func watch(_ location: String, handler: @escaping @Sendable (Int) -> Void) async throws -> any WatchHandle
}

/// A store open in this process, as the in-process rows and the writer child use it.
protocol PeerSession: AnyObject {
	/// Where the store is, for ``Peer/reopen(_:)`` in another process.
	var location: String { get }
	/// Reads the Int setting `name`.
	func read(_ name: String) throws -> Int
	/// Changes the Int setting `name` so that it is saved without further calls from the program.
	func write(_ value: Int, to name: String) throws
	/// Returns once every change made so far is on disk.
	func makeDurable() throws
	/// The setting `name` resolved once (its key made, its field found), for the timed loops.
	func setting(_ name: String) throws -> Setting
}

extension PeerSession {
	/// By name at each call, for peers with nothing to resolve ahead.
	func setting(_ name: String) throws -> Setting {
		Setting(read: { try self.read(name) }, write: { try self.write($0, to: name) })
	}
}

/// One Int setting of a store, read and written the way a program using that store would.
struct Setting {
	/// Reads the setting.
	let read: () throws -> Int
	/// Changes the setting (to be saved without further calls).
	let write: (Int) throws -> Void
}

/// How a peer learns of changes made by another process.
enum Watching: Sendable {
	/// It is told at once (inotify and the like).
	case notified
	/// It looks again every `interval`.
	case polls(interval: Duration, note: String)
	/// It does not notice them; `reason` says why.
	case unsupported(reason: String)
}

/// An active watch; ``stop()`` ends it.
protocol WatchHandle: AnyObject {
	/// Stops watching.
	func stop()
}

/// Why a peer could not do what a row asked.
enum PeerError: Error, CustomStringConvertible {
	/// The peer cannot do this at all.
	case unsupported(String)
	/// The peer did it, but the result was wrong.
	case wrongResult(String)

	/// The reason, as the table's notes show it.
	var description: String {
		switch self {
		case .unsupported(let reason): "not supported (\(reason))"
		case .wrongResult(let message): message
		}
	}
}
