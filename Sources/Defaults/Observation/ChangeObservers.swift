import Synchronization

/// One change to a store, as observers receive it.
package struct StoreChange: Sendable {
	/// The keys that changed; `nil` for every key (after `removeAll`, or when a store does not say).
	package var keys: Set<String>?
	/// The new stored value of changed keys when the store knows it (`nil`: removed). A key
	/// that is not here is read from the store.
	package var values: [String: Defaults.JSONValue?] = [:]
	/// Whether every value was removed (`removeAll`): keys not in `values` have none now.
	package var removedAll = false
	/// Whether the change was made inside `withoutPropagation`.
	package var suppressed = false

	/// The stored value of `key` after this change.
	package func storedValue(of key: String, in store: any DefaultsStore) -> Defaults.JSONValue? {
		if let value = values[key] { return value }
		return removedAll ? nil : store.storedValue(forKey: key)
	}
}

/// Something that wants to hear about changes to keys of one store.
package protocol StoreChangeListener: AnyObject, Sendable {
	/// Called after each change, in the order the changes were made, with no store lock held.
	func storeDidChange(_ change: StoreChange)
}

/// Hands each change of a store to a function: for a store that follows other stores (a layered
/// store its layers, a path store its base). That store keeps it; observers hold it weakly.
package final class ChangeForwarder: StoreChangeListener {
	private let handle: @Sendable (StoreChange) -> Void

	package init(_ handle: @escaping @Sendable (StoreChange) -> Void) {
		self.handle = handle
	}

	package func storeDidChange(_ change: StoreChange) {
		handle(change)
	}
}

/**
The observations of one store: the last step of every change's path, own or
outside. Changes are queued here under the lock that made them and delivered in
that order after the store's locks are released, so handlers may read and write
defaults (the settings editor's observation wakes its event loop from here).

Listeners are held weakly, so an observation the caller drops ends by itself,
except those tied to another object's lifetime, which are held until that
object is gone or the tie is removed.
*/
package final class ChangeObservers: Sendable {
	private struct Entry {
		weak var listener: (any StoreChangeListener)?
		/// Keeps a listener tied to another object's lifetime alive.
		var retained: (any StoreChangeListener)?
		weak var lifetimeObject: AnyObject?
		/// The keys the listener cares about; `nil` for all.
		var keys: Set<String>?
	}

	private let entries = Locked<[ObjectIdentifier: Entry]>([:])
	private let count = Atomic<Int>(0)
	/// Changes waiting to be delivered, in the order they were made, each by the thread that made it.
	private let turns = DeliveryTurns<StoreChange>()

	/// Whether anybody listens (cheap: an atomic load), so a store builds no change when nobody does.
	var hasListeners: Bool {
		count.load(ordering: .acquiring) > 0
	}

	package func add(_ listener: any StoreChangeListener, keys: Set<String>?) {
		entries.withLock { entries in
			entries[ObjectIdentifier(listener)] = Entry(listener: listener, keys: keys)
			count.store(entries.count, ordering: .releasing)
		}
	}

	package func remove(_ listener: any StoreChangeListener) {
		entries.withLock { entries in
			entries.removeValue(forKey: ObjectIdentifier(listener))
			count.store(entries.count, ordering: .releasing)
		}
	}

	/// Keeps `listener` alive for as long as `object` lives; `nil` removes the tie.
	func tie(_ listener: any StoreChangeListener, to object: AnyObject?) {
		entries.withLock { entries in
			guard var entry = entries[ObjectIdentifier(listener)] else { return }
			entry.retained = object == nil ? nil : listener
			entry.lifetimeObject = object
			entries[ObjectIdentifier(listener)] = entry
		}
	}

	/// Whether `listener` is tied to an object that no longer exists.
	func hasOutlivedItsTie(_ listener: any StoreChangeListener) -> Bool {
		entries.withLock { entries in
			guard let entry = entries[ObjectIdentifier(listener)] else { return false }
			return entry.retained != nil && entry.lifetimeObject == nil
		}
	}

	/// Whether nobody observes the store (for tests).
	var isEmpty: Bool {
		entries.withLock { entries in
			entries = entries.filter { $0.value.listener != nil }
			count.store(entries.count, ordering: .releasing)
			return entries.isEmpty
		}
	}

	/// Tells the listeners of `keys` (or of every key, for `nil`) that they changed, reading the
	/// new values from the store: for stores that do not say what the values are.
	func post(keys: Set<String>?) {
		guard hasListeners else { return }
		enqueue(StoreChange(keys: keys, suppressed: Defaults.isPropagationSuppressed))
		deliverQueued()
	}

	/**
	Queues a change. A store calls this while it still holds the lock under which it made
	the change, so the queue's order is the order of the changes, then calls
	``deliverQueued()`` once the lock is released. Every change is delivered once, with
	its own values, even when several threads change a key at the same moment.
	*/
	func enqueue(_ change: StoreChange) {
		turns.append(change)
	}

	/// Delivers the changes this thread queued, after those made before them (see
	/// ``DeliveryTurns``). Inside a store's locked section, it waits for the section's end.
	func deliverQueued() {
		guard turns.hasChanges else { return }
		CallbackDeferral.perform { [self] in
			turns.deliverOwnChanges { deliver($0) }
		}
	}

	private func deliver(_ change: StoreChange) {
		let listeners = entries.withLock { entries -> [any StoreChangeListener] in
			var listeners: [any StoreChangeListener] = []
			for (id, entry) in entries {
				let outlivedTie = entry.retained != nil && entry.lifetimeObject == nil
				guard let listener = entry.listener, !outlivedTie else {
					entries.removeValue(forKey: id)
					continue
				}
				if let keys = change.keys, let wanted = entry.keys, wanted.isDisjoint(with: keys) { continue }
				listeners.append(listener)
			}
			count.store(entries.count, ordering: .releasing)
			return listeners
		}
		for listener in listeners {
			listener.storeDidChange(change)
		}
	}
}

