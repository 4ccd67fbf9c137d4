import ChildProcess
import Defaults
@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// One "machine": a store of its own, a synced key in it, and a sync engine.
struct Machine {
	let store: any DefaultsStore
	let theme: Defaults.Key<String>
	let sync: Defaults.EtcdSync

	init(
		_ etcd: EtcdServer?, endpoint: String? = nil, endpoints: [String]? = nil, prefix: String,
		store: any DefaultsStore = InMemoryStore(), journal: URL = Self.journalURL(), watchCheckInterval: Duration? = .seconds(10),
		credentials: EtcdConfiguration.Credentials? = nil
	) throws {
		self.store = store
		theme = Defaults.Key<String>("theme", default: "system", suite: store, iCloud: true)
		var configuration = EtcdConfiguration(
			endpoints: endpoints ?? [endpoint ?? etcd?.endpoint ?? "http://127.0.0.1:1"], credentials: credentials, requestTimeout: .seconds(3)
		)
		configuration.watchCheckInterval = watchCheckInterval
		sync = try Defaults.EtcdSync(
			store: store,
			configuration: configuration,
			prefix: prefix,
			journal: journal,
			maximumRetryDelay: .milliseconds(500)
		)
	}

	static func journalURL() -> URL {
		isolatedDirectory.appendingPathComponent("journal-\(UUID().uuidString).json")
	}
}

func uniquePrefix() -> String {
	EtcdServer.uniquePrefix()
}

/// Runs `body` with a test's own etcd, a prefix of its own and one machine syncing under it
/// (a store of its own), and stops the machine and etcd after it.
func withSyncingMachine(_ body: (EtcdServer, String, Machine) async throws -> Void) async throws {
	let etcd = try await EtcdServer.start()
	defer { etcd.terminate() }
	let prefix = uniquePrefix()
	let machine = try Machine(etcd, prefix: prefix)
	defer { machine.sync.stop() }
	try await body(etcd, prefix, machine)
}

/// The sync engine between machines through a real etcd.
@Suite(.serialized)
struct EtcdSyncTests {
	init() {
		ProblemRecorder.install()
	}

	/// How fast is the benchmark's concern (row 10); here, on a busy machine, only that it arrives.
	@Test(.requires(.etcd)) func aChangeOnOneMachineReachesAnObserverOnAnother() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let a = try Machine(etcd, prefix: prefix)
		let b = try Machine(etcd, prefix: prefix)
		defer { a.sync.stop(); b.sync.stop() }
		#expect(await a.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(await b.sync.waitForSyncCompletion(timeout: syncTimeout))

		let seen = Locked<[String]>([])
		let observation = Defaults.observe(b.theme, options: []) { change in seen.withLock { $0.append(change.newValue) } }
		defer { observation.invalidate() }
		Defaults[a.theme] = "dark"
		#expect(await eventually { seen.withLock { $0 } == ["dark"] })
		#expect(Defaults[b.theme] == "dark")
		// Pushed as JSON text: readable and editable with etcdctl.
		#expect(try etcd.etcdctl("get", "\(prefix)theme", "--print-value-only").trimmingCharacters(in: .whitespacesAndNewlines) == #""dark""#)

