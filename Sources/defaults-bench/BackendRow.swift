import Defaults
import Foundation

/// A backend written as a user would, outside the `Defaults` module: it keeps batches in a
/// dictionary. Reads through it must cost what reads through the built-in stores cost.
final class DictionaryBackend: DefaultsStoreBackend, @unchecked Sendable {
	private let lock = NSLock()
	private var kept: [String: Defaults.JSONValue] = [:]
	private var link: BackendLink?

	func loadValues() -> [String: Defaults.JSONValue] { lock.withLock { kept } }

	func connect(_ link: BackendLink) { lock.withLock { self.link = link } }

	func changesArePending() {
		lock.withLock {
			guard let batch = link?.takeChanges() else { return }
			kept = batch.applied(to: kept)
		}
	}
}

extension InProcessBenchmarks {
	/// A typed read through a store over a backend of one's own, against the file store's read in the same run.
	func readThroughBackend() -> Row {
		let fileStore = FileStore(url: directory.appendingPathComponent("read-backend/settings.json"))
		let fileKey = Defaults.Key<Int>("counter", default: 0, suite: fileStore)
		Defaults[fileKey] = 42
		let backed = BackedStore(backend: DictionaryBackend())
		let key = Defaults.Key<Int>("counter", default: 0, suite: backed)
		Defaults[key] = 42
		let ours = nanosecondsPerOperation(iterations: iterations) { consume(Defaults[key]) }
		let file = nanosecondsPerOperation(iterations: iterations) { consume(Defaults[fileKey]) }
		var row = Row(name: "1. Read an Int, store over a backend of one's own", unit: "ns", ours: ours, userDefaults: nil, floor: file,
			target: "≤ 1.5× the file store's read (Floor)")
		row.meetsTarget = ours <= file * 1.5
		return row
	}
}
