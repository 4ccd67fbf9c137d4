extension Defaults {
	/**
	Observes a key: `handler` gets the old and the new value each time the value changes.

	```swift
	extension Defaults.Keys {
		static let isUnicornMode = Key<Bool>("isUnicornMode", default: false)
	}

	let observer = Defaults.observe(.isUnicornMode) { change in
		print(change.oldValue, change.newValue)
	}
	//=> false false   (the initial event)

	Defaults[.isUnicornMode] = true
	//=> false true
	```

	Events come for changes made through any API (subscripts, `reset`,
	`removeAll`, property wrappers, key groups) and, for a file store, for
	changes made by other processes. Setting a key to the value it already has
	reports nothing.

	**Threads.** Where the handler runs depends on where `observe` is called:
	- In an actor (a `@MainActor` class, say), the handler belongs to that actor and runs
	  only there: at once when the change is made on it, otherwise soon after, in order.
	  So a main-actor class may set its own properties from the handler.
	- Outside any actor, the handler runs on the thread that made the change, right after
	  it (changes made by other processes: a background thread), as with the original
	  library; what it touches must then be safe to use from any thread. When threads
	  write at once, each set first waits (at most a second) for the handlers of earlier
	  changes, so handlers see the changes in the order they were made.

	Either way no lock is held, so the handler may read and write defaults (use
	``withoutPropagation(_:)`` to write the key it observes). The initial event is
	reported before `observe` returns.

	- Parameters:
	  - key: The key to observe, in its own store.
	  - options: `[.initial]` (the default) also reports the current value right away;
	    ``ObservationOption/prior`` adds a notice before each change.
	  - isolation: The actor the handler belongs to: the caller's, by default.
	  - handler: Receives each change.
	- Returns: The observation; it ends when released. Keep it, or use ``Observation/tieToLifetime(of:)``.
	*/
	public static func observe<Value: Serializable>(
		_ key: Key<Value>,
		options: ObservationOptions = [.initial],
		isolation: isolated (any Actor)? = #isolation,
		handler: @escaping (KeyChange<Value>) -> Void
	) -> Observation {
		startObserving(key, options: options, delivery: HandlerDelivery(handler, isolation: isolation))
	}

	// Outside the caller's actor, so that the closures made here are not isolated to it.
	private static func startObserving<Value: Serializable>(
		_ key: Key<Value>,
		options: ObservationOptions,
		delivery: HandlerDelivery<KeyChange<Value>>
	) -> Observation {
		let callbacks = delivery.callbacks
		let deliver = options.contains(.prior) ? Self.withPriorNotice(callbacks.deliver) : callbacks.deliver
		let observation = KeyObservation(key: key, store: key.suite, onEnd: callbacks.cancel, handler: deliver)
		if options.contains(.initial) {
			delivery.deliverNow(observation.initialEvent())
		}
		return observation
	}

	/// Wraps `deliver` so that each change is preceded by its `.prior` notice: the value
	/// before the change as both old and new value, marked `isPrior`.
	private static func withPriorNotice<Value>(
		_ deliver: @escaping @Sendable (KeyChange<Value>) -> Void
	) -> @Sendable (KeyChange<Value>) -> Void {
		{ change in
			deliver(KeyChange(oldValue: change.oldValue, newValue: change.oldValue, isPrior: true))
			deliver(change)
		}
	}

	/**
	Observes several keys, of any types: `handler` runs when any of them changes, without details.

	```swift
	let observer = Defaults.observe(keys: .quality, .isUnicornMode) {
		redraw()
	}
	```

	Keys in different stores are each observed in their own store. Options and
	threads are as for ``observe(_:options:isolation:handler:)``; the initial event runs
	`handler` once.
	*/
	public static func observe(
		keys: Keys...,
		options: ObservationOptions = [.initial],
		isolation: isolated (any Actor)? = #isolation,
		handler: @escaping () -> Void
	) -> Observation {
		observe(keys: keys, options: options, isolation: isolation, handler: handler)
	}

	/// Observes several keys given as an array. See `observe(keys:options:isolation:handler:)`.
	public static func observe(
		keys: [Keys],
		options: ObservationOptions = [.initial],
		isolation: isolated (any Actor)? = #isolation,
		handler: @escaping () -> Void
	) -> Observation {
		startObserving(keys: keys, options: options, delivery: HandlerDelivery(handler, isolation: isolation))
	}

	private static func startObserving(keys: [Keys], options: ObservationOptions, delivery: HandlerDelivery<Void>) -> Observation {
		var observations: [KeysObservation] = []
		var byStore: [ObjectIdentifier: (store: any DefaultsStore, names: Set<String>)] = [:]
		for key in keys {
			byStore[ObjectIdentifier(key.suite), default: (key.suite, [])].names.insert(key.name)
		}
		let timesPerChange = options.contains(.prior) ? 2 : 1
		for (store, names) in byStore.values {
			observations.append(KeysObservation(names: names, store: store, onEnd: { delivery.cancel() }) { _ in
				// With `.prior`, once for the notice before the change and once for the change.
				for _ in 0..<timesPerChange {
					delivery.deliver(())
				}
			})
		}
		if options.contains(.initial) {
			delivery.deliverNow(())
		}
		return observations.count == 1 ? observations[0] : CompositeObservation(observations)
	}
}

