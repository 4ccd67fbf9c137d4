import Foundation

/// The rows measured inside this process: reading an Int, writing one, and a burst of writes until on disk.
struct InProcessRows {
	/// Reading the Int setting.
	var read = Row("Read one Int")
	/// Writing it.
	var write = Row("Write one Int")
	/// Writing it many times, then making it durable.
	var burst: Row
	/// How long the measurements run.
	let effort: Effort

	/// Empty rows for `effort`.
	private init(effort: Effort) {
		self.effort = effort
		burst = Row("Burst of \(effort.burstWrites.formatted()) writes, then on disk")
	}

	/// Measures every peer, one after the other, each on a store of its own in `directory`.
	static func measure(_ effort: Effort, in directory: URL) async -> [Row] {
		var rows = InProcessRows(effort: effort)
		for kind in PeerKind.allCases {
			progress("\(kind.title): reads, writes and bursts")
			do {
				let session = try await kind.peer.open(in: directory)
				try await rows.measure(kind, session)
			} catch {
				// Opening failed: nothing of this peer could be measured.
				for row in [\InProcessRows.read, \.write, \.burst] where rows[keyPath: row].cells[kind] == nil {
					rows[keyPath: row].cells[kind] = Cell(error)
				}
			}
		}
		rows.write.notes.append("Write one Int: the call a program makes so that the change is saved with no further call. The file store and UserDefaults change memory and save later; the Codable struct is encoded and its file replaced (Foundation's atomic write syncs the new file before renaming it, so each write waits for the disk); SQLite commits a transaction.")
		rows.burst.notes.append("Burst: the same writes back to back, then flush() (file store: one coalesced save, synced), synchronize() (UserDefaults: rewrites its property list in place and syncs it) or a full checkpoint (SQLite); a fresh process then checks that it reads the last value.")
		return [rows.read, rows.write, rows.burst]
	}

	/// Fills the three rows' cells of `kind`, measured on `session`.
	private mutating func measure(_ kind: PeerKind, _ session: any PeerSession) async throws {
		let volume = try session.setting("volume")
		let effort = effort
		await read.record(kind) {
			try Stopwatch.perCall(effort) { Sink.keep(try volume.read()) }
		}
		if let reason = kind.peer.cannotWrite {
			write.cells[kind] = .unsupported(reason)
			burst.cells[kind] = .unsupported(reason)
			return
		}
		var value = 0
		await write.record(kind) {
			let time = try Stopwatch.perCall(effort) {
				value += 1
				try volume.write(value)
			}
			try session.makeDurable()
			return time
		}
		await burst.record(kind) {
			let time = try Stopwatch.perRun(effort.bursts) {
				for _ in 0..<effort.burstWrites {
					value += 1
					try volume.write(value)
				}
				try session.makeDurable()
			}
			// A burst that did not reach the file would be fast and wrong: a fresh process checks.
			let stored = try ChildProcess.run(["read", kind.rawValue, session.location, "volume"])
			guard stored == value else { throw PeerError.wrongResult("a fresh process read \(stored), not the last write \(value)") }
			return time
		}
		if let sqlite = session as? SQLitePeer.Session, let level = try? sqlite.synchronousLevel() {
			burst.notes.append("SQLite (GRDB, WAL): one transaction per write; " + SQLitePeer.describe(synchronous: level))
		}
	}

	/// Tells the person waiting what is being measured (on standard error, so the table stays clean).
	static func progress(_ message: String) {
		FileHandle.standardError.write(Data("defaults-peers: \(message)\n".utf8))
	}
}
