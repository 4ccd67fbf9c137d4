import Defaults
import Foundation

/**
Schemas and catalogues fetched from the web, kept under `$XDG_CACHE_HOME/defaults-tui/schemas/`
(`~/.cache` when it is not set) with their validators, and reused: the source of schema
documents the tool reads `http(s)` addresses through. Paths and `file:` URLs are read as files
(``LocalSchemaFiles``).

- A cached copy is used at once. One older than ``freshness`` (a day) is revalidated first: a
  conditional request (`If-None-Match`, `If-Modified-Since`) that a 304 answers keeps it.
- Offline (`--offline`, `DEFAULTS_TUI_OFFLINE=1`) the network is never touched: a cached copy is
  used however old, and an address not cached fails saying so.
- A fetch that fails (the server cannot be reached, answers an error, sends what is not JSON,
  passes a limit of ``SchemaFetchLimits``) throws a ``SchemaDocumentError`` naming the address
  and why; the caller goes on without that schema. A cached copy, however old, is used instead
  when there is one. An address that failed is not tried again by the same process, and one
  whose server could not be reached is not tried again by any run for ten minutes
  (``retryAfterUnreachable``; ``refresh(_:)`` always tries).

```swift
let cache = SchemaCache(offline: SchemaCache.offlineByEnvironment)
let data = try cache.data(at: "https://json.schemastore.org/starship.json")
```
*/
public final class SchemaCache: SchemaDocumentSource {
	/// Where the entries are: one file per address, its record's line (URL, validators, fetch time) then the document.
	public let directory: URL
	/// Whether the network is never used.
	public let offline: Bool
	/// How old a cached copy may be before it is revalidated.
	public let freshness: Duration
	/// The limits of each fetch.
	public let limits: SchemaFetchLimits
	/// The addresses that failed in this process, with why: not tried again.
	private let failures = Locked<[String: SchemaDocumentError]>([:])
	/// What this process fetched, by address: read again from here, also when the cache's folder
	/// cannot be written (fetched once a run all the same).
	private let fetchedThisRun = Locked<[String: Data]>([:])
	/// Whether this cache said already that its folder cannot be written (said once a run).
	private let saidUnwritable = Locked(false)
	/// One writer of entries at a time in this process (the durable writer's new file is named
	/// after the process; other processes write theirs beside it).
	private static let writing = Lock()

	/**
	A cache in `directory` (created when a first entry is written).

	- Parameters:
	  - directory: Where the entries are kept (by default ``standardDirectory()``).
	  - offline: Never use the network: only cached copies and files.
	  - freshness: How old a cached copy may be before it is revalidated (a day by default).
	  - limits: The limits of each fetch (``SchemaFetchLimits/standard`` by default).
	*/
	public init(directory: URL = SchemaCache.standardDirectory(), offline: Bool = SchemaCache.offlineByEnvironment, freshness: Duration = .seconds(86_400), limits: SchemaFetchLimits = .standard) {
		self.directory = directory
		self.offline = offline
		self.freshness = freshness
		self.limits = limits
	}

	/// `$XDG_CACHE_HOME/defaults-tui/schemas` (`~/.cache/defaults-tui/schemas` when it is not set).
	public static func standardDirectory() -> URL {
		XDGDirectories.cacheHome().appendingPathComponent("defaults-tui/schemas", isDirectory: true)
	}

	/// Whether `DEFAULTS_TUI_OFFLINE` asks for no network use (`1`, `true` or `yes`).
	public static var offlineByEnvironment: Bool {
		guard let value = getenv("DEFAULTS_TUI_OFFLINE").map({ String(cString: $0).lowercased() }) else { return false }
		return ["1", "true", "yes"].contains(value)
	}

	/**
	The document at `address`: a file's bytes, or an http(s) document from the cache (revalidated
	when old, fetched when missing, never fetched offline).

	- Throws: ``SchemaDocumentError`` naming the address and why it could not be had.
	*/
	public func data(at address: String) throws -> Data {
		guard case .web = SchemaAddress(address) else { return try LocalSchemaFiles().data(at: address) }
		// A fragment names a place in the document, which is fetched and kept whole.
		let address = Self.withoutFragment(address)
		if let body = fetchedThisRun.withLock({ $0[address] }) { return body }
		let cached = entry(for: address)
		if let cached, offline || Date().timeIntervalSince(cached.fetched) < Double(freshness.wholeMilliseconds) / 1000 {
			return cached.body
		}
		if offline {
			throw SchemaDocumentError(
				address: address,
				reason: "it is not in the schema cache (\(directory.path)) and fetching is off (--offline or DEFAULTS_TUI_OFFLINE); fetch it once with the network: defaults-tui schemas fetch \(address)"
			)
		}
		do {
			return try fetch(address, revalidating: cached).body
		} catch {
			// An old copy is better than none: the server is away, or sends something else now.
			if let cached { return cached.body }
			throw error
		}
	}

	/// A file's bytes, or the cached copy of an http(s) document however old; `nil` when it is not
	/// at hand without the network.
	public func dataAtHand(at address: String) -> Data? {
		guard case .web = SchemaAddress(address) else { return try? LocalSchemaFiles().data(at: address) }
		return fetchedThisRun.withLock { $0[Self.withoutFragment(address)] } ?? entry(for: address)?.body
	}

