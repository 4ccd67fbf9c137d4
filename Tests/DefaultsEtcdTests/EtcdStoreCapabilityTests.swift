import Defaults
import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// A store over etcd, held as any store (as the settings editor holds it), says how its saving
/// goes through `saving`: the editor saves through it before quitting and shows `offline`.
@Suite(.serialized, .timeLimit(.minutes(3)), .requires(.etcd))
struct EtcdStoreCapabilityTests {
	@Test func anEtcdStoreHeldAsAnyStoreSavesAndSaysWhereThroughItsCapability() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let etcdStore = try await EtcdStore.openEtcd(configuration: EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(3)), prefix: prefix)
		defer { etcdStore.backend.close() }
		let store: any DefaultsStore = etcdStore
		let saving = try #require(store.saving, "a store over etcd saves")
		#expect(saving.location == "etcd \(etcd.endpoint) \(prefix)")
		#expect(saving.condition == nil)
		store.setStoredValue("dark", forKey: "theme")
		try saving.saveNow(timeout: .seconds(20))
		#expect(try etcd.value(of: "\(prefix)theme") == #""dark""#)
	}
}
