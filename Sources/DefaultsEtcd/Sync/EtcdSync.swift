import Defaults
import Foundation
import Synchronization

extension Defaults {
	/**
	Syncs chosen settings of a store across machines through etcd, like the original's
	`Defaults.iCloud`.

	The local store stays the source of every read; each synced key is
	one etcd key `<prefix><name>` holding the value's JSON text (`"dark"`, `5`, objects).
	Keys made with `iCloud: true` in the store are synced as soon as the engine exists.

	```swift
	extension Defaults.Keys {
		static let theme = Key<String>("theme", default: "system", iCloud: true)
	}

	let sync = try Defaults.EtcdSync(endpoints: ["http://127.0.0.1:2379"], prefix: "/myapp/")
	sync.add(.volume)                 // a key made without iCloud: true
	Defaults[.theme] = "dark"         // pushed to etcd
	await sync.waitForSyncCompletion()
	```

	Other machines' changes arrive through an etcd watch and are applied to the store, so
	observers, `updates` and the editor see them. The value with the highest etcd revision
	wins (the write that reaches etcd last). While etcd cannot be reached, changes are kept
	(their names in a journal on disk) and pushed when it answers again; failures are
	reported through `Defaults.problemHandler` and retried, and never block a read or write.
	*/
	public final class EtcdSync: @unchecked Sendable {
		// @unchecked: `store` is a `DefaultsStore`, which must be safe to use from any thread
		// but is not marked `Sendable` (`UserDefaults` is not on Linux); everything else is.

		/// The local store whose keys are synced.
		public let store: any DefaultsStore
		/// Where the synced values are read, written and observed: the store, or the user's own
		/// store of a layered one (the standard store), so that a system-wide default or a lock
		/// is never taken for this machine's change, and a reset is synced as a removal.
		let values: any DefaultsStore
		/// What every etcd key of this engine starts with, such as `/myapp/`.
		public let prefix: String
		/// The client the engine talks to etcd through.
		public let client: EtcdClient
		/// Where the journal of unpushed changes and revisions is kept.
		public let journalURL: URL

		let state = Locked(SyncState())
		/// Whether the watch is set up (the engine hears of remote changes).
		let isWatching = Atomic<Bool>(false)
		/// Whether the current outage was reported (each is reported once).
		let outageReported = Atomic<Bool>(false)
		/// How many attempts to reach etcd have failed (for tests that wait for retries).
		let failedAttempts = Atomic<Int>(0)
		let pushSignal = WakeSignal()
		let journalSignal = WakeSignal()
		let maximumRetryDelay: Duration
		/// The journal as last saved, so that an unchanged one is not written again.
		let savedJournal = Locked<SyncJournal?>(nil)
		private let observation = Locked<Defaults.Observation?>(nil)
		/// The token of the file store's before-save handler, which records changes in the journal first.
		private let saveHook = Locked<UInt64?>(nil)
		private let tasks = Locked<[Task<Void, Never>]>([])

		/**
		Starts syncing `store`'s keys marked `iCloud: true` (and those added later) with etcd
		under `prefix`.

		The journal is kept at `journal`, or under `$XDG_STATE_HOME` (see the
		article "Syncing across machines"). Throws ``EtcdError/invalidConfiguration(_:)`` for a configuration that cannot work.
		*/
		public init(
			store: any DefaultsStore = Defaults.standardStore,
			configuration: EtcdConfiguration,
			prefix: String,
			journal: URL? = nil,
			maximumRetryDelay: Duration = .seconds(3)
		) throws(EtcdError) {
			try EtcdKeys.checkPrefix(prefix)
			self.store = store
			values = store.layers?.user ?? store
			self.prefix = prefix
			self.maximumRetryDelay = maximumRetryDelay
			client = try EtcdClient(configuration)
			journalURL = journal ?? SyncJournal.defaultURL(prefix: prefix)
			let saved = SyncJournal.load(from: journalURL)
			state.withLock { $0.restore(saved) }
			savedJournal.withLock { $0 = saved }
			if let fileStore = Self.savingFile(of: store) {
				let hook = fileStore.beforeEachSave { [weak self] batch in self?.recordBeforeSave(batch) }
				saveHook.withLock { $0 = hook }
			}
			let marked = Defaults.claimSyncMarks(in: store) { [weak self] key in self?.add([key]) }
			add(marked)
			start()
		}

		/// Starts syncing with etcd at `endpoints` (tried in order). See ``init(store:configuration:prefix:journal:maximumRetryDelay:)``.
		public convenience init(
			store: any DefaultsStore = Defaults.standardStore,
			endpoints: [String],
			prefix: String,
			journal: URL? = nil
		) throws(EtcdError) {
			try self.init(store: store, configuration: EtcdConfiguration(endpoints: endpoints), prefix: prefix, journal: journal)
		}

		deinit {
			stop()
		}

		/// The file a store saves to, whose saves the journal must precede: the store itself, or
		/// the user's file of a layered store (the standard store).
		static func savingFile(of store: any DefaultsStore) -> FileStore? {
			// cast: the journal's before-save hook is the file store's own (package) API; a store of
			// another kind keeps its changes without a journal entry first.
			(store.layers?.user ?? store) as? FileStore
		}

		// MARK: Keys

		/// Syncs `keys` too (they must be keys of ``store``; others are ignored).
		public func add(_ keys: Defaults.Keys...) {
			add(keys)
		}

