import Synchronization

/**
A store made of layers, as settings are on a managed machine: an administrator's locks,
values given on the command line, the user's own store, and system-wide defaults.

A key reads from the highest layer that has a value for it:

1. **Locks** (``locks``): a locked key reads the system-wide value, or its declared
   default, whatever the layers above hold; changing it is refused and reported.
2. **The command line** (``arguments``): values for this run only, never saved.
3. **The user's store** (``user``): every write and reset goes here.
4. **System-wide defaults** (``system``): read-only stores; the first that has the key wins.
5. The key's declared default.

The store is the standard store of every program (see ``standard``), whose layers are found
the way GLib's and XDG's are; any store can be layered the same way:

```swift
let store = LayeredStore(
	user: FileStore(url: URL(fileURLWithPath: "/var/lib/mydaemon/settings.json")),
	system: [FileStore(url: URL(fileURLWithPath: "/etc/mydaemon/settings.json"), access: .readOnly)],
	locks: SettingLocks(files: ["/etc/mydaemon/locks"])
)
extension Defaults.Keys {
	static let workers = Key<Int>("workers", default: 4, suite: store)
}
Defaults[.workers]                     // the user's value, else /etc's, else 4
Defaults.origin(of: .workers).layer    //=> .system
```

Reads cost what they cost in any store: the value a key reads is kept in memory, layered
already, and is changed when a layer changes (each layer's observers are observed, and file
stores and locks files are watched), so an administrator's edit reaches observers and the
settings editor as another process's write does. A value in a system layer or on the command
line that a key's type cannot read is reported and the next layer is used; the user's own
value is read as it is, so that it shows, and can be fixed, where it is.
*/
public final class LayeredStore: DefaultsStore, CoreBackedStore, @unchecked Sendable {
	/// The user's store, where every change is written.
	public let user: any DefaultsStore
	/// The system-wide defaults, first first: read, never written.
	public let system: [any DefaultsStore]
	/// The locks files.
	public let locks: SettingLocks
	/// The values given on the command line when the store opened.
	public let arguments: [String: Defaults.JSONValue]

	let core: StoreCore
	let state: Locked<State>
	private var listeners: [ChangeForwarder] = []
	private var lockHandler: UInt64?
	/// Taken while a batch of changes is handed to the user's store, so that batches reach it in order.
	private let forwarding = Lock()

	struct State {
		/// Command-line values still in force: a key's own write or reset ends its override.
		var overrides: [String: Defaults.JSONValue]
		/// What each key's type accepts, for the layers this process cannot fix.
		var checks: [String: @Sendable (Defaults.JSONValue) -> Bool] = [:]
	}

	/**
	Layers `user` over `system` under `locks`, with `arguments` above the user's store.

	- Parameters:
	  - user: The user's store: read above the system layers, and where changes are written.
	  - system: Read-only stores of system-wide defaults; for a key, the first that has it wins.
	  - locks: The keys an administrator locked.
	  - arguments: Values for this run only, as ``commandLineValues(_:)`` reads them.
	*/
	public init(
		user: any DefaultsStore,
		system: [any DefaultsStore] = [],
		locks: SettingLocks = .none,
		arguments: [String: Defaults.JSONValue] = [:]
	) {
		self.user = user
		self.system = system
		self.locks = locks
		self.arguments = arguments
		// The store itself, for the closures the core and the layers call.
		let relay = LateWeak<LayeredStore>()
		state = Locked(State(overrides: arguments))
		core = StoreCore(
			values: [:],
			onLocalChange: { relay.object?.forwardChanges() },
			refusesChange: { key in relay.object?.refuses(key) ?? false }
		)
		relay.attach(self)
		listeners = ([user] + system).map { layer in
			let listener = ChangeForwarder { change in relay.object?.layerDidChange(change.keys) }
			Defaults.observers(for: layer).add(listener, keys: nil)
			return listener
		}
		lockHandler = locks.addChangeHandler { relay.object?.locksDidChange() }
		// The values the store opens with, shared with the user's store's when no other layer has a say.
		core.replaceOpenedValues(resolvedValues())
	}

	deinit {
		if let lockHandler { locks.removeChangeHandler(lockHandler) }
		for (listener, layer) in zip(listeners, [user] + system) {
			Defaults.observers(for: layer).remove(listener)
		}
	}

