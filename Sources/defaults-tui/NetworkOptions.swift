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

	/// While set (the editor opening, see ``EditorSchemaFetch``), documents come only from what
	/// is at hand (files, cached copies however old); one that is not, or is old, is noted in
	/// ``missedWhileDeferring`` for a later fetch, rather than waited for.
	private static let deferring = Locked(false)
	private static let missed = Locked(false)

	/// Runs `body` reading documents only from what is at hand; returns its result and whether
	/// anything was missing or old (a fetch would have been made).
	static func withoutWaiting<Result>(_ body: () throws -> Result) rethrows -> (Result, missed: Bool) {
		deferring.withLock { $0 = true }
		missed.withLock { $0 = false }
		defer { deferring.withLock { $0 = false } }
		let result = try body()
		return (result, missed.value)
	}

	/// Whether documents are read only from what is at hand now.
	static var isDeferring: Bool { deferring.value }

	/// The source the tool reads through: ``cache(offline:)``, or while deferring what it holds.
	static func source(offline: Bool) -> any SchemaDocumentSource {
		isDeferring && !(offline || isOffline) ? AtHand(cache: cache(offline: false)) : cache(offline: offline)
	}

	/// The documents at hand, without the network: an address not cached (or cached long ago) is
	/// noted as missed; one not cached fails, saying it is being fetched.
	private struct AtHand: SchemaDocumentSource {
		let cache: SchemaCache

		func data(at address: String) throws -> Data {
			if !cache.isFresh(address) { NetworkUse.missed.withLock { $0 = true } }
			guard let data = cache.dataAtHand(at: address) else {
				throw SchemaDocumentError(address: address, reason: "\(EditorSchemaFetch.beingFetched); the editor takes it in when it arrives")
			}
			return data
		}

		func dataAtHand(at address: String) -> Data? {
			cache.dataAtHand(at: address)
		}
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
