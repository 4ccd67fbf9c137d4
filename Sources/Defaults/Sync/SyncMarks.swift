/// The keys marked for syncing across machines (`iCloud: true`), by store: what a sync engine
/// takes up once it is set up. Until then, each marked key is reported once as not synced.
enum SyncMarks {
	private struct Marks {
		/// The keys marked in each store, by name.
		var keys: [ObjectIdentifier: [String: Defaults.Keys]] = [:]
		/// The engine that took up each store's marks: told of every key marked later.
		var claims: [ObjectIdentifier: @Sendable (Defaults.Keys) -> Void] = [:]
	}

	private static let marks = Locked(Marks())

	/// Records that `key` is to be synced: hands it to the engine that claimed its store, or
	/// reports once that it is not synced yet.
	static func mark(_ key: Defaults.Keys) {
		let store = ObjectIdentifier(key.suite)
		let claim = marks.withLock { marks in
			if marks.keys[store, default: [:]][key.name] == nil {
				marks.keys[store, default: [:]][key.name] = key
			}
			return marks.claims[store]
		}
		if let claim {
			// Outside the lock: the engine may read the store or the marks.
			CallbackDeferral.perform { claim(key) }
			return
		}
		Defaults.report(.init(
			kind: .notSynced,
			key: key.name,
			message: "The key '\(key.name)' is marked for syncing across machines (iCloud: true), but no sync is set up, so it is kept on this machine only."
		))
	}

	/// The names marked in `store`.
	static func names(in store: any DefaultsStore) -> Set<String> {
		marks.withLock { Set(($0.keys[ObjectIdentifier(store)] ?? [:]).keys) }
	}

	static func claim(_ store: any DefaultsStore, handler: @escaping @Sendable (Defaults.Keys) -> Void) -> [Defaults.Keys] {
		marks.withLock { marks in
			marks.claims[ObjectIdentifier(store)] = handler
			return Array((marks.keys[ObjectIdentifier(store)] ?? [:]).values)
		}
	}

	static func release(_ store: any DefaultsStore) {
		marks.withLock { _ = $0.claims.removeValue(forKey: ObjectIdentifier(store)) }
	}
}

extension Defaults {
	/**
	Hands the keys marked `iCloud: true` in `store` to a sync engine.

	It returns the keys marked so far, and calls `handler` with each key marked later (with
	no lock held). While a store is
	claimed, its marked keys are no longer reported as not synced. A later claim of the same
	store replaces the earlier one.

	```swift
	let marked = Defaults.claimSyncMarks(in: store) { key in engine.add(key) }
	marked.forEach(engine.add)
	```
	*/
	public static func claimSyncMarks(
		in store: any DefaultsStore,
		handler: @escaping @Sendable (Keys) -> Void
	) -> [Keys] {
		SyncMarks.claim(store, handler: handler)
	}

	/// Ends a claim made with ``claimSyncMarks(in:handler:)``: keys marked afterwards are
	/// reported as not synced again.
	public static func releaseSyncMarks(in store: any DefaultsStore) {
		SyncMarks.release(store)
	}
}
