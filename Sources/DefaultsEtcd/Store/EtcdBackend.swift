import Defaults
import Foundation

/**
A `DefaultsStoreBackend` whose values are the keys under a prefix in etcd.

The setting `theme` is the etcd key `<prefix>theme`, holding the value's JSON text in the
stored form. Put a `BackedStore` in front of it (`EtcdStore.openEtcd(configuration:prefix:)`
does both) to read and edit a fleet's settings directly, with etcd as the only copy.

```swift
let store = try await EtcdStore.openEtcd(configuration: EtcdConfiguration(endpoints: ["http://127.0.0.1:2379"]), prefix: "/myapp/")
store.setStoredValue("dark", forKey: "theme")   // put /myapp/theme "dark", promptly
try await store.backend.flush(timeout: .seconds(10))
```

- **Loading** reads every key under the prefix with one range request (``load(client:prefix:maximumRetryDelay:)``).
- **Writing**: each change is pushed at once with a put or a delete. A change that cannot be
  pushed stays pending (`BackendLink.restoreChanges(_:)`) and is retried, waiting 0.1 s and
  then twice as long each time up to `maximumRetryDelay`; the failure is reported once per
  outage through `Defaults.problemHandler`. ``flush(timeout:)`` waits until every change is in etcd.
- **Outside changes** (another machine, `etcdctl put`) arrive through a watch that starts
  right after the loaded revision and are applied through `BackendLink`, so observers and
  the settings editor see them. After a lost connection everything is read again.
- **Bad values**: a value that is not JSON is reported with its etcd key and left out (the
  setting reads as unset); it is never written over unless someone changes that setting.
*/
public final class EtcdBackend: DefaultsStoreBackend, Sendable {
	/// The client every request goes through.
	public let client: EtcdClient
	/// What every etcd key of this store starts with, such as `/myapp/`.
	public let prefix: String
	let maximumRetryDelay: Duration
	let initialValues: [String: Defaults.JSONValue]
	let state: Locked<EtcdBackendState>
	let pushSignal = WakeSignal()
	private let tasks = Locked<[Task<Void, Never>]>([])

	init(client: EtcdClient, prefix: String, loaded: EtcdRangeResult, maximumRetryDelay: Duration) {
		self.client = client
		self.prefix = prefix
		self.maximumRetryDelay = maximumRetryDelay
		var values: [String: Defaults.JSONValue] = [:]
		for keyValue in loaded.keyValues {
			guard let name = Self.name(ofEtcdKey: keyValue.key, prefix: prefix) else { continue }
			if let value = Self.value(of: keyValue, name: name) {
				values[name] = value
			}
		}
		initialValues = values
		state = Locked(EtcdBackendState(revision: loaded.revision, known: values))
	}

	/**
	Reads every key under `prefix` and returns a backend holding them, ready to be put in a
	`BackedStore`. Throws the ``EtcdError`` of the read (etcd must answer once), or
	``EtcdError/invalidConfiguration(_:)`` for a prefix that does not start and end with `/`.
	*/
	public static func load(client: EtcdClient, prefix: String, maximumRetryDelay: Duration = .seconds(3)) async throws(EtcdError) -> EtcdBackend {
		try EtcdKeys.checkPrefix(prefix)
		let loaded = try await client.range(prefix: prefix)
		return EtcdBackend(client: client, prefix: prefix, loaded: loaded, maximumRetryDelay: maximumRetryDelay)
	}

	// MARK: DefaultsStoreBackend

	/// The values read by ``load(client:prefix:maximumRetryDelay:)``.
	public func loadValues() -> [String: Defaults.JSONValue] {
		initialValues
	}

	/// Keeps the link and starts pushing changes and watching etcd.
	public func connect(_ link: BackendLink) {
		state.withLock { $0.link = link }
		// The loops run until close(): they keep the backend alive meanwhile.
		let pushing = Task { await self.pushLoop() }
		let watching = Task { await self.watchLoop() }
		tasks.withLock { $0 = [pushing, watching] }
	}

	/// Wakes the pusher: the change goes to etcd at once, off the caller's thread.
	public func changesArePending() {
		pushSignal.fire()
	}

	// MARK: Completion

	/**
	Returns once every change made so far is in etcd. Throws the last failure to push (or
	``EtcdError/unreachable(endpoint:reason:)``) when that has not happened within `timeout`;
	the changes stay pending and are still retried.
	*/
	public func flush(timeout: Duration) async throws(EtcdError) {
		let deadline = ContinuousClock.now + timeout
		pushSignal.fire()
		while true {
			let (busy, lastError) = state.withLock { state in
				((state.link?.hasChanges ?? false) || state.inFlight != nil, state.lastPushError)
			}
			if !busy {
				// A change etcd refused for good was undone: say so to whoever waits for it.
				if let refusal = state.withLock({ state in defer { state.refusal = nil }; return state.refusal }) { throw refusal }
				return
			}
			if ContinuousClock.now >= deadline {
				throw lastError ?? .unreachable(
					endpoint: client.configuration.endpoints.map(\.absoluteString).joined(separator: ", "),
					reason: "the changes were not confirmed within \(timeout)"
				)
			}
			try? await Task.sleep(for: .milliseconds(10))
		}
	}

