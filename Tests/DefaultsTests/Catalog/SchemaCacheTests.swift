@testable import Defaults
@testable import DefaultsSchema
import Foundation
import SchemaServer
import Testing
import TestRequirements

/// The schema cache over a loopback server: fetched once and reused, revalidated when old,
/// offline, failures named, only http(s), within its limits.
@Suite(.requires(.python3), .timeLimit(.minutes(2)))
struct SchemaCacheTests {
	/// A directory of its own with `files` served from `served/`, a server of them and a cache
	/// directory beside.
	struct Fixture {
		let directory: URL
		let server: SchemaServer
		var cacheDirectory: URL { directory.appendingPathComponent("cache", isDirectory: true) }

		init(files: [String: String]) throws {
			directory = Isolated.fileURL().deletingLastPathComponent()
			let served = directory.appendingPathComponent("served", isDirectory: true)
			try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
			for (name, text) in files {
				try Data(text.utf8).write(to: served.appendingPathComponent(name))
			}
			server = try SchemaServer.start(serving: served)
		}

		func cache(offline: Bool = false, freshness: Duration = .seconds(86_400), limits: SchemaFetchLimits = .standard) -> SchemaCache {
			SchemaCache(directory: cacheDirectory, offline: offline, freshness: freshness, limits: limits)
		}
	}

	static let schema = #"{"type": "object", "properties": {"a": {"type": "boolean"}}}"#

	@Test func aFetchedSchemaIsReusedWithoutARequestWhileFresh() throws {
		let fixture = try Fixture(files: ["a.json": Self.schema])
		let url = fixture.server.url("a.json")
		#expect(try fixture.cache().data(at: url) == Data(Self.schema.utf8))
		// A new cache (another run): the copy on disk, no request.
		#expect(try fixture.cache().data(at: url) == Data(Self.schema.utf8))
		#expect(fixture.server.requests(for: "/a.json").map(\.description) == ["/a.json plain 200"])
	}

	@Test func anOldCopyIsRevalidatedAndA304KeepsIt() throws {
		let fixture = try Fixture(files: ["a.json": Self.schema])
		let url = fixture.server.url("a.json")
		_ = try fixture.cache().data(at: url)
		let first = try #require(fixture.cache().entry(for: url))
		#expect(first.entityTag != nil && first.lastModified != nil)
		// Older than its freshness: a conditional request, answered 304, keeps the copy.
		#expect(try fixture.cache(freshness: .zero).data(at: url) == Data(Self.schema.utf8))
		#expect(fixture.server.requests(for: "/a.json").map(\.description) == ["/a.json plain 200", "/a.json conditional 304"])
		let kept = try #require(fixture.cache().entry(for: url))
		#expect(kept.body == first.body && kept.entityTag == first.entityTag && kept.fetched >= first.fetched)
	}

	@Test func aChangedDocumentReplacesTheCopy() throws {
		let fixture = try Fixture(files: ["a.json": Self.schema])
		let url = fixture.server.url("a.json")
		_ = try fixture.cache().data(at: url)
		let changed = #"{"type": "object"}"#
		try Data(changed.utf8).write(to: fixture.server.root.appendingPathComponent("a.json"))
		#expect(try fixture.cache(freshness: .zero).data(at: url) == Data(changed.utf8))
		#expect(fixture.server.requests(for: "/a.json").map(\.description) == ["/a.json plain 200", "/a.json conditional 200"])
	}

	@Test func offlineACachedCopyIsUsedAfterTheServerStopped() throws {
		let fixture = try Fixture(files: ["a.json": Self.schema])
		let url = fixture.server.url("a.json")
		_ = try fixture.cache().data(at: url)
		fixture.server.stop()
		#expect(try fixture.cache(offline: true, freshness: .zero).data(at: url) == Data(Self.schema.utf8))
		// Online, an old copy whose server is away is used too.
		#expect(try fixture.cache(freshness: .zero).data(at: url) == Data(Self.schema.utf8))
	}

	@Test func offlineAnAddressNotCachedFailsSayingSoAndTouchesNothing() throws {
		let fixture = try Fixture(files: ["a.json": Self.schema])
		let url = fixture.server.url("a.json")
		let error = try #require(throws: SchemaDocumentError.self) { try fixture.cache(offline: true).data(at: url) }
		#expect(error.address == url)
		#expect(error.description.contains("not in the schema cache") && error.description.contains("schemas fetch \(url)"))
		#expect(fixture.server.requests().isEmpty)
		#expect(!FileManager.default.fileExists(atPath: fixture.cacheDirectory.path))
	}

