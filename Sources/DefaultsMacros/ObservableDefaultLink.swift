import Defaults
import Observation

/**
What the expansion of ``ObservableDefault(_:)`` calls; not for direct use.

Each property marked `@ObservableDefault` gets one link, stored in the instance.
On the first read or write the link starts observing the key and keeps that
observation until the instance (and so the link) goes away. Each change the
observation reports becomes a mutation of the property in the instance's
observation registrar, which is what `withObservationTracking` listens to.
The observation holds the instance weakly: no retain cycle.
*/
public final class _ObservableDefaultLink: Sendable {
	private let observation = Locked<(any Defaults.Observation)?>(nil)

	/// A link not connected yet (the macro's expansion connects it on first use).
	public init() {}

	deinit {
		observation.withLock { $0?.invalidate() }
	}

	/// The getter: registers the read with the registrar and returns the key's value.
	public func read<Owner: Observable & AnyObject, Value: Defaults.Serializable>(
		_ key: Defaults.Key<Value>,
		of owner: Owner,
		keyPath: KeyPath<Owner, Value>,
		registrar: ObservationRegistrar
	) -> Value {
		connect(key, to: owner, keyPath: keyPath, registrar: registrar)
		registrar.access(owner, keyPath: keyPath)
		return Defaults[key]
	}

	/// The setter: writes the key. The key's observation then reports the mutation, as it
	/// does for a write made anywhere else (and not for a write of the value the key has).
	public func write<Owner: Observable & AnyObject, Value: Defaults.Serializable>(
		_ value: Value,
		to key: Defaults.Key<Value>,
		of owner: Owner,
		keyPath: KeyPath<Owner, Value>,
		registrar: ObservationRegistrar
	) {
		connect(key, to: owner, keyPath: keyPath, registrar: registrar)
		Defaults[key] = value
	}

	/// Starts observing `key` for `owner` unless this link already does.
	private func connect<Owner: Observable & AnyObject, Value: Defaults.Serializable>(
		_ key: Defaults.Key<Value>,
		to owner: Owner,
		keyPath: KeyPath<Owner, Value>,
		registrar: ObservationRegistrar
	) {
		guard observation.withLock({ $0 == nil }) else { return }
		// The observation is made outside the lock: reading the key may call a bridge or the
		// problem handler, which may read this very property. The forwarder is kept behind a
		// non-generic protocol, so the handler, which runs on any thread, captures no metatype
		// of the generic parameters (see MutationForwarder on why that is sound).
		let forwarder: any MutationForwarding = MutationForwarder(owner: owner, keyPath: keyPath, registrar: registrar)
		let started = Defaults.observe(keys: key, options: []) { forwarder.forward() }
		let isFirst = observation.withLock { observation in
			guard observation == nil else { return false }
			observation = started
			return true
		}
		if !isFirst {
			started.invalidate()
		}
	}
}

/// Something that reports a mutation, from any thread.
private protocol MutationForwarding: Sendable {
	func forward()
}

/**
Tells a registrar that a property of an instance changed, if the instance still exists.

`@unchecked Sendable`: it is called on whatever thread changed the key, while the
instance need not be `Sendable`. That is sound because nothing here touches the
instance's state: the weak reference is only loaded (an atomic operation) to hand
the instance to the registrar as the subject of the mutation, and the registrar
is `Sendable` and uses the subject for nothing but its type. The key path and the
registrar never change. No conformance is used off the instance's thread either:
`Observable` has no requirements, and the value type's only role is in the key
path's type. One consequence: for the duration of `forward()` this thread holds
a strong reference, so if every other reference is dropped at that moment, the
instance is deinitialized on this thread.
*/
private final class MutationForwarder<Owner: Observable & AnyObject, Value>: MutationForwarding, @unchecked Sendable {
	private weak var owner: Owner?
	private let keyPath: KeyPath<Owner, Value>
	private let registrar: ObservationRegistrar

	init(owner: Owner, keyPath: KeyPath<Owner, Value>, registrar: ObservationRegistrar) {
		self.owner = owner
		self.keyPath = keyPath
		self.registrar = registrar
	}

	func forward() {
		guard let owner else { return }
		registrar.withMutation(of: owner, keyPath: keyPath) {}
	}
}