	/// Whether `address` is a file, or cached and younger than ``freshness``: read without the network.
	public func isFresh(_ address: String) -> Bool {
		guard case .web = SchemaAddress(address) else { return true }
		guard let entry = entry(for: address) else { return false }
		return Date().timeIntervalSince(entry.fetched) < Double(freshness.wholeMilliseconds) / 1000
	}

	/// What ``refresh(_:)`` did.
	public enum Refreshed: Equatable, Sendable {
		/// The document was fetched (it was not cached, or it changed): its size in bytes.
		case fetched(bytes: Int)
		/// The server said the cached copy is still the document.
		case unchanged
	}

	/**
	Fetches `address` now, whatever the age of its cached copy (a conditional request when there is
	one), and keeps it: for `defaults-tui schemas fetch`, which fills the cache ahead.

	- Throws: ``SchemaDocumentError`` naming the address and why, also offline.
	*/
	public func refresh(_ address: String) throws(SchemaDocumentError) -> Refreshed {
		guard case .web = SchemaAddress(address) else {
			throw SchemaDocumentError(address: address, reason: "only http and https addresses are fetched into the cache; a file is read where it is")
		}
		if offline {
			throw SchemaDocumentError(address: address, reason: "fetching is off (--offline or DEFAULTS_TUI_OFFLINE)")
		}
		let address = Self.withoutFragment(address)
		let cached = entry(for: address)
		let fetched = try fetch(address, revalidating: cached, heedingUnreachable: false)
		return fetched.unchanged ? .unchanged : .fetched(bytes: fetched.body.count)
	}

	/// `address` without its `#fragment`.
	static func withoutFragment(_ address: String) -> String {
		address.firstIndex(of: "#").map { String(address[..<$0]) } ?? address
	}

	/// The cached copy of `address` (its fragment aside), if there is a whole one.
	func entry(for address: String) -> SchemaCacheEntry? {
		let address = Self.withoutFragment(address)
		let url = directory.appendingPathComponent(SchemaCacheEntry.fileName(for: address))
		guard let data = try? Data(contentsOf: url), let entry = SchemaCacheEntry(fileBytes: data), entry.url == address else { return nil }
		return entry
	}

	/// Fetches `address` (conditionally when `cached`), checks it is JSON, and keeps it. With
	/// `heedingUnreachable`, an address whose server another run lately could not reach is not
	/// tried (``retryAfterUnreachable``).
	private func fetch(_ address: String, revalidating cached: SchemaCacheEntry?, heedingUnreachable: Bool = true) throws(SchemaDocumentError) -> (body: Data, unchanged: Bool) {
		if let failure = failures.withLock({ $0[address] }) { throw failure }
		if heedingUnreachable, let remembered = rememberedUnreachable(address) {
			failures.withLock { $0[address] = remembered }
			throw remembered
		}
		do throws(SchemaDocumentError) {
			let answer: HTTPGet.Answer
			do throws(SchemaDocumentError) {
				answer = try HTTPGet.fetch(address, headers: cached?.conditionalHeaders ?? [], limits: limits)
			} catch {
				if error.serverUnreachable { noteUnreachable(address, reason: error.reason) }
				throw error
			}
			forgetUnreachable(address)
			if answer.status == 304, var cached {
				cached.fetched = Date()
				keep(cached)
				fetchedThisRun.withLock { $0[address] = cached.body }
				return (cached.body, true)
			}
			guard answer.status == 200 else {
				throw SchemaDocumentError(address: address, reason: "the server answered HTTP \(answer.status)")
			}
			do throws(Defaults.JSONParseError) {
				_ = try Defaults.JSONValue(parsing: answer.body)
			} catch {
				let type = answer.contentType.map { " (\($0))" } ?? ""
				throw SchemaDocumentError(address: address, reason: "what it holds\(type) is not JSON: \(error.descriptionWithoutContent)")
			}
			keep(SchemaCacheEntry(
				url: address, entityTag: answer.entityTag, lastModified: answer.lastModified, contentType: answer.contentType, fetched: Date(), body: answer.body
			))
			fetchedThisRun.withLock { $0[address] = answer.body }
			return (answer.body, false)
		} catch {
			failures.withLock { $0[address] = error }
			throw error
		}
	}

	/// Writes `entry` durably (a new file renamed over the old); whether it was kept. A cache
	/// that cannot be written is reported once a run, and the document is still used (from
	/// memory for the rest of the run).
	@discardableResult
	func keep(_ entry: SchemaCacheEntry) -> Bool {
		let path = directory.appendingPathComponent(SchemaCacheEntry.fileName(for: entry.url)).path
		do {
			try Self.writing.withLock { () throws(SystemCallError) -> Void in
				try DurableFile.createDirectories(atPath: directory.path)
				try DurableFile.replace(atPath: path, with: entry.fileBytes(), mode: 0o644)
			}
			return true
		} catch {
			guard saidUnwritable.withLock({ said in defer { said = true }; return !said }) else { return false }
			Defaults.report(.init(
				kind: .storeFailure, key: nil,
				message: "the schema cache \(directory.path) cannot be written (\(Self.reason(error))); what is fetched is used without being kept, and fetched again by the next run"
			))
			return false
		}
	}

	/// Why writing failed, in the system's words (`Permission denied`).
	static func reason(_ error: SystemCallError) -> String {
		String(cString: strerror(error.code))
	}
}
