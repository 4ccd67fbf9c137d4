import Defaults
import DefaultsEtcd
import Foundation

/// `Defaults[key]` of an `Int` that an etcd sync shares (`read-int-synced:<endpoint>`), or of one
/// it does not, in the same store with the sync running (`read-int-unsynced:<endpoint>`, the
/// floor): defaults-bench's row 10, against the etcd it started. A synced key reads like any other.
final class SyncedReadScenario: Scenario {
	private let store: FileStore
	private let sync: Defaults.EtcdSync
	private let key: Defaults.Key<Int>

	/// The two scenarios' names without the endpoint.
	static let prefixes = ["read-int-synced:", "read-int-unsynced:"]

	init(file: URL, endpoint: String, synced: Bool) throws {
		store = FileStore(url: file)
		let syncedKey = Defaults.Key<Int>("synced", default: 1, suite: store)
		let plainKey = Defaults.Key<Int>("plain", default: 1, suite: store)
		sync = try Defaults.EtcdSync(store: store, endpoints: [endpoint], prefix: "/counts/read/",
			journal: file.deletingLastPathComponent().appendingPathComponent("journal.json"))
		sync.add(syncedKey)
		key = synced ? syncedKey : plainKey
		_ = readOnce()
	}

	/// The scenario `name` names, if it is one of these.
	static func make(_ name: String, file: URL) throws -> SyncedReadScenario? {
		for prefix in prefixes where name.hasPrefix(prefix) {
			return try SyncedReadScenario(file: file, endpoint: String(name.dropFirst(prefix.count)), synced: prefix == prefixes[0])
		}
		return nil
	}

	@inline(never)
	private func readOnce() -> Int { Defaults[key] }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce() }
		Sink.keep(total)
	}

	func finish() {
		sync.stop()
	}
}
