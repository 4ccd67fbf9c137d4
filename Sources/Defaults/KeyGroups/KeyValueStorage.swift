import Foundation
import Observation

/**
Reads and writes the keys of a ``KeyGroup`` in a store, as properties.

```swift
struct AppKeys: KeyGroup {
	let launchCount = KeyDefinition(key: "launchCount", defaultValue: 0)
	let lastLaunchDate = KeyDefinition<Date?>(key: "lastLaunchDate")
}

let storage = KeyValueStorage<AppKeys>(backend: UserDefaults.standard)
let launchCount = storage.launchCount  // read
storage.launchCount = launchCount + 1  // write
storage.lastLaunchDate = .now
```

Any store is a backend: `UserDefaults`, ``FileStore``, ``InMemoryStorage``.

**Observing.** The storage is `Observable`: `withObservationTracking` sees
changes to the keys read inside it, whoever made them (this storage, another
one, code using `Defaults.Key`s of the same names, or, for a file store,
another process). ``stream(key:)`` gives the values as an asynchronous
sequence. Observation lasts as long as the storage: keep it.
*/
@dynamicMemberLookup
public final class KeyValueStorage<Group: KeyGroup>: Observable, @unchecked Sendable {
	/// The store that holds the values.
	public let backend: any DefaultsStore
	private let group = Group()
	private let registrar = ObservationRegistrar()
	private let tracked = Locked<[String: @Sendable () -> Void]>([:])
	private let nested = Locked<[AnyKeyPath: AnyObject]>([:])
	private let lock = Lock()
	private var observation: KeysObservation?

	/// Storage for the keys of `Group`, read from and written to `backend`.
	public init(backend: any DefaultsStore) {
		self.backend = backend
	}

	deinit {
		observation?.invalidate()
	}

	// MARK: Reading and writing

	/// The value of a key of the group. Reading gives its default when nothing is stored or the stored value
	/// does not fit (which is reported); setting an optional key to `nil` removes it.
	public subscript<Definition: Defaults.StorageKeyDefinition>(dynamicMember keyPath: KeyPath<Group, Definition>) -> Definition.Value {
		get {
			let definition = group[keyPath: keyPath]
			track(definition.key, keyPath: keyPath)
			registrar.access(self, keyPath: \.[dynamicMember: keyPath])
			return definition.read(from: backend)
		}
		set {
			let definition = group[keyPath: keyPath]
			track(definition.key, keyPath: keyPath)
			definition.write(newValue, to: backend)
		}
	}

	/// A nested group, in the same backend.
	public subscript<Nested: KeyGroup>(dynamicMember keyPath: KeyPath<Group, Nested>) -> KeyValueStorage<Nested> {
		nested.withLock { nested in
			if let storage = nested[keyPath] as? KeyValueStorage<Nested> { return storage }
			let storage = KeyValueStorage<Nested>(backend: backend)
			nested[keyPath] = storage
			return storage
		}
	}

	/// Resets a key to its default by removing its stored value.
	public func reset<Definition: Defaults.StorageKeyDefinition>(key keyPath: KeyPath<Group, Definition>) {
		backend.removeStoredValue(forKey: group[keyPath: keyPath].key)
	}

	// MARK: Observing

	/**
	The values of a key as an asynchronous sequence: the current value, then each new one.

	```swift
	Task {
		for await count in storage.stream(key: \.counter) {
			print("New value:", count)
		}
	}
	```
	*/
	public func stream<Definition: Defaults.StorageKeyDefinition>(key keyPath: KeyPath<Group, Definition>) -> AsyncStream<Definition.Value> {
		AsyncStream { continuation in
			let observation = observe(key: keyPath) { value in continuation.yield(value) }
			continuation.onTermination = { _ in observation.invalidate() }
		}
	}

	/**
	Calls `handler` with the key's value each time it changes (and right away, with `[.initial]`),
	on the thread that made the change. The observation ends when released or invalidated.

	```swift
	let observation = storage.observe(key: \.launchCount) { count in
		print("launchCount is now", count)
	}
	```
	*/
	public func observe<Definition: Defaults.StorageKeyDefinition>(
		key keyPath: KeyPath<Group, Definition>,
		options: Defaults.ObservationOptions = [.initial],
		handler: @escaping @Sendable (Definition.Value) -> Void
	) -> Defaults.Observation {
		let definition = group[keyPath: keyPath]
		let backend = UncheckedSendable(backend)
		let observation = KeysObservation(names: [definition.key], store: backend.value) { _ in
			handler(definition.read(from: backend.value))
		}
		if options.contains(.initial) {
			handler(definition.read(from: backend.value))
		}
		return observation
	}

	/// Remembers how to tell the registrar that `key` changed, and watches the store for it.
	private func track<Definition: Defaults.StorageKeyDefinition>(_ key: String, keyPath: KeyPath<Group, Definition>) {
		let keyPath = UncheckedSendable(keyPath)
		let isNew = tracked.withLock { tracked -> Bool in
			guard tracked[key] == nil else { return false }
			tracked[key] = { [weak self] in
				guard let self else { return }
				self.registrar.withMutation(of: self, keyPath: \.[dynamicMember: keyPath.value]) {}
			}
			return true
		}
		guard isNew else { return }
		let names = Set(tracked.value.keys)
		lock.withLock {
			observation?.invalidate()
			observation = KeysObservation(names: names, store: backend) { [weak self] changed in
				self?.notifyChanged(changed)
			}
		}
	}

	private func notifyChanged(_ keys: Set<String>) {
		let tracked = tracked.value
		for key in keys {
			tracked[key]?()
		}
	}
}
