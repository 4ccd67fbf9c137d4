import ArgumentParser
import Defaults
import DefaultsSchema
import Foundation

/// `defaults-tui schemas fetch NAME…|--all`: the catalogue and the named schemas (with the
/// documents they refer to) fetched into the cache now.
struct SchemasFetchCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "fetch",
		abstract: "Fetch the catalogue and schemas into the cache now, for use without network.",
		discussion: """
		Each NAME is a catalogue entry's name (as which-schema and the editor's title show it; \
		letter case aside) or an http(s) URL. The catalogue itself (see --catalog) is fetched \
		first, then each schema and the documents it refers to, whatever the age of a cached \
		copy (a conditional request: an unchanged copy is kept). A line on standard error says \
		what became of each, and a last line sums up.

		Exit status: 0 when everything was fetched or found unchanged; 1 when anything could not \
		be (each is named, with why), or a name is no catalogue entry's.

		EXAMPLES:
		  defaults-tui schemas fetch Starship "GitHub Workflow"
		  defaults-tui schemas fetch --all
		  defaults-tui schemas fetch https://json.schemastore.org/tsconfig.json
		"""
	)

	@Argument(help: "Catalogue entry names or http(s) URLs of schemas.")
	var names: [String] = []

	@Flag(help: "Fetch every schema of the catalogue.")
	var all = false

	@OptionGroup(title: "schemas")
	var catalogOptions: CatalogOptions

	/// How many documents are fetched at once with --all.
	static let concurrentFetches = 4

	func validate() throws {
		if all, !names.isEmpty { throw ValidationError("give names or --all, not both") }
		if !all, names.isEmpty { throw ValidationError("name the schemas to fetch (catalogue entry names or URLs), or give --all") }
	}

	func run() throws {
		if NetworkUse.isOffline {
			throw CommandFailure.failed("schemas fetch uses the network, which DEFAULTS_TUI_OFFLINE turns off; nothing was fetched")
		}
		let cache = NetworkUse.cache(offline: false)
		let catalogAddress = SchemaCatalog.standardAddress(named: SchemaSources.namedCatalog(option: catalogOptions.catalog))
		var report = FetchReport()
		var catalog: SchemaCatalog?
		let needsCatalog = all || names.contains { !Self.isWebAddress($0) }
		if needsCatalog {
			if Self.isWebAddress(catalogAddress) { report.record(catalogAddress, refreshing: cache, followingReferences: false) }
			do {
				catalog = try SchemaCatalog.load(from: catalogAddress, source: cache)
			} catch {
				report.fail(catalogAddress, reason: "\(error)")
			}
		}
		var addresses: [String] = []
		var unknown: [String] = []
		if all {
			addresses = catalog?.entries.map(\.url) ?? []
		} else {
			for name in names {
				if Self.isWebAddress(name) {
					addresses.append(name)
				} else if let entry = catalog?.entries.first(where: { $0.name.lowercased() == name.lowercased() }) {
					addresses.append(entry.url)
				} else if catalog != nil {
					unknown.append(name)
				}
			}
		}
		var seen: Set<String> = []
		let web = addresses.filter { Self.isWebAddress($0) && seen.insert($0).inserted }
		let reports = Locked(report)
		let next = Locked(0)
		DispatchQueue.concurrentPerform(iterations: min(Self.concurrentFetches, max(1, web.count))) { _ in
			while true {
				let index = next.withLock { index -> Int in
					defer { index += 1 }
					return index
				}
				guard index < web.count else { return }
				var single = FetchReport()
				single.record(web[index], refreshing: cache)
				reports.withLock { $0.merge(single) }
			}
		}
		report = reports.value
		for name in unknown {
			report.fail(name, reason: "no entry of the catalogue \(catalogAddress) has this name")
		}
		guard report.failed.isEmpty else { throw CommandFailure.failed(report.summary) }
		FileHandle.standardError.write(Data((report.summary + "\n").utf8))
	}

	static func isWebAddress(_ text: String) -> Bool {
		if case .web = SchemaAddress(text) { return true }
		return false
	}
}

/// What `schemas fetch` did: each document's line as it happens, and the counts for the summary.
struct FetchReport {
	var fetched = 0
	var unchanged = 0
	var failed: [String] = []

	/// Refreshes `address` in `cache` and says what became of it; with `followingReferences` (a
	/// schema), the documents it refers to are fetched too when not cached, and those that could
	/// not be are failures.
	mutating func record(_ address: String, refreshing cache: SchemaCache, followingReferences: Bool = true) {
		let outcome: SchemaCache.Refreshed
		do {
			outcome = try cache.refresh(address)
		} catch {
			return fail(address, reason: error.reason)
		}
		var referred = ""
		if followingReferences, let data = cache.dataAtHand(at: address), let schema = try? Defaults.JSONValue(parsing: data) {
			let gathered = RemoteSchemaReferences.gather(for: schema, at: address, source: cache)
			let count = gathered.documents.uris.count - 1
			if count > 0 { referred = ", and \(count) document\(count == 1 ? "" : "s") it refers to" }
			for failure in gathered.failures {
				fail(failure.uri, reason: "\(failure.reason) (referred to by \(address))")
			}
			if let limit = gathered.limitReached {
				say("note: \(address) refers to more documents than are fetched (\(limit))")
			}
		}
		switch outcome {
		case .fetched(let bytes):
			fetched += 1
			say("fetched \(address) (\(bytes) bytes\(referred))")
		case .unchanged:
			unchanged += 1
			say("unchanged \(address)\(referred.isEmpty ? "" : " (\(referred.dropFirst(2)))")")
		}
	}

	/// Notes that `address` could not be had, and why.
	mutating func fail(_ address: String, reason: String) {
		failed.append(address)
		say("failed \(address): \(reason)")
	}

	mutating func merge(_ other: FetchReport) {
		fetched += other.fetched
		unchanged += other.unchanged
		failed += other.failed
	}

	/// The most failed addresses the summary names; each has its own line above it.
	static let summaryLimit = 10

	/// The last line: the counts, and what failed (each address once, the first few of them:
	/// a document many schemas refer to fails once for each, and every one has its line above).
	var summary: String {
		var seen: Set<String> = []
		let distinct = failed.filter { seen.insert($0).inserted }
		let counts = "\(fetched) fetched, \(unchanged) unchanged, \(distinct.count) failed"
		guard !distinct.isEmpty else { return counts }
		let named = distinct.prefix(Self.summaryLimit).joined(separator: ", ")
		let more = distinct.count > Self.summaryLimit ? ", and \(distinct.count - Self.summaryLimit) more (each on its line above)" : ""
		return "\(counts): \(named)\(more)"
	}

	private func say(_ line: String) {
		FileHandle.standardError.write(Data((line + "\n").utf8))
	}
}