/// The observations of stores that are not built on `StoreCore` (`UserDefaults`, third-party stores).
final class ExternalStoreObservers: Sendable {
	static let shared = ExternalStoreObservers()

	private struct Entry {
		weak var store: AnyObject?
		let observers: ChangeObservers
	}

	private let stores = Locked<[ObjectIdentifier: Entry]>([:])

	func observers(for store: any DefaultsStore) -> ChangeObservers {
		stores.withLock { stores in
			let id = ObjectIdentifier(store)
			if let entry = stores[id], entry.store === store {
				return entry.observers
			}
			stores = stores.filter { $0.value.store != nil }
			let observers = ChangeObservers()
			stores[id] = Entry(store: store, observers: observers)
			return observers
		}
	}

	/// The observers of `store` if anyone observes it, without creating them.
	func existingObservers(for store: any DefaultsStore) -> ChangeObservers? {
		stores.withLock { stores in
			guard let entry = stores[ObjectIdentifier(store)], entry.store === store else { return nil }
			return entry.observers
		}
	}
}

extension Defaults {
	/// The observers of a store.
	package static func observers(for store: any DefaultsStore) -> ChangeObservers {
		if let core = storeCore(of: store) {
			return core.observers
		}
		return ExternalStoreObservers.shared.observers(for: store)
	}

	/**
	Tells observers that keys of a store changed.

	The package's own stores and `UserDefaults` call this themselves; a store of your own calls it after each
	change so that `Defaults.observe(_:options:handler:)` and
	`Defaults.updates(_:initial:)` see changes made through it.

	```swift
	final class RedisStore: DefaultsStore {
		func setStoredValue(_ value: Defaults.JSONValue, forKey key: String) {
			// ... write ...
			Defaults.storeDidChange(self, keys: [key])
		}
	}
	```

	- Parameters:
	  - store: The store whose values changed.
	  - keys: The names of the keys that changed, or `nil` if every key may have changed.
	*/
	public static func storeDidChange(_ store: any DefaultsStore, keys: Set<String>?) {
		if let core = storeCore(of: store) {
			core.observers.post(keys: keys)
		} else {
			ExternalStoreObservers.shared.existingObservers(for: store)?.post(keys: keys)
		}
	}
}
