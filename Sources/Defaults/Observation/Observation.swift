import Synchronization

extension Defaults {
	/**
	An observation of one or more keys, returned by `Defaults.observe(_:options:handler:)`.

	Keep it as long as you want to be told about changes: it ends when it is
	released, when ``invalidate()`` is called, or, after
	``tieToLifetime(of:)``, when the tied object is released.

	```swift
	final class Controller {
		init() {
			Defaults.observe(.isUnicornMode) { change in
				print(change.newValue)
			}.tieToLifetime(of: self)
		}
	}
	```
	*/
	public protocol Observation: AnyObject, Sendable {
		/// Ends the observation: once this returns, no new callback starts.
		func invalidate()

		/// Keeps the observation alive for as long as `weaklyHeldObject` exists, and no longer.
		@discardableResult
		func tieToLifetime(of weaklyHeldObject: AnyObject) -> Self

		/// Undoes ``tieToLifetime(of:)``: the observation again lives as long as it is referenced.
		func removeLifetimeTie()
	}
}

/// The shared part of every observation: its store, validity and lifetime tie.
/// Subclasses handle changes in ``handleChange(_:)``.
class ObservationBase: Defaults.Observation, StoreChangeListener, @unchecked Sendable {
	let store: any DefaultsStore
	let observers: ChangeObservers
	private let valid = Atomic<Bool>(true)
	/// Runs when the observation ends (invalidated, released or outlived by its tie).
	private let onEnd: (@Sendable () -> Void)?

	init(store: any DefaultsStore, onEnd: (@Sendable () -> Void)? = nil) {
		self.store = store
		self.onEnd = onEnd
		observers = Defaults.observers(for: store)
	}

	deinit {
		valid.store(false, ordering: .releasing)
		onEnd?()
	}

	/// Whether the observation may still call its handler.
	var isValid: Bool {
		valid.load(ordering: .acquiring)
	}

	/// Starts receiving changes to `keys` (`nil`: all keys).
	func start(keys: Set<String>?) {
		observers.add(self, keys: keys)
	}

	final func storeDidChange(_ change: StoreChange) {
		if observers.hasOutlivedItsTie(self) {
			invalidate()
			return
		}
		handleChange(change)
	}

	/// Called for every change to the observed keys; overridden by each kind of observation.
	func handleChange(_ change: StoreChange) {}

	final func invalidate() {
		valid.store(false, ordering: .releasing)
		onEnd?()
		observers.remove(self)
	}

	@discardableResult
	final func tieToLifetime(of weaklyHeldObject: AnyObject) -> Self {
		observers.tie(self, to: weaklyHeldObject)
		return self
	}

	final func removeLifetimeTie() {
		observers.tie(self, to: nil)
	}
}

/// Observes one key and reports typed old and new values.
final class KeyObservation<Value: Defaults.Serializable>: ObservationBase, @unchecked Sendable {
	private let key: Defaults.Key<Value>
	private let handler: @Sendable (Defaults.KeyChange<Value>) -> Void
	private let lock = Lock()
	private var lastStored: Defaults.JSONValue?
	private var lastValue: Value

	init(
		key: Defaults.Key<Value>, store: any DefaultsStore, onEnd: (@Sendable () -> Void)? = nil,
		handler: @escaping @Sendable (Defaults.KeyChange<Value>) -> Void
	) {
		self.key = key
		self.handler = handler
		lastStored = store.storedValue(forKey: key.name)
		lastValue = key.value(in: store)
		super.init(store: store, onEnd: onEnd)
		start(keys: [key.name])
	}

	/// The event `.initial` reports: the current value as both old and new.
	func initialEvent() -> Defaults.KeyChange<Value> {
		let current = lock.withLock { lastValue }
		return Defaults.KeyChange(oldValue: current, newValue: current)
	}

	override func handleChange(_ change: StoreChange) {
		// The value this change left, not the store's value now: with several writers at
		// once, each change is one event, in order.
		let stored = change.storedValue(of: key.name, in: store)
		let newValue = key.decodedValue(stored)
		lock.lock()
		guard stored != lastStored else {
			lock.unlock()
			return
		}
		let oldValue = lastValue
		lastStored = stored
		lastValue = newValue
		lock.unlock()
		if !change.suppressed, isValid {
			handler(Defaults.KeyChange(oldValue: oldValue, newValue: newValue))
		}
	}
}

/// Observes several keys of one store and reports which of them changed.
final class KeysObservation: ObservationBase, @unchecked Sendable {
	private let names: Set<String>
	private let handler: @Sendable (Set<String>) -> Void
	private let lock = Lock()
	private var lastStored: [String: Defaults.JSONValue?]

	init(names: Set<String>, store: any DefaultsStore, onEnd: (@Sendable () -> Void)? = nil, handler: @escaping @Sendable (Set<String>) -> Void) {
		self.names = names
		self.handler = handler
		lastStored = Dictionary(uniqueKeysWithValues: names.map { ($0, store.storedValue(forKey: $0)) })
		super.init(store: store, onEnd: onEnd)
		start(keys: names)
	}

	override func handleChange(_ change: StoreChange) {
		let changed = lock.withLock {
			var changed: Set<String> = []
			for name in change.keys.map({ $0.intersection(names) }) ?? names {
				let stored = change.storedValue(of: name, in: store)
				if lastStored[name] != .some(stored) {
					lastStored[name] = .some(stored)
					changed.insert(name)
				}
			}
			return changed
		}
		if !changed.isEmpty, !change.suppressed, isValid {
			handler(changed)
		}
	}
}
