import ChildProcess
import Defaults
@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// A store whose values are keys in a real etcd: loading, writing, outside changes, bad values.
@Suite(.serialized, .timeLimit(.minutes(3)), .requires(.etcd))
struct EtcdBackendTests {
	init() {
		ProblemRecorder.install()
	}

	private func open(_ etcd: EtcdServer, prefix: String) async throws -> EtcdStore {
		try await EtcdStore.openEtcd(
			configuration: EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(3)),
			prefix: prefix,
			maximumRetryDelay: .milliseconds(300)
		)
	}

	/// Runs `body` with a test's own etcd, a prefix of its own and a store over it, closed after `body`.
	private func withEtcdStore(_ body: (EtcdServer, String, EtcdStore) async throws -> Void) async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let store = try await open(etcd, prefix: prefix)
		defer { store.backend.close() }
		try await body(etcd, prefix, store)
	}

	@Test func loadsTheKeysUnderThePrefixAsValues() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		try etcd.etcdctl("put", "\(prefix)theme", #""dark""#)
		try etcd.etcdctl("put", "\(prefix)window", #"{"width": 800, "tabs": [1, 2]}"#)
		try etcd.etcdctl("put", "/elsewhere/theme", #""light""#)
		let store = try await open(etcd, prefix: prefix)
		defer { store.backend.close() }
		#expect(store.storedValues() == ["theme": "dark", "window": ["width": 800, "tabs": [1, 2]]])
	}

	@Test func writesEachChangeAsJSONTextAndRemovesKeys() async throws {
		try await withEtcdStore { etcd, prefix, store in
			let theme = Defaults.Key<String>("theme", default: "system", suite: store)
			let volume = Defaults.Key<Int>("volume", default: 5, suite: store)
			Defaults[theme] = "dark"
			Defaults[volume] = 7
			try await store.backend.flush(timeout: .seconds(20))
			#expect(try etcd.value(of: "\(prefix)theme") == #""dark""#)
			#expect(try etcd.value(of: "\(prefix)volume") == "7")
			Defaults.reset(theme)
			try await store.backend.flush(timeout: .seconds(20))
			#expect(try etcd.value(of: "\(prefix)theme") == "")
			#expect(try etcd.value(of: "\(prefix)volume") == "7")
		}
	}

	@Test func aChangeMadeWithEtcdctlReachesObservers() async throws {
		try await withEtcdStore { etcd, prefix, store in
			let theme = Defaults.Key<String>("theme", default: "system", suite: store)
			let seen = Locked<[String]>([])
			let observation = Defaults.observe(theme, options: []) { change in seen.withLock { $0.append(change.newValue) } }
			defer { observation.invalidate() }
			// The watch may start a moment after the store opens: put until the observer hears it.
			#expect(await eventually { () async -> Bool in
				_ = try? etcd.etcdctl("put", "\(prefix)theme", #""solarized""#)
				return await eventually(within: .seconds(1)) { seen.withLock { $0.contains("solarized") } }
			})
			#expect(Defaults[theme] == "solarized")
			try etcd.etcdctl("del", "\(prefix)theme")
			#expect(await eventually { Defaults[theme] == "system" && seen.withLock { $0.last } == "system" })
		}
	}

	@Test func aValueThatIsNotJSONIsReportedLeftOutAndNotOverwritten() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		try etcd.etcdctl("put", "\(prefix)theme", "dark")
		let store = try await open(etcd, prefix: prefix)
		defer { store.backend.close() }
		#expect(store.storedValue(forKey: "theme") == nil)
		let problems = ProblemRecorder.recorded { $0.kind == .undecodableValue && $0.key == "theme" && $0.message.contains("\(prefix)theme") }
		#expect(!problems.isEmpty)
		// Another change is written; the bad value stays as it is.
		store.setStoredValue(1, forKey: "other")
		try await store.backend.flush(timeout: .seconds(20))
		#expect(try etcd.value(of: "\(prefix)theme") == "dark")

		// One arriving through the watch is reported too, and reads as unset.
		store.setStoredValue("x", forKey: "label")
		try await store.backend.flush(timeout: .seconds(20))
		try etcd.etcdctl("put", "\(prefix)label", "not json")
		#expect(await eventually { store.storedValue(forKey: "label") == nil })
		#expect(await eventually { !ProblemRecorder.recorded { $0.kind == .undecodableValue && $0.message.contains("\(prefix)label") }.isEmpty })
		#expect(try etcd.value(of: "\(prefix)label") == "not json")
	}

	@Test func aChangeMadeWhileEtcdIsDownIsKeptReportedAndPushedLater() async throws {
		try await withEtcdStore { etcd, prefix, store in
			etcd.stop()
			store.setStoredValue("offline", forKey: "theme")
			await #expect(throws: EtcdError.self) { try await store.backend.flush(timeout: .seconds(2)) }
			#expect(store.storedValue(forKey: "theme") == "offline")
			#expect(await eventually { !ProblemRecorder.recorded { $0.kind == .syncFailure && $0.message.contains("cannot be written") && $0.message.contains(prefix) }.isEmpty })
			try await etcd.restart()
			try await store.backend.flush(timeout: .seconds(30))
			#expect(try etcd.value(of: "\(prefix)theme") == #""offline""#)
		}
	}
}
