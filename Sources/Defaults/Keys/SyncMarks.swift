/// The keys marked for syncing across machines (`iCloud: true`), by store: what a sync engine
/// takes up once it is set up. Until then, each marked key is reported once as not synced.
enum SyncMarks {
	private static let marked = Locked<[ObjectIdentifier: Set<String>]>([:])

	/// Records that `name` in `store` is to be synced, and reports once that it is not yet.
	static func mark(_ name: String, in store: any DefaultsStore) {
		marked.withLock { _ = $0[ObjectIdentifier(store), default: []].insert(name) }
		Defaults.report(.init(
			kind: .notSynced,
			key: name,
			message: "The key '\(name)' is marked for syncing across machines (iCloud: true), but no sync is set up, so it is kept on this machine only."
		))
	}

	/// The names marked in `store`.
	static func names(in store: any DefaultsStore) -> Set<String> {
		marked.withLock { $0[ObjectIdentifier(store)] ?? [] }
	}
}
