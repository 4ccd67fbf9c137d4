import DefaultsEtcd

/// How long the command line waits for etcd.
enum EtcdSettings {
	/// One request to one member; the next member is tried after it.
	static let requestTimeout: Duration = .seconds(5)
	/// Every change written (`set`, `reset`, `import`, leaving the editor).
	static let saveTimeout: Duration = .seconds(15)
}
