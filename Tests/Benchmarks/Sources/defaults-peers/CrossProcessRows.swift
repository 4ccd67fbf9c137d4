import Foundation
import Synchronization

/// How soon a change that one process makes is seen by another: p50 and p99.
enum CrossProcessRows {
	/// Milliseconds between the writer's changes: longer than any peer's poll interval, so each change can be seen.
	static let writerInterval = 150
	/// Changes seen first and left out of the percentiles.
	static let warmUpChanges = 3

	/// For each peer that notices outside changes, this process watches while a child writes
	/// `effort.changes` timestamps (each made durable); a change's latency is the monotonic
	/// clock when it is seen minus the timestamp it carries.
	static func measure(_ effort: Effort, in directory: URL) async -> [Row] {
		var p50 = Row("Change seen by another process, p50")
		var p99 = Row("Change seen by another process, p99")
		for kind in PeerKind.allCases {
			let peer = kind.peer
			if case .unsupported(let reason) = peer.watching {
				p50.cells[kind] = .unsupported(reason)
				p99.cells[kind] = .unsupported(reason)
				continue
			}
			InProcessRows.progress("\(kind.title): changes from another process")
			do {
				let samples = try await latencies(of: kind, changes: effort.changes, in: directory)
				guard samples.count >= effort.changes / 2 else {
					throw PeerError.wrongResult("saw only \(samples.count) of \(effort.changes) changes")
				}
				p50.cells[kind] = .time(percentile(samples, 0.5))
				p99.cells[kind] = .time(percentile(samples, 0.99))
				var note = "\(kind.title), change seen: \(samples.count) of \(effort.changes) changes seen"
				if case .polls(_, let how) = peer.watching { note += "; \(how)" }
				p99.notes.append(note + ".")
			} catch {
				p50.cells[kind] = Cell(error)
				p99.cells[kind] = Cell(error)
			}
		}
		p99.notes.append("Change seen: a child process writes a timestamp and makes it durable every \(writerInterval) to \(writerInterval * 3 / 2) ms (at random); this process watches the same store.")
		return [p50, p99]
	}

	/// Watches a new store of `kind` while a child writes `changes` timestamps; the latencies after the warm-up.
	private static func latencies(of kind: PeerKind, changes: Int, in directory: URL) async throws -> [Double] {
		let place = directory.appendingPathComponent("latency")
		var location: String
		do {
			// Open, set the key and let go, so that only the watch holds the store in this process.
			let session = try await kind.peer.open(in: place)
			if kind.peer.cannotWrite == nil {
				try session.write(0, to: "latency")
				try session.makeDurable()
			}
			location = session.location
		}
		let log = LatencyLog()
		let watch = try await kind.peer.watch(location) { value in
			let now = monotonicNanoseconds()
			if value > 0, now >= value { log.append(Double(now - value)) }
		}
		defer { watch.stop() }
		_ = try ChildProcess.run(["writer", kind.rawValue, location, "\(changes + warmUpChanges)", "\(writerInterval)"])
		try await Task.sleep(for: .milliseconds(writerInterval * 2))
		return Array(log.samples.dropFirst(warmUpChanges))
	}
}

/// Latencies recorded from the watching thread.
private final class LatencyLog: Sendable {
	/// The samples, in the order they were seen.
	private let storage = Mutex<[Double]>([])

	/// Records one latency in nanoseconds.
	func append(_ sample: Double) {
		storage.withLock { $0.append(sample) }
	}

	/// Every latency recorded so far.
	var samples: [Double] {
		storage.withLock { $0 }
	}
}
