@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing

/// The client against a real etcd: reads, writes, deletes, watches, failover and errors.
@Suite(.serialized)
struct EtcdClientTests {
	@Test func putGetRangeAndDelete() async throws {
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

	@Test func watchReportsPutsAndDeletesInOrderFromARevision() async throws {
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

	@Test func watchFromACompactedRevisionSaysSo() async throws {
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

	@Test func aDeadEndpointFailsOverToTheNextOne() async throws {
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
}
