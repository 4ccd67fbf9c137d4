import ArgumentParser
import Defaults
import DefaultsSchema
import Foundation

/// Whether schemas and catalogues may be fetched: `--offline` on every command that reads them.
struct NetworkOptions: ParsableArguments {
	@Flag(name: .long, help: ArgumentHelp("Never use the network: schemas, catalogues and their references come from the cache ($XDG_CACHE_HOME/defaults-tui/schemas, filled by defaults-tui schemas fetch) or from files; one not cached is gone without, saying so. Also DEFAULTS_TUI_OFFLINE=1. (Online, a fetch waits at most 10 s, or DEFAULTS_TUI_FETCH_TIMEOUT seconds.)"))
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

	/// While set (the editor opening a file, the list of programs reading one, see
	/// ``EditorSchemaFetch``), documents come only from what is at hand (files, cached copies
	/// however old); one that is not, or is old, is noted as missed for a later fetch rather than
	/// waited for. Bound to the caller's task (or thread), so that other threads still fetch.
	@TaskLocal private static var deferral: Deferral?

	/// What a pass reading only what is at hand missed.
	private final class Deferral: Sendable {
		let missed = Locked(false)
	}

	/// Runs `body` reading documents only from what is at hand; returns its result and whether
	/// anything was missing or old (a fetch would have been made). What was said meanwhile of
	/// documents not at hand is dropped (said again, truly, once they are fetched); the rest is reported.
	static func withoutWaiting<Result>(_ body: () throws -> Result) rethrows -> (Result, missed: Bool) {
		let deferral = Deferral()
		let (result, problems) = try collectingProblems { try $deferral.withValue(deferral, operation: body) }
		for problem in problems where !problem.message.contains(EditorSchemaFetch.beingFetched) {
			Defaults.report(problem, deduplicate: false)
		}
		return (result, deferral.missed.value)
	}

	/// Whether documents are read only from what is at hand now, on this task or thread.
	static var isDeferring: Bool { deferral != nil }

	/// The source the tool reads through: ``cache(offline:)``, or while deferring what it holds.
	static func source(offline: Bool) -> any SchemaDocumentSource {
		isDeferring && !(offline || isOffline) ? AtHand(cache: cache(offline: false)) : cache(offline: offline)
	}

	/// The documents at hand, without the network: an address not cached (or cached long ago) is
	/// noted as missed; one not cached fails, saying it is being fetched.
	private struct AtHand: SchemaDocumentSource {
		let cache: SchemaCache

		func data(at address: String) throws -> Data {
			if !cache.isFresh(address) { NetworkUse.deferral?.missed.withLock { $0 = true } }
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
