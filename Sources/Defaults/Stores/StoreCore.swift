import Synchronization

/**
The shared store layer: the in-memory state every store built on it has (the file
store, the in-memory store, ``BackedStore`` over any backend): the stored values and
the counters that let a key tell, without decoding, whether its cached value is
still current.

In a write's path (`Defaults[key] = value` → `Key.setValue` → here → backend → disk)
this layer records the value, bumps the versions, queues the change for observers
under its lock, delivers it after, and tells the backend changes are pending. In an
outside change's path (backend notices → ``applyOutsideChanges(_:excluding:)`` →
here → observers) it keeps this process's unsaved changes and tells observers of
the rest.

Every change takes a new number from `generation`; the entry that changed
remembers it as its `version`. A key that cached its value at generation `g`
can return the cache while `generation` is still `g`, and after that can keep
it as long as its entry's version has not moved.

A store that persists (the file store) also asks the core to remember which
keys this process changed since the last save, so that a save writes only
those on top of what other processes wrote.
*/
@usableFromInline
final class StoreCore: Sendable {
	/// The changes this process made since they were last taken for saving.
	typealias PendingChanges = Defaults.ChangeBatch

	/// A value changed since the store opened; `nil` for a removed one.
	private struct Entry {
		var value: Defaults.JSONValue?
		var version: UInt64
	}

	private struct State {
		/// The values the store opened with: the dictionary its file parsed to, shared
		/// rather than copied (opening 10,000 keys costs no per-key work here).
		var opened: [String: Defaults.JSONValue]
		/// What changed since, layered over `opened`. A key written often is found with one lookup.
		var changes: [String: Entry] = [:]
		var pending: PendingChanges?
		/// Changes a backend took to keep asynchronously and has not settled yet: outside
		/// changes leave these keys alone, as they leave pending ones.
		var inFlight = PendingChanges()

		/// A key's value and version: a value the store opened with has ``StoreCore/initialVersion``.
		func lookup(_ key: String) -> (value: Defaults.JSONValue?, version: UInt64) {
			if let entry = changes[key] {
				return (entry.value, entry.value == nil ? StoreCore.absentVersion : entry.version)
			}
			if let value = opened[key] {
				return (value, StoreCore.initialVersion)
			}
			return (nil, StoreCore.absentVersion)
		}

		mutating func set(_ value: Defaults.JSONValue?, forKey key: String, version: UInt64) {
			if value == nil, opened[key] == nil {
				changes.removeValue(forKey: key)
			} else {
				changes[key] = Entry(value: value, version: version)
			}
		}

		/// Every stored value (no work when nothing changed since the store opened).
		var values: [String: Defaults.JSONValue] {
			guard !changes.isEmpty else { return opened }
			var values = opened
			for (key, entry) in changes {
				values[key] = entry.value
			}
			return values
		}

		mutating func removeAll() {
			opened = [:]
			changes = [:]
		}
	}

	/// The version of a key that has no stored value.
	static let absentVersion: UInt64 = 0
	/// The version of every value the store opened with.
	static let initialVersion: UInt64 = 1

	@usableFromInline
	let generation = Atomic<UInt64>(1)
	private let state: Locked<State>
	private let onLocalChange: (@Sendable () -> Void)?
	/// When set, the store is read-only: changes made in this process are refused and
	/// handed to this function (with the key, or `nil` for removing every value) to report.
	private let onRefusedChange: (@Sendable (String?) -> Void)?
	/// When set, a change to a key for which it returns `true` is refused (it reports why): the
	/// per-key refusal of a store made of layers, where an administrator's lock fixes some keys.
	private let refusesChange: (@Sendable (String) -> Bool)?
	/// Told about every change, after the lock is released.
	let observers = ChangeObservers()

	/// - Parameters:
	///   - values: The initial values.
	///   - onLocalChange: When given, changes are recorded as pending and this runs after each one.
	///   - onRefusedChange: When given, changes made in this process are refused (outside
	///     changes still apply) and this runs for each one instead.
	init(
		values: [String: Defaults.JSONValue] = [:],
		onLocalChange: (@Sendable () -> Void)? = nil,
		onRefusedChange: (@Sendable (String?) -> Void)? = nil,
		refusesChange: (@Sendable (String) -> Bool)? = nil
	) {
		state = Locked(State(opened: values, pending: onLocalChange == nil ? nil : PendingChanges()))
		self.onLocalChange = onLocalChange
		self.onRefusedChange = onRefusedChange
		self.refusesChange = refusesChange
	}

