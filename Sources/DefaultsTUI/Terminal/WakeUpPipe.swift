import Defaults
import Foundation
import Synchronization

/// Where other threads (and signal handlers) leave news for the event loop: keys changed
/// in the store, problems to show, a signal that ends the editor. A pipe wakes the loop
/// from `poll`.
///
/// Ordinary news is kept under a lock and announced with a zero byte; a signal handler,
/// which may not take locks, writes the signal's number as the byte instead.
final class WakeUpPipe: Sendable {
	/// What was posted since the loop last looked.
	struct News {
		var keys: Set<String> = []
		/// Every key may have changed (the store was replaced or reloaded).
		var allKeys = false
		var problems: [String] = []
		/// The signal that asks the editor to end, if one came.
		var signal: Int32?
		/// A schema fetched on another thread arrived (or will not): the editor takes it in.
		var schemaArrived = false

		var hasStoreChanges: Bool { allKeys || !keys.isEmpty }
	}

	/// The end `poll` watches.
	let readEnd: Int32
	/// The end writers (and the signal handler) write to.
	let writeEnd: Int32
	private let news = Locked(News())
	private let signalTaken = Atomic<Bool>(false)

	/// Whether ``take()`` has handed a signal to the loop, which then ends (the ``SignalWatchdog`` asks).
	var hasHandedOverSignal: Bool { signalTaken.load(ordering: .acquiring) }

	/// A new pipe, or `nil` when the system has no descriptors left.
	init?() {
		var ends: [Int32] = [0, 0]
		guard pipe(&ends) == 0 else { return nil }
		for end in ends {
			_ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
			// The editor launched with `e` must not inherit it.
			_ = fcntl(end, F_SETFD, FD_CLOEXEC)
		}
		readEnd = ends[0]
		writeEnd = ends[1]
	}

	deinit {
		close(readEnd)
		close(writeEnd)
	}

	/// Some keys changed in the store (`nil`: any may have).
	func post(keys: Set<String>?) {
		news.withLock { news in
			if let keys { news.keys.formUnion(keys) } else { news.allKeys = true }
		}
		wake()
	}

	/// A schema fetched on another thread arrived, or why none comes (``SchemaArrival``).
	func postSchemaArrival() {
		news.withLock { $0.schemaArrived = true }
		wake()
	}

	/// A problem to show on the message line.
	func post(problem: String) {
		news.withLock { $0.problems.append(problem) }
		wake()
	}

	/// Empties the pipe and returns what was posted since the last call. A signal, once
	/// seen, stays in the news.
	func take() -> News {
		var signal: Int32?
		var buffer = [UInt8](repeating: 0, count: 64)
		while true {
			let count = read(readEnd, &buffer, buffer.count)
			if count <= 0 { break }
			if let byte = buffer[0..<count].last(where: { $0 != 0 }) { signal = Int32(byte) }
		}
		let taken = news.withLock { news in
			if let signal { news.signal = signal }
			defer { news = News(signal: news.signal) }
			return news
		}
		if taken.signal != nil { signalTaken.store(true, ordering: .releasing) }
		return taken
	}

	private func wake() {
		var byte: UInt8 = 0
		_ = write(writeEnd, &byte, 1)
	}
}

extension WakeUpPipe {
	/**
	Posts the changes in `model`'s store, and "any key may have changed" (a locks file changed,
	so a setting may be locked or unlocked with its value the same), until the observations
	returned are invalidated. A change to any key is posted: the keys shown change while the
	editor is open (a page's items, keys of a schema made from the store's values), and the
	model looks only at those it shows.
	*/
	func follow(_ model: EditorModel) -> [Defaults.Observation] {
		let pipe = self
		return [
			Defaults.observe(keysNamed: model.keyNames, in: model.store) { keys in pipe.post(keys: keys) },
			Defaults.observeChanges(in: model.store) { keys in pipe.post(keys: keys) },
		]
	}
}
