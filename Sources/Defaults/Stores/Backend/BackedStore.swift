/**
A store in front of a backend of your own (``DefaultsStoreBackend``).

Keys read it through a cache of decoded values as fast as the built-in stores, observers
hear of every change after all locks are released, and ``Defaults/withoutPropagation(_:)``
works, without the backend doing any of it.

```swift
let store = BackedStore(backend: RedisBackend(url: redisURL))
extension Defaults.Keys {
	static let theme = Key<Theme>("theme", default: .system, suite: store)
}
```
*/
public final class BackedStore<Backend: DefaultsStoreBackend>: DefaultsStore, CoreBackedStore, Sendable {
	/// Where the values are kept.
	public let backend: Backend
	let core: StoreCore

	/// Opens a store over `backend`, loading its values.
	public init(backend: Backend) {
		self.backend = backend
		core = StoreCore(values: backend.loadValues()) { [weak backend] in
			backend?.changesArePending()
		}
		backend.connect(BackendLink(core: core))
	}

	/// The store itself when it saves, as a store over etcd does: its backend says so
	/// (``DefaultsStoreBackend/saving(of:)``), since the backend's module, not this one, makes
	/// the store a ``SavingStore`` for that backend alone.
	public var saving: (any SavingStore)? {
		backend.saving(of: self)
	}
}