		/// Syncs `keys` too. See ``add(_:)-(Defaults.Keys...)``.
		public func add(_ keys: [Defaults.Keys]) {
			let added = state.withLock { state -> Bool in
				var added = false
				for key in keys where key.suite === store && state.keys[key.name] == nil {
					state.keys[key.name] = key
					if state.remote[key.name] == nil { state.needsFullPull = true }
					added = true
				}
				return added
			}
			guard added else { return }
			observeKeys()
			pushSignal.fire()
		}

		/// Stops syncing `keys`: their values stay in the store and in etcd.
		public func remove(_ keys: Defaults.Keys...) {
			state.withLock { state in
				for key in keys where key.suite === store {
					state.keys[key.name] = nil
					state.unpushed[key.name] = nil
				}
			}
			observeKeys()
			journalSignal.fire()
		}

		/// The keys being synced.
		public var keys: Set<Defaults.Keys> {
			state.withLock { Set($0.keys.values) }
		}

		/// The etcd key that holds `name`'s value.
		public func etcdKey(for name: String) -> String {
			prefix + name
		}

		// MARK: Waiting

		/// Pushes local changes and reads everything from etcd now, and returns when done
		/// (which waits for etcd to be reachable).
		public func sync() async {
			state.withLock { $0.needsFullPull = true }
			pushSignal.fire()
			await waitForSyncCompletion()
		}

		/// Returns once every local change has been pushed and the engine hears of remote
		/// changes: at once when all is done, otherwise when etcd answers (or the task is cancelled).
		public func waitForSyncCompletion() async {
			_ = await waitForSyncCompletion(timeout: nil)
		}

		/// As ``waitForSyncCompletion()``, giving up after `timeout`; returns whether all is done.
		public func waitForSyncCompletion(timeout: Duration?) async -> Bool {
			let clock = ContinuousClock()
			let deadline = timeout.map { clock.now + $0 }
			while !Task.isCancelled {
				if isComplete { return true }
				if let deadline, clock.now >= deadline { return false }
				try? await Task.sleep(for: .milliseconds(20))
			}
			return isComplete
		}

		/// Whether nothing is waiting to be pushed or pulled and the watch is set up.
		public var isComplete: Bool {
			isWatching.load(ordering: .acquiring) && state.withLock { $0.unpushed.isEmpty && !$0.needsFullPull }
		}

		// MARK: Running

		/// Stops syncing: ends the watch and the pushes (the journal keeps what was not pushed),
		/// and gives the store's `iCloud: true` keys back to "not synced".
		public func stop() {
			let running = tasks.withLock { tasks in
				defer { tasks.removeAll() }
				return tasks
			}
			running.forEach { $0.cancel() }
			let observing = observation.withLock { current in
				defer { current = nil }
				return current
			}
			observing?.invalidate()
			if let hook = saveHook.withLock({ current in defer { current = nil }; return current }) {
				Self.savingFile(of: store)?.removeBeforeSaveHandler(hook)
			}
			if !running.isEmpty {
				Defaults.releaseSyncMarks(in: store)
				saveJournal()
			}
		}

		private func start() {
			let worker = Task.detached { [weak self] in
				guard let self else { return }
				await run()
			}
			let journalWriter = Task.detached { [weak self] in
				guard let self else { return }
				await writeJournal()
			}
			tasks.withLock { $0 = [worker, journalWriter] }
		}

		/// Observes the synced keys (again, when they change): each change is noted for pushing.
		private func observeKeys() {
			let names = state.withLock { Set($0.keys.keys) }
			let new = Defaults.observe(keysNamed: names, in: values) { [weak self] changed in
				self?.localChanges(changed)
			}
			let old = observation.withLock { current in
				defer { current = new }
				return current
			}
			old?.invalidate()
		}

		/**
		Called by a file store just before it writes `batch` to its file: synced keys in it that
		are not noted for pushing yet are noted, and the journal is written now. So a change that
		reached the file is in the journal too, whatever moment the process is killed at, and is
		pushed when the program starts again. (The observer below notes the same changes, but
		after they were made, and the journal is otherwise written in the background.)
		*/
		private func recordBeforeSave(_ batch: Defaults.ChangeBatch) {
			let (synced, noted) = state.withLock { state -> (Bool, Bool) in
				let names = batch.removedAll ? Set(state.keys.keys).union(batch.values.keys) : Set(batch.values.keys)
				var synced = false
				var noted = false
				for name in names where state.keys[name] != nil {
					synced = true
					if state.unpushed[name] == nil {
						noted = state.localChange(name, value: batch.values[name] ?? nil) || noted
					}
				}
				return (synced, noted)
			}
			// Noted here or by the observer before this save: either way the journal on disk
			// must name them before the file holds them (it is written only if it changed).
			if synced { saveJournal() }
			if noted { pushSignal.fire() }
		}

		/// Called after local changes (on the thread that made them): notes what is to be pushed.
		private func localChanges(_ names: Set<String>) {
			let current = names.map { ($0, values.storedValue(forKey: $0)) }
			let toPush = state.withLock { state in
				current.reduce(false) { $0 || state.localChange($1.0, value: $1.1) }
			}
			if toPush {
				journalSignal.fire()
				pushSignal.fire()
			}
		}
	}
}