	/// Whether changes are waiting because etcd did not take the last push (it is down or refused).
	public var isHoldingChangesBack: Bool {
		state.withLock { state in
			state.lastPushError != nil && ((state.link?.hasChanges ?? false) || state.inFlight != nil)
		}
	}

	/// Stops pushing and watching (the backend runs until then). Changes not pushed yet are
	/// not pushed any more: call ``flush(timeout:)`` first.
	public func close() {
		for task in tasks.withLock({ $0 }) {
			task.cancel()
		}
	}

	// MARK: Names and values

	/// The setting an etcd key holds, or `nil` for a key outside the prefix (or the prefix itself).
	static func name(ofEtcdKey key: String, prefix: String) -> String? {
		guard key.hasPrefix(prefix), key.utf8.count > prefix.utf8.count else { return nil }
		return String(key.dropFirst(prefix.count))
	}

	/// The value an etcd key holds: `nil` for JSON `null`, and for text that is not JSON (reported).
	static func value(of keyValue: EtcdKeyValue, name: String) -> Defaults.JSONValue? {
		do {
			let parsed = try Defaults.JSONValue(parsing: keyValue.value)
			return parsed.isNull ? nil : parsed
		} catch {
			let text = String(decoding: keyValue.value.prefix(80), as: UTF8.self)
			Defaults.report(.init(
				kind: .undecodableValue,
				key: name,
				message: "The value of \(keyValue.key) in etcd (revision \(keyValue.modRevision): \(text)) is not JSON (\(error)), so '\(name)' reads as unset; it is left as it is in etcd. A string needs quotes: '\"\(text.prefix(40))\"'."
			))
			return nil
		}
	}
}

/// What the backend's tasks share: the link, the batch being pushed, what etcd holds.
struct EtcdBackendState: Sendable {
	var link: BackendLink?
	/// The revision of etcd seen last (loaded or watched).
	var revision: Int64
	/// The usable values under the prefix as etcd last told them (to compare after a new read).
	var known: [String: Defaults.JSONValue]
	/// The batch being pushed now.
	var inFlight: Defaults.ChangeBatch?
	/// The revision of this backend's last write of each name: older watch events are its own past.
	var written: [String: Int64] = [:]
	/// The revision of this backend's last removal of every key.
	var clearedRevision: Int64 = 0
	/// Why the last push failed, until one succeeds.
	var lastPushError: EtcdError?
	/// A change etcd refused for good since the last flush (it was undone in the store).
	var refusal: EtcdError?
	/// Outside changes of names whose change is in flight, to apply once it settles if they are newer.
	var late: [String: OutsideChange] = [:]

	/// A value another writer gave a name in etcd (`nil`: removed), and the revision of that change.
	struct OutsideChange: Sendable {
		var value: Defaults.JSONValue?
		var revision: Int64
	}

	init(revision: Int64, known: [String: Defaults.JSONValue]) {
		self.revision = revision
		self.known = known
	}

	/// The outside changes to apply now; those of names in flight wait in ``late`` until the push settles.
	mutating func route(_ changes: [String: OutsideChange]) -> [String: Defaults.JSONValue?] {
		var passing: [String: Defaults.JSONValue?] = [:]
		for (name, change) in changes {
			if let inFlight, inFlight.removedAll || inFlight.values[name] != nil {
				late[name] = change
			} else {
				passing[name] = change.value
			}
		}
		return passing
	}

	/// Ends the push in flight (`remaining`: what is left to push after a failure) and returns
	/// the outside changes that waited for it and are newer than this backend's writes; a
	/// name still to be pushed keeps its local value, which will reach etcd later and win.
	mutating func settle(remaining: Defaults.ChangeBatch?) -> [String: Defaults.JSONValue?] {
		inFlight = nil
		defer { late = [:] }
		var due: [String: Defaults.JSONValue?] = [:]
		for (name, change) in late where !isSuperseded(name, revision: change.revision) {
			if let remaining, remaining.removedAll || remaining.values[name] != nil { continue }
			due[name] = change.value
		}
		return due
	}

	/// Whether a change of `name` at `revision` is older than this backend's own write of it.
	func isSuperseded(_ name: String, revision: Int64) -> Bool {
		revision <= max(written[name] ?? 0, clearedRevision)
	}
}
