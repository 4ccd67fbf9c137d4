import Configuration
import Defaults

/**
A swift-configuration provider that serves a store's values to a `ConfigReader`.

It tells its watchers of every change the store reports: this process's writes, another
process's (the file store watches its file), a `defaults-tui set`, etcd's (with `EtcdStore`).

A server that reads its configuration through swift-configuration can keep its settings in
this project's store and have them edited live in `defaults-tui`:

```swift
import Configuration
import Defaults
import DefaultsConfiguration

let config = ConfigReader(provider: DefaultsConfigProvider(store: FileStore.standard))
let port = config.int(forKey: "port", default: 8080)
try await config.watchInt(forKey: "logLevel", default: 1) { updates in
	for await level in updates { logger.logLevel = .init(level) }
}
```

Keys: a configuration key's components joined with dots (`http.port`) name a stored key of
that name, or else a member inside a stored object (`http` holding `{"port": 8080}`). Values
are the stored ones, without the keys' defaults (give those to the reader). A stored value of
another type than the one asked for is an error the reader reports (`ConfigError`); `Data` is
stored as base64 text, which the reader's bytes accessors decode.
*/
public final class DefaultsConfigProvider: ConfigProvider, @unchecked Sendable {
	// @unchecked: the store is used from any thread, which every store allows (`UserDefaults` is
	// not marked Sendable on Linux, so `any DefaultsStore` is not).
	/// The store whose values are served.
	public let store: any DefaultsStore
	/// The name access reports and errors give this provider.
	public let providerName: String
	/// Keys whose values are marked secret, so that access reports and logs hide them.
	public let secretKeys: Set<String>

	/// A provider over `store` (the standard store unless given); `secretKeys` are marked secret.
	public init(store: any DefaultsStore = Defaults.standardStore, name: String = "DefaultsConfigProvider", secretKeys: Set<String> = []) {
		self.store = store
		providerName = name
		self.secretKeys = secretKeys
	}

	/// The stored value for `key` as `type` (no value when nothing is stored); throws
	/// ``DefaultsConfigError`` for a stored value of another type.
	public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
		try StoredValues.lookup(key, type: type, secretKeys: secretKeys) { store.storedValue(forKey: $0) }
	}

	/// As ``value(forKey:type:)``: the store holds its values in memory, so there is nothing to fetch.
	public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
		try value(forKey: key, type: type)
	}

	/// The key's value now, then again after each change to the stored key it lives in.
	nonisolated(nonsending) public func watchValue<Return: ~Copyable>(
		forKey key: AbsoluteConfigKey,
		type: ConfigType,
		updatesHandler: nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>) async throws -> Return
	) async throws -> Return {
		let (stream, continuation) = AsyncStream<Result<LookupResult, any Error>>.makeStream(bufferingPolicy: .bufferingNewest(1))
		let names = StoredValues.storedNames(for: key)
		let last = Locked<Result<LookupResult, any Error>?>(nil)
		let publish: @Sendable () -> Void = { [self] in
			let result = Result { try value(forKey: key, type: type) }
			let isNew = last.withLock { previous -> Bool in
				defer { previous = result }
				guard let previous, case .success(let old) = previous, case .success(let new) = result else { return true }
				return old != new
			}
			if isNew { continuation.yield(result) }
		}
		let observation = Defaults.observeChanges(in: store) { changed in
			if let changed, changed.isDisjoint(with: names) { return }
			publish()
		}
		defer {
			observation.invalidate()
			continuation.finish()
		}
		publish()
		return try await updatesHandler(.init(stream))
	}

	/// The store's values now, for reading several keys consistently.
	public func snapshot() -> any ConfigSnapshot {
		Snapshot(providerName: providerName, values: store.storedValues(), secretKeys: secretKeys)
	}

	/// A snapshot now, then a new one after each change to the store.
	nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
		updatesHandler: nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws -> Return
	) async throws -> Return {
		let (stream, continuation) = AsyncStream<any ConfigSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(1))
		let observation = Defaults.observeChanges(in: store) { [self] _ in
			continuation.yield(snapshot())
		}
		defer {
			observation.invalidate()
			continuation.finish()
		}
		continuation.yield(snapshot())
		return try await updatesHandler(.init(stream))
	}

	/// The store's values at one moment.
	struct Snapshot: ConfigSnapshot {
		let providerName: String
		let values: [String: Defaults.JSONValue]
		let secretKeys: Set<String>

		func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
			try StoredValues.lookup(key, type: type, secretKeys: secretKeys) { values[$0] }
		}
	}
}
