@testable import Defaults
import Foundation

/**
The keys of each change a store's observers are told of, from now on, as every observation of
the store hears them: the last step of an outside change's path (a reload, or a save that merged
another process's change) as of one made in this process. Tests that look for outside changes
make their own changes before they start listening.
*/
final class ObservedChanges: Sendable {
	private let observers: ChangeObservers
	private let forwarder: ChangeForwarder
	/// The changed keys of each change, in order (every key, `["*"]`, for a change that does not say).
	let record: Locked<[Set<String>]>

	init(of store: any DefaultsStore) {
		let record = Locked<[Set<String>]>([])
		self.record = record
		observers = Defaults.observers(for: store)
		forwarder = ChangeForwarder { change in
			record.withLock { $0.append(change.keys ?? ["*"]) }
		}
		observers.add(forwarder, keys: nil)
	}

	deinit {
		observers.remove(forwarder)
	}

	/// What was recorded so far.
	var value: [Set<String>] { record.value }
}

extension FileStore {
	/// The keys of each change this store's observers are told of from now on, as they are told.
	func observedChanges() -> AsyncStream<Set<String>> {
		let observers = Defaults.observers(for: self)
		return AsyncStream { continuation in
			let forwarder = ChangeForwarder { change in continuation.yield(change.keys ?? ["*"]) }
			observers.add(forwarder, keys: nil)
			// Keeps the forwarder (observers hold it weakly) for as long as the stream is listened to.
			continuation.onTermination = { _ in observers.remove(forwarder) }
		}
	}
}
