/**
What a backend holds of the store in front of it: the changes this process made,
and the way to report changes made elsewhere. Given to
``DefaultsStoreBackend/connect(_:)``.
*/
public final class BackendLink: Sendable {
	let core: StoreCore

	init(core: StoreCore) {
		self.core = core
	}

	/// Takes the changes made in this process since they were last taken, leaving none.
	public func takeChanges() -> Defaults.ChangeBatch {
		core.takePendingChanges()
	}

	/**
	Takes the changes as ``takeChanges()`` does, and keeps outside changes off their keys
	until the backend settles them.

	Taking the changes and keeping outside changes off happen in one step; the backend
	settles the changes with ``changesKept(_:)`` or ``restoreChanges(_:)``. This is for a
	backend that keeps changes asynchronously (a network round trip) while outside changes
	go on arriving: an outside change that comes in while a change of the same key is on its
	way cannot replace it in memory.

	```swift
	let batch = link.takeChangesInFlight()
	do {
		try await server.write(batch)
		link.changesKept(batch)        // outside changes to these keys apply again
	} catch {
		link.restoreChanges(batch)     // pending again, tried later
	}
	```
	*/
	public func takeChangesInFlight() -> Defaults.ChangeBatch {
		core.takePendingChangesInFlight()
	}

	/// Says that `batch` (or part of one taken with ``takeChangesInFlight()``) is kept:
	/// outside changes to its keys apply again.
	public func changesKept(_ batch: Defaults.ChangeBatch) {
		core.settleChangesInFlight(batch)
	}

	/// Gives back a batch that could not be kept, under any change made since (which is
	/// newer); it also settles every change taken with ``takeChangesInFlight()``.
	public func restoreChanges(_ batch: Defaults.ChangeBatch) {
		core.restorePendingChanges(batch)
	}

	/// Whether this process made changes that were not taken yet.
	public var hasChanges: Bool {
		core.hasPendingChanges
	}

	/**
	Applies values changed elsewhere: keys set to new values, and keys removed.

	A key this process changed and whose change is not kept yet (not taken, taken in flight, or
	in `keeping`, the batch being kept now) keeps its value. Observers are told about the keys whose
	value changed, which are returned.

	```swift
	// A server pushed a change:
	link.applyOutsideChanges(setting: ["theme": "dark"], removing: ["legacyFlag"])
	```
	*/
	@discardableResult
	public func applyOutsideChanges(
		setting values: [String: Defaults.JSONValue] = [:],
		removing removed: Set<String> = [],
		keeping: Defaults.ChangeBatch = .init()
	) -> Set<String> {
		var changes: [String: Defaults.JSONValue?] = values.mapValues { .some($0) }
		for key in removed where values[key] == nil {
			changes[key] = .some(nil)
		}
		return core.applyOutsideChanges(changes, excluding: keeping)
	}

	/// Applies the difference between two snapshots of everything the backend holds (a
	/// file read before and after another process wrote it), as ``applyOutsideChanges(setting:removing:keeping:)``.
	@discardableResult
	public func applyOutsideChanges(
		from previous: [String: Defaults.JSONValue],
		to current: [String: Defaults.JSONValue],
		keeping: Defaults.ChangeBatch = .init()
	) -> Set<String> {
		core.applyOutsideChanges(from: previous, to: current, excluding: keeping)
	}
}
