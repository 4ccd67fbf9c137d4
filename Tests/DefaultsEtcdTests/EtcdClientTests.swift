@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// The client against a real etcd: reads, writes, deletes, watches, failover and errors.
@Suite(.serialized)
struct EtcdClientTests {
	@Test(.requires(.etcd)) func putGetRangeAndDelete() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let client = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint]))

		let revision = try await client.put("/app/theme", value: Data(#""dark""#.utf8))
		try await client.put("/app/volume", value: Data("5".utf8))
		try await client.put("/other/theme", value: Data("1".utf8))

		let theme = try await client.get("/app/theme")
		#expect(theme.value?.value == Data(#""dark""#.utf8))
		#expect(theme.value?.modRevision == revision)
		let all = try await client.range(prefix: "/app/")
		#expect(all.keyValues.map(\.key) == ["/app/theme", "/app/volume"])
		#expect(all.revision == revision + 2)

		try await client.delete("/app/theme")
		#expect(try await client.get("/app/theme").value == nil)
		// What etcdctl sees is the value's JSON text.
		#expect(try etcd.etcdctl("get", "/app/volume", "--print-value-only").trimmingCharacters(in: .whitespacesAndNewlines) == "5")
	}

	@Test(.requires(.etcd)) func watchReportsPutsAndDeletesInOrderFromARevision() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let client = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint]))
		let first = try await client.put("/app/a", value: Data("1".utf8))
		try await client.put("/app/b", value: Data("2".utf8))
		try await client.delete("/app/a")

		var events: [EtcdEvent] = []
		for try await batch in client.watch(prefix: "/app/", fromRevision: first) {
			events += batch.events
			if events.count >= 4 { break }
			if events.count == 3 { try await client.put("/app/c", value: Data("3".utf8)) }
		}
		#expect(events.map(\.kind) == [.put, .put, .delete, .put])
		#expect(events.map(\.keyValue.key) == ["/app/a", "/app/b", "/app/a", "/app/c"])
		#expect(events.map(\.keyValue.modRevision) == [first, first + 1, first + 2, first + 3])
	}

	@Test(.requires(.etcd)) func watchFromACompactedRevisionSaysSo() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let client = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint]))
		let first = try await client.put("/app/a", value: Data("1".utf8))
		let last = try await client.put("/app/a", value: Data("2".utf8))
		try await client.compact(toRevision: last)

		await #expect(throws: EtcdError.compacted(revision: last)) {
			for try await _ in client.watch(prefix: "/app/", fromRevision: first) {}
		}
	}

	@Test(.requires(.etcd)) func aDeadEndpointFailsOverToTheNextOne() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let client = try EtcdClient(EtcdConfiguration(endpoints: ["http://127.0.0.1:1", etcd.endpoint]))
		try await client.put("/app/a", value: Data("1".utf8))
		#expect(try await client.get("/app/a").value?.value == Data("1".utf8))
	}

	@Test func errorsSayWhatHappened() async throws {
		let unreachable = try EtcdClient(EtcdConfiguration(endpoints: ["http://127.0.0.1:1"], requestTimeout: .seconds(2)))
		do {
			_ = try await unreachable.get("/x")
			Issue.record("a request to a closed port succeeded")
		} catch {
			guard case .unreachable(let endpoint, _) = error else {
				Issue.record("unexpected error \(error)")
				return
			}
			#expect(endpoint.contains("127.0.0.1:1"))
		}
		#expect(throws: EtcdError.self) { try EtcdClient(EtcdConfiguration(endpoints: [])) }
		#expect(throws: EtcdError.self) { try EtcdClient(EtcdConfiguration(endpoints: ["ftp://host"])) }

		var reader = WatchMessageReader(endpoint: "e")
		#expect(throws: EtcdError.self) { try reader.batches(from: Data("not json\n".utf8)) }
		#expect(EtcdClient.error(status: 400, body: Data(#"{"error":"x","code":3,"message":"bad key"}"#.utf8), endpoint: "e")
			== .server(endpoint: "e", code: 3, message: "bad key"))
	}

	/// libcurl is opened at run time: a library that is missing, or that is not libcurl, is an
	/// error naming each reason and the package to install, never a crash.
	@Test func aMissingLibcurlIsAnErrorNamingThePackage() throws {
		let failure = try #require(CurlLibrary.open(names: ["/nonexistent/libcurl.so.4", "libc.so.6"]))
		guard case .libcurlMissing(let reason) = failure else {
			Issue.record("unexpected error \(failure)")
			return
		}
		#expect(reason.contains("/nonexistent/libcurl.so.4: cannot open shared object file"), "\(reason)")
		#expect(reason.contains("it has no function curl_global_init"), "\(reason)")
		#expect(failure.description.contains("apt-get install libcurl4"), "\(failure)")
		#expect(!failure.isEndpointFailure, "no other endpoint helps")
		#expect(CurlLibrary.failure == nil, "this machine's libcurl opened")
	}
}