		// A reset removes the etcd key, and the other machine goes back to its default.
		Defaults.reset(a.theme)
		#expect(await eventually { Defaults[b.theme] == "system" && b.store.storedValue(forKey: "theme") == nil })
		// No echo: A's own change coming back does not make it push again.
		#expect(await a.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(a.sync.state.withLock { $0.unpushed.isEmpty })
	}

	@Test(.requires(.etcd)) func aValuePutWithEtcdctlAppearsInTheTypedKey() async throws {
		try await withSyncingMachine { etcd, prefix, machine in
			#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))

			try etcd.etcdctl("put", "\(prefix)theme", #""solarized""#)
			#expect(await eventually { Defaults[machine.theme] == "solarized" })
		}
	}

	@Test(.requires(.etcd)) func aValueInEtcdThatDoesNotDecodeIsReportedAndLeavesLocalDataAlone() async throws {
		try await withSyncingMachine { etcd, prefix, machine in
			Defaults[machine.theme] = "dark"
			#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))

			try etcd.etcdctl("put", "\(prefix)theme", "dark")   // no quotes: not JSON
			try etcd.etcdctl("put", "\(prefix)theme", "42")     // JSON, but not a String
			let problems = { ProblemRecorder.recorded { $0.kind == .undecodableValue && $0.message.contains(prefix) } }
			#expect(await eventually { problems().count == 2 })
			#expect(problems().first?.message.contains("a string needs quotes") == true)
			#expect(Defaults[machine.theme] == "dark")
			#expect(machine.store.storedValue(forKey: "theme") == "dark")

			// A local change afterwards is pushed over the bad value.
			Defaults[machine.theme] = "light"
			#expect(await eventually { (try? etcd.etcdctl("get", "\(prefix)theme", "--print-value-only"))?.contains(#""light""#) == true })
		}
	}

	@Test(.requires(.etcd)) func changesMadeWhileEtcdIsDownArePushedWhenItIsBack() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let a = try Machine(etcd, prefix: prefix)
		let volume = Defaults.Key<Int>("volume", default: 0, suite: a.store)
		a.sync.add(volume)
		defer { a.sync.stop() }
		#expect(await a.sync.waitForSyncCompletion(timeout: syncTimeout))

		etcd.stop()
		let clock = ContinuousClock()
		let elapsed = clock.measure {
			for step in 1...50 {
				Defaults[volume] = step
				if step == 25 { Defaults[a.theme] = "offline" }
			}
		}
		#expect(elapsed < .seconds(1), "writes must not wait for etcd")
		#expect(await eventually { ProblemRecorder.recorded { $0.kind == .syncFailure && $0.message.contains(prefix) }.count >= 1 })
		// Let the engine try (and fail) to push a few times while etcd is down.
		let failures = a.sync.failedAttempts.load(ordering: .relaxed)
		#expect(await eventually { a.sync.failedAttempts.load(ordering: .relaxed) >= failures + 3 })

		try await etcd.restart()
		#expect(await a.sync.waitForSyncCompletion(timeout: syncTimeout))
		let b = try Machine(etcd, prefix: prefix)
		let volumeB = Defaults.Key<Int>("volume", default: 0, suite: b.store)
		b.sync.add(volumeB)
		defer { b.sync.stop() }
		#expect(await b.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(Defaults[volumeB] == 50)
		#expect(Defaults[b.theme] == "offline")
	}

	@Test(.requires(.etcd)) func theJournalKeepsUnpushedChangesAcrossARestartOfTheEngine() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let journal = Machine.journalURL()
		let file = isolatedDirectory.appendingPathComponent("store-\(UUID().uuidString)/settings.json")

		do {
			let machine = try Machine(etcd, prefix: prefix, store: FileStore(url: file), journal: journal)
			Defaults[machine.theme] = "before"
			#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
			etcd.stop()
			// etcd already holds a value this machine knows, so only the journal tells that the
			// change below is newer.
			Defaults[machine.theme] = "written offline"
			#expect(await eventually { (try? Data(contentsOf: journal)).map { String(decoding: $0, as: UTF8.self).contains(#""unpushed":["theme"]"#) } == true })
			machine.sync.stop()
			try (machine.store as? FileStore)?.flush()
		}

		try await etcd.restart()
		// The program starts again: a new store on the same file, a new engine on the same journal.
		let restarted = try Machine(etcd, prefix: prefix, store: FileStore(url: file), journal: journal)
		defer { restarted.sync.stop() }
		#expect(await restarted.sync.waitForSyncCompletion(timeout: syncTimeout))
		let client = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint]))
		#expect(try await client.get("\(prefix)theme").value?.value == Data(#""written offline""#.utf8))
	}

	@Test(.requires(.etcd)) func aWatchResumingFromACompactedRevisionReadsEverythingAgain() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let journal = Machine.journalURL()
		let store = InMemoryStore()
		let first = try Machine(etcd, prefix: prefix, store: store, journal: journal)
		#expect(await first.sync.waitForSyncCompletion(timeout: syncTimeout))
		first.sync.stop()   // the watcher goes away, its revision in the journal

		let client = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint]))
		try await client.put("\(prefix)theme", value: Data(#""while away""#.utf8))
		let last = try await client.put("\(prefix)unrelated", value: Data("1".utf8))
		try await client.compact(toRevision: last)

		let back = try Machine(etcd, prefix: prefix, store: store, journal: journal)
		defer { back.sync.stop() }
		#expect(back.sync.state.withLock { $0.revision > 0 }, "takes up the journal's revision")
		#expect(await eventually { Defaults[back.theme] == "while away" })
	}

	@Test func anUnreachableEtcdIsReportedAndLocalSettingsWorkAsUsual() async throws {
		let prefix = uniquePrefix()
		let machine = try Machine(nil, endpoint: "http://127.0.0.1:1", prefix: prefix)
		defer { machine.sync.stop() }
		let clock = ContinuousClock()
		let elapsed = clock.measure {
			Defaults[machine.theme] = "local"
			#expect(Defaults[machine.theme] == "local")
		}
		#expect(elapsed < .seconds(1))
		let reports = { ProblemRecorder.recorded { $0.kind == .syncFailure && $0.message.contains(prefix) } }
		#expect(await eventually { !reports().isEmpty })
		#expect(reports().first?.message.contains("127.0.0.1:1") == true)
		#expect(reports().first?.message.contains("cannot be reached") == true)
		#expect(await machine.sync.waitForSyncCompletion(timeout: .milliseconds(300)) == false)
	}

	@Test(.requires(.etcd)) func syncReturnsOnceTheLocalChangesAreInEtcd() async throws {
		try await withSyncingMachine { etcd, prefix, machine in
			Defaults[machine.theme] = "dark"
			await machine.sync.sync()
			let pushed = try etcd.value(of: "\(prefix)theme")
			#expect(pushed == #""dark""#, "pushed before sync() returned")
			#expect(machine.sync.isComplete)
		}
	}

	@Test(.requires(.etcd)) func aRemovedKeyIsNeitherPushedNorUpdated() async throws {
		try await withSyncingMachine { etcd, prefix, machine in
			let volume = Defaults.Key<Int>("volume", default: 5, suite: machine.store, iCloud: true)
			#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
			machine.sync.remove(machine.theme)
			#expect(!machine.sync.keys.contains(machine.theme) && machine.sync.keys.contains(volume))

			// Local: the removed key's change stays here; the synced one after it goes out.
			Defaults[machine.theme] = "dark"
			Defaults[volume] = 7
			#expect(await eventually { (try? etcd.value(of: "\(prefix)volume")) == "7" })
			#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
			#expect(try etcd.value(of: "\(prefix)theme").isEmpty, "a key no longer synced is not pushed")

			// Remote: a change of the removed key before one of the synced key is not applied.
			try etcd.etcdctl("put", "\(prefix)theme", #""light""#)
			try etcd.etcdctl("put", "\(prefix)volume", "9")
			#expect(await eventually { Defaults[volume] == 9 })
			#expect(Defaults[machine.theme] == "dark", "a key no longer synced keeps its local value")
		}
	}

	@Test(arguments: ["", "/", "/myapp", "myapp/", "myapp"])
	func aPrefixThatIsNotAFolderIsRefused(prefix: String) async {
		#expect(throws: EtcdError.self) {
			_ = try Defaults.EtcdSync(store: InMemoryStore(), endpoints: ["http://127.0.0.1:1"], prefix: prefix, journal: Machine.journalURL())
		}
		do {
			_ = try await EtcdStore.openEtcd(configuration: EtcdConfiguration(endpoints: ["http://127.0.0.1:1"]), prefix: prefix)
			Issue.record("the etcd store opened under '\(prefix)'")
		} catch {
			#expect("\(error)".contains("must start and end with '/'"), "refused before any request: \(error)")
		}
	}

	@Test func iCloudKeysAreClaimedByTheEngineAndNotReportedAsNotSynced() async throws {
		let store = InMemoryStore()
		let sync = try Defaults.EtcdSync(store: store, endpoints: ["http://127.0.0.1:1"], prefix: uniquePrefix(), journal: Machine.journalURL())
		defer { sync.stop() }
		let name = "claimed-\(UUID().uuidString.prefix(8))"
		let key = Defaults.Key<Int>(name, default: 1, suite: store, iCloud: true)
		#expect(sync.keys.contains(key))
		#expect(ProblemRecorder.recorded { $0.kind == .notSynced && $0.key == name }.isEmpty)
		sync.remove(key)
		#expect(!sync.keys.contains(key))
	}
}