	// MARK: Changes

	/// Removes the user's value (and the command line's) for `key`, so that it reads the system
	/// value or its default; refused for a locked key.
	public func removeStoredValue(forKey key: String) {
		let lower = resolution(forKey: key, withoutUser: true).value
		core.removeValue(forKey: key, showing: lower)
	}

	/// Removes every value of the user's store and the command line's, except those of locked
	/// keys (a change to a locked key is refused); the system values and the locks stay.
	public func removeAllStoredValues() {
		CallbackDeferral.run {
			forwarding.withLock {
				state.withLock { $0.overrides = [:] }
				if locks.isEmpty {
					user.removeAllStoredValues()
				} else {
					for key in user.storedValues().keys where locks.lockingFile(forKey: key) == nil {
						user.removeStoredValue(forKey: key)
					}
				}
			}
		}
		refreshAll()
	}

	/// Passes the key's default to the user's store (a `UserDefaults` suite registers it).
	public func registerDefaultValue(_ value: @autoclosure () -> Defaults.JSONValue?, forKey key: String) {
		user.registerDefaultValue(value(), forKey: key)
	}

	/**
	Tells the store what `key`'s type can read, so that a system or command-line value it
	cannot read is skipped for the next layer (and reported). Keys of the store do this when
	they are made; a tool that edits settings by name calls it for each setting it knows.

	```swift
	store.acceptValues(forKey: "fontSize") { $0.doubleValue != nil }
	```
	*/
	public func acceptValues(forKey key: String, where check: @escaping @Sendable (Defaults.JSONValue) -> Bool) {
		state.withLock { $0.checks[key] = check }
		refresh([key])
	}

	/// Learns a new key's type (see ``acceptValues(forKey:where:)``).
	func learn(_ key: Defaults.Keys) {
		let name = key.name
		state.withLock { $0.checks[name] = { [weak key] value in key?.acceptsStoredValue(value) ?? true } }
		if state.withLock({ $0.overrides[name] != nil }) || system.contains(where: { $0.storedValue(forKey: name) != nil }) {
			refresh([name])
		}
	}

	/// Hands this process's changes to the user's store, in the order they were made.
	private func forwardChanges() {
		CallbackDeferral.run {
			forwarding.withLock {
				let batch = core.takePendingChanges()
				guard !batch.isEmpty else { return }
				state.withLock { state in
					if batch.removedAll { state.overrides = [:] }
					for key in batch.values.keys { state.overrides[key] = nil }
				}
				if batch.removedAll { user.removeAllStoredValues() }
				for (key, value) in batch.values {
					if let value {
						user.setStoredValue(value, forKey: key)
					} else {
						user.removeStoredValue(forKey: key)
					}
				}
			}
		}
	}

	/// Whether a change to `key` is refused because it is locked; reports it once per key, as a
	/// read-only file store reports its refusals.
	private func refuses(_ key: String) -> Bool {
		guard let file = locks.lockingFile(forKey: key) else { return false }
		Defaults.report(.init(
			kind: .storeFailure,
			key: key,
			message: "Could not change '\(key)': it is locked by \(file). The value was left as it is."
		))
		return true
	}

	// MARK: Following the layers

	/// After a layer changed `keys` (`nil`: any key): brings them up to date.
	private func layerDidChange(_ keys: Set<String>?) {
		if let keys {
			refresh(keys)
		} else {
			refreshAll()
		}
	}

	/// Brings `keys` up to date with the layers.
	func refresh(_ keys: Set<String>) {
		var changes: [String: Defaults.JSONValue?] = [:]
		for key in keys {
			changes[key] = .some(resolution(forKey: key).value)
		}
		_ = core.applyOutsideChanges(changes, excluding: .init())
	}

	/// After a locks file changed: values are brought up to date, and observers are told that any
	/// key may have changed, since a key may be locked or unlocked without a new value.
	func locksDidChange() {
		refreshAll()
		core.observers.post(keys: nil)
	}

	/// Brings every key up to date with the layers.
	func refreshAll() {
		_ = core.applyOutsideChanges(from: core.snapshot(), to: resolvedValues(), excluding: .init())
	}
}