	@Test func whatIsNotJSONIsNamedAndNotKept() throws {
		let fixture = try Fixture(files: ["page.json": "<html>Sign in to the network</html>"])
		let url = fixture.server.url("page.json")
		let error = try #require(throws: SchemaDocumentError.self) { try fixture.cache().data(at: url) }
		#expect(error.address == url && error.reason.contains("is not JSON"))
		#expect(fixture.cache().entry(for: url) == nil)
		// Not asked again by the same cache.
		_ = try? fixture.cache().data(at: url)
		#expect(fixture.server.requests(for: "/page.json").count == 2)
	}

	@Test func anErrorStatusIsNamed() throws {
		let fixture = try Fixture(files: [:])
		let cache = fixture.cache()
		let url = fixture.server.url("missing.json")
		let error = try #require(throws: SchemaDocumentError.self) { try cache.data(at: url) }
		#expect(error.description == "\(url) cannot be read: the server answered HTTP 404")
		// The same process does not ask again.
		_ = try? cache.data(at: url)
		#expect(fixture.server.requests(for: "/missing.json").count == 1)
	}

	@Test func aServerThatNeverAnswersEndsWithinTheRequestLimit() throws {
		let fixture = try Fixture(files: [:])
		let url = fixture.server.url("hang/a.json")
		let started = ContinuousClock.now
		let limits = SchemaFetchLimits(requestTimeout: .seconds(1))
		let error = try #require(throws: SchemaDocumentError.self) { try fixture.cache(limits: limits).data(at: url) }
		#expect(ContinuousClock.now - started < .seconds(10))
		#expect(error.reason.contains("did not arrive within 1 s"))
	}

	@Test func aBodyLargerThanTheLimitIsRefused() throws {
		let fixture = try Fixture(files: ["big.json": "[" + String(repeating: "1,", count: 4000) + "1]"])
		let limits = SchemaFetchLimits(maximumBytes: 1000)
		let error = try #require(throws: SchemaDocumentError.self) { try fixture.cache(limits: limits).data(at: fixture.server.url("big.json")) }
		#expect(error.reason.contains("larger than"))
	}

	@Test func onlyHTTPAndHTTPSAreFetchedRedirectsIncluded() throws {
		let fixture = try Fixture(files: ["a.json": Self.schema])
		// A redirect to http is followed.
		#expect(try fixture.cache().data(at: fixture.server.url("redirect/a.json")) == Data(Self.schema.utf8))
		// One to file: is not.
		let error = try #require(throws: SchemaDocumentError.self) { try fixture.cache().data(at: fixture.server.url("redirect-file/x")) }
		#expect(!error.reason.contains("root:"))
		#expect(throws: SchemaDocumentError.self) { try HTTPGet.fetch("ftp://127.0.0.1/x", limits: .standard) }
		#expect(throws: SchemaDocumentError.self) { try HTTPGet.fetch("file:///etc/hostname", limits: .standard) }
		#expect(throws: SchemaDocumentError.self) { try fixture.cache().refresh("file:///etc/passwd") }
	}

	@Test func entriesWrittenFromManyThreadsAtOnceStayWhole() async throws {
		let fixture = try Fixture(files: [:])
		let cache = fixture.cache()
		let url = "https://example.invalid/a.json"
		await withTaskGroup(of: Void.self) { group in
			for index in 0..<8 {
				group.addTask {
					for round in 0..<20 {
						#expect(cache.keep(SchemaCacheEntry(url: url, entityTag: "\"\(index)-\(round)\"", lastModified: nil, contentType: nil, fetched: Date(), body: Data(String(repeating: "\(index)", count: 5000).utf8))))
						if let entry = cache.entry(for: url) {
							#expect(Set(entry.body).count == 1 && entry.body.count == 5000)
						}
					}
				}
			}
		}
		#expect(cache.entry(for: url) != nil)
		let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.cacheDirectory.path).filter { $0.hasSuffix(".tmp") }
		#expect(leftovers.isEmpty)
	}
}
