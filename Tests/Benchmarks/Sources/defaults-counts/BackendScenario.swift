import Defaults
import Foundation

/// A backend written as an app would, outside the library's package: it keeps batches in a
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

/// `Defaults[key]` of an `Int` in a store over ``DictionaryBackend``.
final class ReadBackendScenario: Scenario {
	init() {
		Defaults[.backedVolume] = 7
		_ = readOnce()
	}

	@inline(never)
	private func readOnce() -> Int { Defaults[.backedVolume] }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce() }
		Sink.keep(total)
	}
}
