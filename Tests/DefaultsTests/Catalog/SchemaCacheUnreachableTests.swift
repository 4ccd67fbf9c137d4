@testable import Defaults
@testable import DefaultsSchema
import Foundation
import SchemaServer
import Testing
import TestRequirements

/// A server that could not be reached is remembered across runs for ten minutes, so that each
/// command on a machine whose network drops connections does not wait out the connect limit again;
/// `schemas fetch` always tries, and a server that answers leaves nothing to remember.
@Suite(.requires(.python3), .timeLimit(.minutes(2)))
struct SchemaCacheUnreachableTests {
	typealias Fixture = SchemaCacheTests.Fixture

	@Test func aServerThatCouldNotBeReachedIsNotTriedAgainByTheNextRun() throws {
		let fixture = try Fixture(files: [:])
		let url = fixture.server.url("hang/a.json")
		let limits = SchemaFetchLimits(requestTimeout: .seconds(1))
		let first = try #require(throws: SchemaDocumentError.self) { try fixture.cache(limits: limits).data(at: url) }
		#expect(first.serverUnreachable)
		// Another run: the same reason, and when it is tried again; no request (the server logs
		// each one as it arrives), so no waiting.
		let again = try #require(throws: SchemaDocumentError.self) { try fixture.cache(limits: limits).data(at: url) }
		#expect(again.reason.hasPrefix(first.reason) && again.reason.contains("could not be reached") && again.reason.contains("schemas fetch \(url)"), "\(again)")
		#expect(fixture.server.requests(for: "/hang/a.json").count == 1)
	}

	@Test func schemasFetchTriesAnywayAndAnAnswerForgetsTheNote() throws {
		let fixture = try Fixture(files: ["a.json": SchemaCacheTests.schema])
		let url = fixture.server.url("a.json")
		fixture.cache().noteUnreachable(url, reason: "it could not be fetched: Couldn't connect to server")
		#expect(throws: SchemaDocumentError.self) { try fixture.cache().data(at: url) }
		#expect(fixture.server.requests(for: "/a.json").isEmpty)
		#expect(try fixture.cache().refresh(url) == .fetched(bytes: SchemaCacheTests.schema.utf8.count))
		#expect(fixture.cache().rememberedUnreachable(url) == nil)
		#expect(try fixture.cache(freshness: .zero).data(at: url) == Data(SchemaCacheTests.schema.utf8))
	}

	@Test func aNoteOlderThanTenMinutesIsTriedAgain() throws {
		let fixture = try Fixture(files: ["a.json": SchemaCacheTests.schema])
		let url = fixture.server.url("a.json")
		let cache = fixture.cache()
		cache.noteUnreachable(url, reason: "it could not be fetched", now: Date().addingTimeInterval(-SchemaCache.retryAfterUnreachable - 1))
		#expect(cache.rememberedUnreachable(url) == nil)
		#expect(try cache.data(at: url) == Data(SchemaCacheTests.schema.utf8))
		#expect(fixture.server.requests(for: "/a.json").count == 1)
	}

	@Test func aServerThatAnswersWithAnErrorLeavesNoNote() throws {
		let fixture = try Fixture(files: [:])
		let url = fixture.server.url("missing.json")
		#expect(throws: SchemaDocumentError.self) { try fixture.cache().data(at: url) }
		#expect(fixture.cache().rememberedUnreachable(url) == nil)
		#expect(throws: SchemaDocumentError.self) { try fixture.cache().data(at: url) }
		#expect(fixture.server.requests(for: "/missing.json").count == 2)
	}
}

/// `DEFAULTS_TUI_FETCH_TIMEOUT`, the whole request's limit for a slow link, in seconds.
@Suite struct FetchTimeoutSettingTests {
	@Test func secondsArePositiveNumbersUpToAnHour() {
		#expect(SchemaFetchLimits.requestTimeout(seconds: "2.5") == .milliseconds(2500))
		#expect(SchemaFetchLimits.requestTimeout(seconds: "300") == .seconds(300))
		for refused in ["0", "-1", "abc", "", "3601"] {
			#expect(SchemaFetchLimits.requestTimeout(seconds: refused) == nil, "\(refused)")
		}
	}
}

/// A cache whose folder cannot be written (another user's, or a file in its way): each document
/// is fetched once a run all the same, and that is said once, in the system's words.
@Suite(.requires(.python3), .timeLimit(.minutes(2)))
struct SchemaCacheUnwritableTests {
	@Test func aDocumentIsFetchedOnceARunAndTheFolderSaidOnce() throws {
		let fixture = try SchemaCacheTests.Fixture(files: ["a.json": SchemaCacheTests.schema, "b.json": SchemaCacheTests.schema])
		// A file where the cache's folder would be: nothing can be created under it.
		let blocker = fixture.directory.appendingPathComponent("blocker")
		try Data("x".utf8).write(to: blocker)
		let cache = SchemaCache(directory: blocker.appendingPathComponent("schemas", isDirectory: true), offline: false)
		var read: [Data?] = []
		let problems = collectProblems {
			for _ in 0..<3 {
				read.append(try? cache.data(at: fixture.server.url("a.json")))
				read.append(try? cache.data(at: fixture.server.url("b.json")))
			}
		}
		#expect(read == Array(repeating: Data(SchemaCacheTests.schema.utf8), count: 6))
		#expect(fixture.server.requests(for: "/a.json").count == 1 && fixture.server.requests(for: "/b.json").count == 1)
		#expect(problems.count == 1, "\(problems)")
		let message = problems.first?.message ?? ""
		#expect(message.contains("cannot be written (Not a directory)") && !message.contains("NSCocoaErrorDomain"), "\(message)")
		#expect(cache.dataAtHand(at: fixture.server.url("a.json")) == Data(SchemaCacheTests.schema.utf8))
	}
}