extension Defaults {
	/**
	Observes keys by name in a store, for tools that know settings by name rather than
	as typed keys (the settings editor, a schema file). `handler` gets the names of the
	keys whose stored value changed.

	```swift
	let observation = Defaults.observe(keysNamed: ["volume", "theme"], in: store) { changed in
		print("changed:", changed.sorted())
	}
	```

	Threads are as for `observe(_:options:handler:)`.
	*/
	public static func observe(
		keysNamed names: Set<String>,
		in store: any DefaultsStore,
		handler: @escaping @Sendable (Set<String>) -> Void
	) -> Observation {
		KeysObservation(names: names, store: store, handler: handler)
	}

	/**
	Observes every change to a store, for tools that serve all its values (a configuration
	provider, a mirror).

	`handler` gets the names of the keys that changed, or `nil` when
	any may have (the store was reloaded or cleared); changes made in
	``withoutPropagation(_:)`` are left out, as for the other observations.

	```swift
	let observation = Defaults.observeChanges(in: store) { changed in
		print("changed:", changed?.sorted() ?? ["everything"])
	}
	```

	Threads are as for `observe(_:options:handler:)`.
	*/
	public static func observeChanges(
		in store: any DefaultsStore,
		handler: @escaping @Sendable (Set<String>?) -> Void
	) -> Observation {
		StoreObservation(store: store, handler: handler)
	}
}

/// Every change to a store, reported with the names of the keys it touched.
final class StoreObservation: ObservationBase, @unchecked Sendable {
	private let handler: @Sendable (Set<String>?) -> Void

	init(store: any DefaultsStore, handler: @escaping @Sendable (Set<String>?) -> Void) {
		self.handler = handler
		super.init(store: store)
		start(keys: nil)
	}

	override func handleChange(_ change: StoreChange) {
		if !change.suppressed, isValid {
			handler(change.keys)
		}
	}
}

/// Several observations that act as one (keys spread over several stores).
final class CompositeObservation: Defaults.Observation, @unchecked Sendable {
	private let observations: [any Defaults.Observation]

	init(_ observations: [any Defaults.Observation]) {
		self.observations = observations
	}

	func invalidate() {
		observations.forEach { $0.invalidate() }
	}

	@discardableResult
	func tieToLifetime(of weaklyHeldObject: AnyObject) -> Self {
		observations.forEach { $0.tieToLifetime(of: weaklyHeldObject) }
		return self
	}

	func removeLifetimeTie() {
		observations.forEach { $0.removeLifetimeTie() }
	}
}
