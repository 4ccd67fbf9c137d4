import Defaults

/// A store whose values are the keys under a prefix in etcd (see ``EtcdBackend``).
public typealias EtcdStore = BackedStore<EtcdBackend>

extension BackedStore where Backend == EtcdBackend {
	/**
	Reads every key under `prefix` and opens a store on them that writes each change to
	etcd and hears other writers' changes. Throws the ``EtcdError`` of the first read.

	```swift
	let store = try await EtcdStore.openEtcd(configuration: EtcdConfiguration(endpoints: ["http://127.0.0.1:2379"]), prefix: "/myapp/")
	let theme = Defaults.Key<String>("theme", default: "system", suite: store)
	Defaults[theme] = "dark"                          // put /myapp/theme "dark"
	try await store.backend.flush(timeout: .seconds(10))
	store.backend.close()
	```
	*/
	public static func openEtcd(
		configuration: EtcdConfiguration,
		prefix: String,
		maximumRetryDelay: Duration = .seconds(3)
	) async throws(EtcdError) -> EtcdStore {
		let client = try EtcdClient(configuration)
		let backend = try await EtcdBackend.load(client: client, prefix: prefix, maximumRetryDelay: maximumRetryDelay)
		return BackedStore(backend: backend)
	}
}

extension EtcdBackend {
	/// The store in front of the backend, which saves (see `BackedStore`'s `SavingStore` conformance below).
	public func saving(of store: EtcdStore) -> (any SavingStore)? { store }
}

extension BackedStore: SavingStore where Backend == EtcdBackend {
	/// Waits until etcd has every change (``EtcdBackend/flush(timeout:)``), at most `timeout`.
	public func saveNow(timeout: Duration) throws {
		let backend = backend
		try runBlocking { () async throws(EtcdError) in
			try await backend.flush(timeout: timeout)
		}
	}

	/// "offline" while changes wait because etcd did not take the last push.
	public var condition: String? {
		backend.isHoldingChangesBack ? "offline" : nil
	}

	/// `etcd`, the endpoints and the prefix: `etcd http://127.0.0.1:2379 /myapp/`.
	public var location: String {
		"etcd \(backend.client.configuration.endpoints.map(\.absoluteString).joined(separator: ",")) \(backend.prefix)"
	}

	/// "the change was not written to etcd", and why.
	public func describeSaveFailure(_ error: any Error) -> String {
		"the change was not written to etcd: \(error)"
	}
}
