import ChildProcess
import Defaults
@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// Syncing a layered store (as the standard store is): only the user's own values travel.
@Suite(.serialized)
struct LayeredSyncTests {
	init() {
		ProblemRecorder.install()
	}

	@Test(.requires(.etcd)) func aSystemDefaultIsNotPushedAndAResetIsSyncedAsARemoval() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let system = InMemoryStore()
		system.setStoredValue("dark", forKey: "theme")
		let store = LayeredStore(user: InMemoryStore(), system: [system])
		let machine = try Machine(etcd, prefix: prefix, store: store)
		defer { machine.sync.stop() }
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(Defaults[machine.theme] == "dark")
		Defaults[machine.theme] = "light"
		#expect(await eventually { (try? etcd.value(of: "\(prefix)theme")) == #""light""# })
		Defaults.reset(machine.theme)
		#expect(Defaults[machine.theme] == "dark", "the system value shows after the reset")
		#expect(await eventually { (try? etcd.value(of: "\(prefix)theme")) == "" }, "the reset removes the key in etcd rather than push the system value")
		system.setStoredValue("blue", forKey: "theme")
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(try etcd.value(of: "\(prefix)theme") == "", "an administrator's default is not this machine's change")
		try etcd.etcdctl("put", "\(prefix)theme", #""solarized""#)
		#expect(await eventually { Defaults[machine.theme] == "solarized" }, "another machine's value reaches the user's layer")
		#expect(store.origin(forKey: "theme").layer == .user)
	}
}
