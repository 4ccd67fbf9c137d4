extension Defaults {
	/**
	The values of a key as an asynchronous sequence: the current value first
	(unless `initial` is false), then each new value.

	```swift
	Task {
		for await value in Defaults.updates(.isUnicornMode) {
			print("Value:", value)
		}
	}
	```

	The sequence ends when the task iterating it is cancelled.
	*/
	public static func updates<Value: Serializable>(
		_ key: Key<Value>,
		initial: Bool = true
	) -> AsyncStream<Value> {
		AsyncStream { continuation in
			let observation = observe(key, options: initial ? [.initial] : []) { change in
				// Each event's value is a copy of its own, decoded for this change: nothing else holds it.
				nonisolated(unsafe) let value = change.newValue
				continuation.yield(value)
			}
			continuation.onTermination = { _ in observation.invalidate() }
		}
	}

	/**
	An asynchronous sequence that yields each time any of `keys` changes, without details
	(and once right away, unless `initial` is false).

	```swift
	for await _ in Defaults.updates([.quality, .isUnicornMode]) {
		redraw()
	}
	```
	*/
	public static func updates(_ keys: [Keys], initial: Bool = true) -> AsyncStream<Void> {
		AsyncStream { continuation in
			let observation = observe(keys: keys, options: initial ? [.initial] : []) {
				continuation.yield()
			}
			continuation.onTermination = { _ in observation.invalidate() }
		}
	}

	/**
	The values of several keys together, as a tuple, each time any of them changes.

	```swift
	for await (quality, isUnicornMode) in Defaults.updates(.quality, .isUnicornMode) {
		print(quality, isUnicornMode)
	}
	```
	*/
	public static func updates<each Value: Serializable>(
		_ keys: repeat Key<each Value>,
		initial: Bool = true
	) -> AsyncStream<(repeat each Value)> {
		var erased: [Keys] = []
		for key in repeat each keys {
			erased.append(key)
		}
		let read: @Sendable () -> (repeat each Value) = { (repeat Defaults[each keys]) }
		return AsyncStream { continuation in
			let observation = observe(keys: erased, options: initial ? [.initial] : []) {
				continuation.yield(read())
			}
			continuation.onTermination = { _ in observation.invalidate() }
		}
	}
}
