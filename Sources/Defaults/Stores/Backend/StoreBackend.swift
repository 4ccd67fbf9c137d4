/**
Where a ``BackedStore`` keeps its values: a file, a database, a server.

A backend only loads, keeps changes, and reports changes made elsewhere; the store in front of
it gives every key a cache of its decoded value, tells observers about every change
once all locks are released, and honours ``Defaults/withoutPropagation(_:)``.

```swift
final class DictionaryBackend: DefaultsStoreBackend, @unchecked Sendable {
	private let lock = NSLock()
	private var saved: [String: Defaults.JSONValue] = [:]
	private var link: BackendLink?

	func loadValues() -> [String: Defaults.JSONValue] { lock.withLock { saved } }

	func connect(_ link: BackendLink) { lock.withLock { self.link = link } }

	func changesArePending() {
		lock.withLock {
			guard let batch = link?.takeChanges() else { return }
			saved = batch.applied(to: saved)
		}
	}
}

let store = BackedStore(backend: DictionaryBackend())
let volume = Defaults.Key<Int>("volume", default: 5, suite: store)
Defaults[volume] = 7   // cached, observed, and handed to the backend
```

How a write travels: `Defaults[key] = value` → the key's bridge makes the stored
form (``Defaults/JSONValue``) → the store's shared layer records it, bumps the key's
version (so cached reads stay valid for every other key) and queues it as a change
→ the backend's ``changesArePending()`` is called (it takes the batch with
``BackendLink/takeChanges()`` now or later and keeps it) → observers are told, with no
lock held.

How an outside change travels: the backend notices it (a file watch, a server
push) → it calls ``BackendLink/applyOutsideChanges(setting:removing:keeping:)`` → the shared layer updates
the keys this process has not changed meanwhile, invalidates their cached values,
and tells observers (and so `updates`, publishers and the settings editor).
*/
public protocol DefaultsStoreBackend: AnyObject, Sendable {
	/// Every value the backend holds, read once when the store opens.
	func loadValues() -> [String: Defaults.JSONValue]

	/// The store opened: keep `link` to take this process's changes and to report changes
	/// made elsewhere. Called once, right after ``loadValues()``.
	func connect(_ link: BackendLink)

	/**
	Called when changes made in this process wait in the link.

	Take them with ``BackendLink/takeChanges()``, now or later (to coalesce a burst), and
	give back a batch that could not be kept with ``BackendLink/restoreChanges(_:)``. Called
	after each change, on the thread that made it, with no lock of the store held.
	*/
	func changesArePending()

	/**
	The store in front of this backend as a ``SavingStore``, when it is one: what its
	``DefaultsStore/saving`` answers. A backend whose store adopts ``SavingStore`` (for this
	backend alone: `extension BackedStore: SavingStore where Backend == MyBackend`) returns
	`store`; by default a backend's store does not save.

	```swift
	extension MyBackend { public func saving(of store: BackedStore<MyBackend>) -> (any SavingStore)? { store } }
	```
	*/
	func saving(of store: BackedStore<Self>) -> (any SavingStore)?
}

extension DefaultsStoreBackend {
	/// `nil`: the backend's store does not say how saving goes.
	public func saving(of store: BackedStore<Self>) -> (any SavingStore)? { nil }
}