	/// Replaces every value, as if the store had opened with `values`: for a store that can
	/// compute its values only once the core exists, before anyone reads them.
	func replaceOpenedValues(_ values: [String: Defaults.JSONValue]) {
		state.withLock { state in
			state.opened = values
			state.changes = [:]
		}
		generation.add(1, ordering: .acquiringAndReleasing)
	}

	func value(forKey key: String) -> Defaults.JSONValue? {
		state.withLock { $0.lookup(key).value }
	}

	/// The stored value, its version and the generation it was read at, all read together.
	@usableFromInline
	func entry(forKey key: String) -> (value: Defaults.JSONValue?, version: UInt64, generation: UInt64) {
		state.withLock { state in
			let (value, version) = state.lookup(key)
			return (value, version, generation.load(ordering: .relaxed))
		}
	}

	/// Stores a value; returns the generation and version after the change.
	/// Storing an equal value changes nothing.
	@usableFromInline
	@discardableResult
	func set(_ value: Defaults.JSONValue, forKey key: String) -> (generation: UInt64, version: UInt64) {
		// A file holding it could not be read back; the refusal caches nothing, like the read-only one below.
		if value.nestsTooDeeplyToStore {
			Defaults.report(Defaults.JSONValue.tooDeeplyNestedProblem(forKey: key))
			return (0, .max)
		}
		if let onRefusedChange {
			onRefusedChange(key)
			// What a key caches before its first read: it matches no generation or version, so
			// the key does not remember the refused value and reads what the store holds.
			return (0, .max)
		}
		if let refusesChange, refusesChange(key) {
			return (0, .max)
		}
		let (result, changed) = state.withLock { state in
			let existing = state.lookup(key)
			if let existingValue = existing.value, existingValue == value {
				return ((generation.load(ordering: .relaxed), existing.version), false)
			}
			let next = generation.add(1, ordering: .acquiringAndReleasing).newValue
			state.set(value, forKey: key, version: next)
			state.pending?.values[key] = .some(value)
			if observers.hasListeners {
				observers.enqueue(StoreChange(keys: [key], values: [key: value], suppressed: Defaults.isPropagationSuppressed))
			}
			return ((next, next), true)
		}
		if changed {
			onLocalChange?()
			observers.deliverQueued()
		}
		return result
	}

	func removeValue(forKey key: String) {
		if let onRefusedChange {
			onRefusedChange(key)
			return
		}
		if let refusesChange, refusesChange(key) {
			return
		}
		let changed = state.withLock { state in
			guard state.lookup(key).value != nil else { return false }
			state.set(nil, forKey: key, version: Self.absentVersion)
			generation.add(1, ordering: .acquiringAndReleasing)
			state.pending?.values[key] = .some(nil)
			if observers.hasListeners {
				observers.enqueue(StoreChange(keys: [key], values: [key: Optional<Defaults.JSONValue>.none], suppressed: Defaults.isPropagationSuppressed))
			}
			return true
		}
		if changed {
			onLocalChange?()
			observers.deliverQueued()
		}
	}

	/**
	Records the removal of `key`'s value for the backend while the key reads `lower` from now
	on: a store made of layers removes the user's value and shows the layer below (a system-wide
	default). The removal is recorded even when the value read does not change (the user's value
	was the same as the one below). Returns whether it was recorded (not refused).
	*/
	@discardableResult
	func removeValue(forKey key: String, showing lower: Defaults.JSONValue?) -> Bool {
		if let refusesChange, refusesChange(key) {
			return false
		}
		state.withLock { state in
			state.pending?.values[key] = .some(nil)
			guard state.lookup(key).value != lower else { return }
			let next = generation.add(1, ordering: .acquiringAndReleasing).newValue
			state.set(lower, forKey: key, version: lower == nil ? Self.absentVersion : next)
			if observers.hasListeners {
				observers.enqueue(StoreChange(keys: [key], values: [key: lower], suppressed: Defaults.isPropagationSuppressed))
			}
		}
		onLocalChange?()
		observers.deliverQueued()
		return true
	}

	func removeAll() {
		if let onRefusedChange {
			onRefusedChange(nil)
			return
		}
		state.withLock { state in
			if !state.values.isEmpty {
				state.removeAll()
				generation.add(1, ordering: .acquiringAndReleasing)
			}
			state.pending = state.pending.map { _ in PendingChanges(removedAll: true) }
			if observers.hasListeners {
				observers.enqueue(StoreChange(keys: nil, removedAll: true, suppressed: Defaults.isPropagationSuppressed))
			}
		}
		onLocalChange?()
		observers.deliverQueued()
	}

