@_exported import Defaults
@preconcurrency import OpenCombine

extension Defaults {
	/**
	A publisher of a key's changes, for code written against Combine: on Linux,
	change `import Combine` to `import OpenCombine` and `import Defaults` to
	`import DefaultsOpenCombine`.

	```swift
	let cancellable = Defaults.publisher(.isUnicornMode).sink { change in
		print(change.oldValue, change.newValue)
	}
	//=> false false   (the initial event)

	Defaults[.isUnicornMode] = true
	//=> false true

	cancellable.cancel()
	```

	Each subscription observes the key (see `Defaults.observe(_:options:handler:)`)
	until it is cancelled; values arrive on the thread that made the change.
	*/
	public static func publisher<Value: Serializable>(
		_ key: Key<Value>,
		options: ObservationOptions = [.initial]
	) -> AnyPublisher<KeyChange<Value>, Never> {
		ObservationPublisher { send in
			let send = UncheckedSendable(send)
			return Defaults.observe(key, options: options) { change in send.value(change) }
		}
		.eraseToAnyPublisher()
	}

	/// A publisher that emits each time any of `keys` changes, without details.
	///
	/// ```swift
	/// let cancellable = Defaults.publisher(keys: .quality, .isUnicornMode).sink { redraw() }
	/// ```
	public static func publisher(keys: Keys..., options: ObservationOptions = [.initial]) -> AnyPublisher<Void, Never> {
		publisher(keys: keys, options: options)
	}

	/// A publisher for several keys given as an array. See `publisher(keys:options:)`.
	public static func publisher(keys: [Keys], options: ObservationOptions = [.initial]) -> AnyPublisher<Void, Never> {
		ObservationPublisher { send in
			let send = UncheckedSendable(send)
			return Defaults.observe(keys: keys, options: options) { send.value(()) }
		}
		.eraseToAnyPublisher()
	}
}

extension Default {
	/// The type of ``publisher``, named as in the original library.
	public typealias Publisher = AnyPublisher<Defaults.KeyChange<Value>, Never>

	/**
	A publisher of the wrapped key's changes, starting with the current value.

	```swift
	struct Settings {
		@Default(.hasUnicorn) var hasUnicorn
	}

	let cancellable = Settings().$hasUnicorn.publisher.sink { change in
		print(change.newValue)
	}
	```

	It is ``Defaults/publisher(_:options:)`` for the property's key.
	*/
	public var publisher: Publisher {
		Defaults.publisher(key)
	}
}

extension KeyValueStorage {
	/**
	A publisher of a key's values: the current value, then each new one.

	```swift
	let cancellable = storage.publishers(key: \.counter).sink { count in
		print("New value: \(count)")
	}
	```
	*/
	public func publishers<Definition: Defaults.StorageKeyDefinition>(key keyPath: KeyPath<Group, Definition>) -> AnyPublisher<Definition.Value, Never> {
		let keyPath = UncheckedSendable(keyPath)
		return ObservationPublisher { [self] send in
			let send = UncheckedSendable(send)
			return observe(key: keyPath.value) { value in send.value(value) }
		}
		.eraseToAnyPublisher()
	}
}

/// Starts an observation for each subscriber and ends it when the subscription is cancelled.
struct ObservationPublisher<Output>: Publisher {
	typealias Failure = Never
	/// Starts observing; `send` may be called from any thread (the subscription locks).
	typealias Start = (_ send: @escaping (Output) -> Void) -> Defaults.Observation

	let start: Start

	init(_ start: @escaping Start) {
		self.start = start
	}

	func receive<Subscriber: OpenCombine.Subscriber>(subscriber: Subscriber) where Subscriber.Input == Output, Subscriber.Failure == Never {
		subscriber.receive(subscription: ObservationSubscription(subscriber: subscriber, start: start))
	}
}

/// Forwards an observation's values to a subscriber as far as it has asked for them.
private final class ObservationSubscription<Subscriber: OpenCombine.Subscriber>: Subscription, @unchecked Sendable where Subscriber.Failure == Never {
	private let lock = Lock()
	private var subscriber: Subscriber?
	private var demand = Subscribers.Demand.none
	private var observation: Defaults.Observation?
	private let start: ObservationPublisher<Subscriber.Input>.Start

	init(subscriber: Subscriber, start: @escaping ObservationPublisher<Subscriber.Input>.Start) {
		self.subscriber = subscriber
		self.start = start
	}

	func request(_ demand: Subscribers.Demand) {
		let shouldStart = lock.withLock { () -> Bool in
			self.demand += demand
			return self.observation == nil && subscriber != nil
		}
		guard shouldStart else { return }
		// Started on the first request, so that the initial event is not lost.
		let forward = WeakForwarder(self)
		let started = start { value in forward.send(value) }
		lock.withLock { self.observation = started }
	}

	fileprivate func send(_ value: Subscriber.Input) {
		let target = lock.withLock { () -> Subscriber? in
			guard let subscriber, demand > 0 else { return nil }
			demand -= 1
			return subscriber
		}
		guard let target else { return }
		let more = target.receive(value)
		lock.withLock { demand += more }
	}

	func cancel() {
		let observation = lock.withLock { () -> Defaults.Observation? in
			subscriber = nil
			defer { self.observation = nil }
			return self.observation
		}
		observation?.invalidate()
	}
}

/// Holds a subscription weakly, so that an observation does not keep it alive.
private struct WeakForwarder<Subscriber: OpenCombine.Subscriber> where Subscriber.Failure == Never {
	weak var subscription: ObservationSubscription<Subscriber>?

	init(_ subscription: ObservationSubscription<Subscriber>) {
		self.subscription = subscription
	}

	func send(_ value: Subscriber.Input) {
		subscription?.send(value)
	}
}
