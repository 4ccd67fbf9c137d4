import ArgumentParser
import Defaults
import DefaultsSchema
import Foundation

/// Whether schemas and catalogues may be fetched: `--offline` on every command that reads them.
struct NetworkOptions: ParsableArguments {
	@Flag(name: .long, help: ArgumentHelp("Never use the network: schemas, catalogues and their references come from the cache ($XDG_CACHE_HOME/defaults-tui/schemas, filled by defaults-tui schemas fetch) or from files; one not cached is gone without, saying so. Also DEFAULTS_TUI_OFFLINE=1."))
	var offline = false

	/// Takes `--offline` for the whole process: every schema this run reads goes through one
	/// cache (``SchemaSources/standard(offline:)``), whichever command part asks.
	func validate() throws {
		if offline { NetworkUse.goOffline() }
	}
}

/// The process's one choice of network use for schemas: `--offline` or `DEFAULTS_TUI_OFFLINE`.
enum NetworkUse {
	private static let offlineChosen = Locked(false)

	/// Whether the network must not be used.
	static var isOffline: Bool {
		offlineChosen.value || SchemaCache.offlineByEnvironment
	}

	/// Chooses no network for the rest of the process.
	static func goOffline() {
		offlineChosen.withLock { $0 = true }
	}

	/// The cache every schema and catalogue of this process is read through, online or not:
	/// one per process, so that an address that failed is tried once.
	static func cache(offline: Bool) -> SchemaCache {
		caches.withLock { caches in
			let offline = offline || isOffline
			if let cache = caches[offline] { return cache }
			let cache = SchemaCache(offline: offline)
			caches[offline] = cache
			return cache
		}
	}

	private static let caches = Locked<[Bool: SchemaCache]>([:])
}