	func snapshot() -> [String: Defaults.JSONValue] {
		state.withLock { $0.values }
	}

	// MARK: Saving and outside changes

	/// Takes the pending changes for saving, leaving none pending.
	func takePendingChanges() -> PendingChanges {
		state.withLock { state in
			defer { if state.pending != nil { state.pending = PendingChanges() } }
			return state.pending ?? PendingChanges()
		}
	}

	/// Takes the pending changes as ``takePendingChanges()`` does and keeps outside changes
	/// off their keys, in the same step, until they are settled.
	func takePendingChangesInFlight() -> PendingChanges {
		state.withLock { state in
			guard let pending = state.pending else { return PendingChanges() }
			state.pending = PendingChanges()
			if pending.removedAll {
				state.inFlight = pending
			} else {
				state.inFlight.values.merge(pending.values) { _, newer in newer }
			}
			return pending
		}
	}

	/// Settles `kept` (changes the backend has kept): outside changes to their keys apply again.
	func settleChangesInFlight(_ kept: PendingChanges) {
		state.withLock { state in
			if kept.removedAll { state.inFlight.removedAll = false }
			for key in kept.values.keys {
				state.inFlight.values[key] = nil
			}
		}
	}

	/// Puts back changes whose save failed, under any made since (which are newer); changes
	/// in flight are settled by this too.
	func restorePendingChanges(_ failed: PendingChanges) {
		state.withLock { state in
			state.inFlight = PendingChanges()
			guard var pending = state.pending else { return }
			if pending.removedAll {
				// A later removeAll supersedes whatever failed before it.
			} else {
				pending.removedAll = failed.removedAll
				for (key, value) in failed.values where pending.values[key] == nil {
					pending.values[key] = .some(value)
				}
			}
			state.pending = pending
		}
	}

	/// Whether this process has changes that are not saved yet.
	var hasPendingChanges: Bool {
		state.withLock { !($0.pending?.isEmpty ?? true) }
	}

	/// Applies what changed between two snapshots of the backend (a file before and after
	/// another process wrote it); see ``applyOutsideChanges(_:excluding:)``.
	func applyOutsideChanges(
		from previous: [String: Defaults.JSONValue],
		to current: [String: Defaults.JSONValue],
		excluding saved: PendingChanges
	) -> Set<String> {
		if saved.removedAll { return [] }
		// Compare the whole file outside the lock (it may hold thousands of keys); lock only to apply.
		var changes: [String: Defaults.JSONValue?] = [:]
		for (key, value) in current where previous[key] != value {
			changes[key] = .some(value)
		}
		for key in previous.keys where current[key] == nil {
			changes[key] = .some(nil)
		}
		return applyOutsideChanges(changes, excluding: saved)
	}

	/// Applies values another process (or a server) changed, `nil` for a removed key, except
	/// for keys this process changed, whether since its last save, in flight, or in `saved`
	/// (the changes it is saving now). Returns the keys whose value in memory changed;
	/// observers are told.
	func applyOutsideChanges(_ changes: [String: Defaults.JSONValue?], excluding saved: PendingChanges) -> Set<String> {
		if saved.removedAll { return [] }
		let candidates = changes.filter { saved.values[$0.key] == nil }
		guard !candidates.isEmpty else { return [] }
		let changed = state.withLock { state -> Set<String> in
			if state.pending?.removedAll == true || state.inFlight.removedAll { return [] }
			var changed: Set<String> = []
			for (key, newValue) in candidates {
				guard state.pending?.values[key] == nil, state.inFlight.values[key] == nil else { continue }
				guard state.lookup(key).value != newValue else { continue }
				let next = generation.add(1, ordering: .acquiringAndReleasing).newValue
				state.set(newValue, forKey: key, version: newValue == nil ? Self.absentVersion : next)
				changed.insert(key)
			}
			if !changed.isEmpty, observers.hasListeners {
				observers.enqueue(StoreChange(
					keys: changed, values: Dictionary(uniqueKeysWithValues: changed.map { ($0, candidates[$0] ?? nil) }),
					suppressed: Defaults.isPropagationSuppressed
				))
			}
			return changed
		}
		if !changed.isEmpty {
			observers.deliverQueued()
		}
		return changed
	}
}
