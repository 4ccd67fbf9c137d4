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

	**Threads.** The handler runs on the thread that made the change, right
	after it and with no lock held, so it may read and write defaults (use
	``withoutPropagation(_:)`` to write the key it observes). Changes made by
	other processes are reported on a background thread. The initial event is
	reported before `observe` returns.

	- Parameters:
	  - key: The key to observe, in its own store.
	  - options: `[.initial]` (the default) also reports the current value right away.
	  - handler: Receives each change.
	- Returns: The observation; it ends when released. Keep it, or use ``Observation/tieToLifetime(of:)``.
	*/
	public static func observe<Value: Serializable>(
		_ key: Key<Value>,
		options: ObservationOptions = [.initial],
		handler: @escaping @Sendable (KeyChange<Value>) -> Void
	) -> Observation {
		let observation = KeyObservation(key: key, store: key.suite, handler: handler)
		if options.contains(.initial) {
			observation.sendInitialEvent()
		}
		return observation
	}

	/**
	Observes several keys, of any types: `handler` runs when any of them changes, without details.

	```swift
	let observer = Defaults.observe(keys: .quality, .isUnicornMode) {
		redraw()
	}
	```

	Keys in different stores are each observed in their own store. Options and
	threads are as for ``observe(_:options:handler:)``; the initial event runs
	`handler` once.
	*/
	public static func observe(
		keys: Keys...,
		options: ObservationOptions = [.initial],
		handler: @escaping @Sendable () -> Void
	) -> Observation {
		observe(keys: keys, options: options, handler: handler)
	}

	/// Observes several keys given as an array. See ``observe(keys:options:handler:)-(Keys...,_,_)``.
	public static func observe(
		keys: [Keys],
		options: ObservationOptions = [.initial],
		handler: @escaping @Sendable () -> Void
	) -> Observation {
		var observations: [KeysObservation] = []
		var byStore: [ObjectIdentifier: (store: any DefaultsStore, names: Set<String>)] = [:]
		for key in keys {
			byStore[ObjectIdentifier(key.suite), default: (key.suite, [])].names.insert(key.name)
		}
		for (store, names) in byStore.values {
			observations.append(KeysObservation(names: names, store: store) { _ in handler() })
		}
		if options.contains(.initial) {
			handler()
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

	Threads are as for ``observe(_:options:handler:)``.
	*/
	public static func observe(
		keysNamed names: Set<String>,
		in store: any DefaultsStore,
		handler: @escaping @Sendable (Set<String>) -> Void
	) -> Observation {
		KeysObservation(names: names, store: store, handler: handler)
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
