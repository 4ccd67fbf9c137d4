import ChildProcess
import Defaults
@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// etcd misbehaving while it keeps running, through a proxy between the engine and etcd:
/// errors, slow answers, and a watch stream cut off. Each is reported through the problem
/// handler and retried with backoff; reads and writes of the typed API never wait for etcd.
@Suite(.serialized, .timeLimit(.minutes(2)), .requires(.etcd))
struct EtcdFaultTests {
	init() {
		ProblemRecorder.install()
	}

	private func reports(_ prefix: String) -> [Defaults.Problem] {
		ProblemRecorder.recorded { $0.kind == .syncFailure && $0.message.contains(prefix) }
	}

	/// Writes and reads of the synced key, as a program makes them: they must not wait for etcd.
	private func typedAPIIsPrompt(_ machine: Machine, tag: String) -> Duration {
		ContinuousClock().measure {
			for index in 0..<50 {
				Defaults[machine.theme] = "\(tag)-\(index)"
				_ = Defaults[machine.theme]
			}
		}
	}

	@Test func errorsAreReportedOnceRetriedWithBackoffAndNeverHoldUpTheTypedAPI() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let proxy = try FaultProxy(to: etcd.clientPort)
		defer { proxy.stop() }
		// Every request is answered with an error from the start.
		proxy.mode = .failing
		let prefix = uniquePrefix()
		let machine = try Machine(nil, endpoint: proxy.endpoint, prefix: prefix)
		defer { machine.sync.stop() }

		// Generous: a write that waited for etcd would take a request timeout (3 s) at least.
		#expect(typedAPIIsPrompt(machine, tag: "failing") < .seconds(2))
		#expect(await eventually { reports(prefix).contains { $0.message.contains("too many requests") } }, "\(reports(prefix).map(\.message))")

		// Retried, with backoff (100 ms doubling to the 500 ms the machine allows): a handful of
		// attempts in three seconds, not hundreds; and the outage is reported once.
		let before = machine.sync.failedAttempts.load(ordering: .relaxed)
		try await Task.sleep(for: .seconds(3))
		let attempts = machine.sync.failedAttempts.load(ordering: .relaxed) - before
		#expect(attempts <= 20, "with backoff, not in a tight loop: \(attempts)")
		// Retried: at least twice, which a busy run (ThreadSanitizer, the other tests holding the
		// threads) may take longer than three seconds to get to.
		#expect(await eventually { machine.sync.failedAttempts.load(ordering: .relaxed) - before >= 2 }, "retried")
		#expect(reports(prefix).count == 1, "one report for one outage: \(reports(prefix).map(\.message))")
		#expect(proxy.refusedRequests >= 2)
		#expect((try? etcd.value(of: "\(prefix)theme")) == "")

		proxy.mode = .passing
		#expect(await eventually { (try? etcd.value(of: "\(prefix)theme")) == #""failing-49""# }, "pushed once etcd answers again")
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
	}

	@Test func slowAnswersTimeOutAreReportedAndTheChangeIsPushedLater() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let proxy = try FaultProxy(to: etcd.clientPort)
		defer { proxy.stop() }
		// Each answer is held back longer than the machine's request timeout (3 s).
		proxy.mode = .slow(.seconds(5))
		let prefix = uniquePrefix()
		let machine = try Machine(nil, endpoint: proxy.endpoint, prefix: prefix)
		defer { machine.sync.stop() }

		#expect(typedAPIIsPrompt(machine, tag: "slow") < .seconds(2))
		#expect(await eventually(within: .seconds(30)) { reports(prefix).contains { $0.message.contains("did not answer within 3 s") } },
			"a request that timed out is reported: \(reports(prefix).map(\.message))")

		proxy.mode = .passing
		proxy.dropConnections()
		#expect(await eventually(within: .seconds(30)) { (try? etcd.value(of: "\(prefix)theme")) == #""slow-49""# })
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
	}

	@Test func aWatchStreamCutOffIsReportedAndResumedWithoutMissingAChange() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let proxy = try FaultProxy(to: etcd.clientPort)
		defer { proxy.stop() }
		let prefix = uniquePrefix()
		let machine = try Machine(nil, endpoint: proxy.endpoint, prefix: prefix)
		defer { machine.sync.stop() }
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
		try etcd.etcdctl("put", "\(prefix)theme", #""before""#)
		#expect(await eventually { Defaults[machine.theme] == "before" })

		// The stream ends while etcd keeps running; changes made meanwhile must still arrive.
		proxy.mode = .failing
		proxy.dropConnections()
		#expect(await eventually { reports(prefix).count == 1 }, "the cut is reported: \(reports(prefix).map(\.message))")
		try etcd.etcdctl("put", "\(prefix)theme", #""while cut off""#)
		try etcd.etcdctl("put", "\(prefix)other", #""ignored""#)
		#expect(Defaults[machine.theme] == "before")
		proxy.mode = .passing
		#expect(await eventually { Defaults[machine.theme] == "while cut off" },
			"the watch resumed from the last revision it saw (failed attempts \(machine.sync.failedAttempts.load(ordering: .relaxed)), watching \(machine.sync.isWatching.load(ordering: .relaxed)), refused \(proxy.refusedRequests), reports \(reports(prefix).map(\.message)))")
		try etcd.etcdctl("put", "\(prefix)theme", #""after""#)
		#expect(await eventually { Defaults[machine.theme] == "after" }, "and keeps watching")
	}

	/// A watch whose connection stays open but carries nothing any more (a member that hangs,
	/// a connection lost without a word) is noticed by its checks, reported, and set up again.
	@Test func aWatchThatFallsSilentIsNoticedAndSetUpAgain() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let proxy = try FaultProxy(to: etcd.clientPort)
		defer { proxy.stop() }
		let prefix = uniquePrefix()
		let machine = try Machine(nil, endpoint: proxy.endpoint, prefix: prefix, watchCheckInterval: .milliseconds(300))
		defer { machine.sync.stop() }
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
		try etcd.etcdctl("put", "\(prefix)theme", #""before""#)
		#expect(await eventually { Defaults[machine.theme] == "before" })

		proxy.silenceConnections()
		try etcd.etcdctl("put", "\(prefix)theme", #""while silent""#)
		#expect(await eventually { Defaults[machine.theme] == "while silent" }, "the silent watch was replaced: reports \(reports(prefix).map(\.message))")
		// Reported as the check's finding: changes unsent, or (when libcurl reuses an idle
		// connection the proxy silenced too for the check's request) the member not answering.
		let checkReasons = ["the watch fell silent", "the watch's member stopped answering"]
		#expect(reports(prefix).contains { report in checkReasons.contains { report.message.contains($0) } }, "\(reports(prefix).map(\.message))")
		try etcd.etcdctl("put", "\(prefix)theme", #""after""#)
		#expect(await eventually { Defaults[machine.theme] == "after" }, "and the new watch works")
	}

	@Test func aQuietWatchOfUnchangedSettingsIsLeftAlone() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let machine = try Machine(etcd, prefix: prefix, watchCheckInterval: .milliseconds(200))
		defer { machine.sync.stop() }
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
		// Other keys change, none under the prefix: the watch stays silent, and that is fine.
		for index in 0..<5 {
			try etcd.etcdctl("put", "/elsewhere-\(UUID().uuidString.prefix(8))/key", "\(index)")
		}
		try await Task.sleep(for: .seconds(2))
		#expect(reports(prefix).isEmpty, "\(reports(prefix).map(\.message))")
		try etcd.etcdctl("put", "\(prefix)theme", #""still heard""#)
		#expect(await eventually { Defaults[machine.theme] == "still heard" })
	}

	@Test func aValueOverEtcdsRequestLimitIsReportedKeptHereAndHoldsUpNoOtherKey() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = uniquePrefix()
		let store = InMemoryStore()
		let machine = try Machine(etcd, prefix: prefix, store: store)
		defer { machine.sync.stop() }
		// Sorted before "theme", so that a refused push in front of it would hold it up.
		let notes = Defaults.Key<String>("notes", default: "", suite: store, iCloud: true)
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))

		let big = String(repeating: "x", count: 2_000_000) // etcd takes 1.5 MiB per request unless told otherwise
		Defaults[notes] = big
		Defaults[machine.theme] = "after the big one"
		#expect(await eventually { (try? etcd.value(of: "\(prefix)theme")) == #""after the big one""# })
		let refused = { ProblemRecorder.recorded { $0.kind == .syncFailure && $0.key == "notes" && $0.message.contains("\(prefix)notes") } }
		#expect(await eventually { refused().contains { $0.message.contains("more than etcd takes in one request") } }, "\(refused().map(\.message))")
		#expect(refused().first?.message.contains("(2000002 bytes of JSON)") == true, "\(refused().map(\.message))")
		#expect(Defaults[notes] == big, "kept on this machine")
		#expect((try? etcd.value(of: "\(prefix)notes")) == "", "etcd has no value for it")
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout), "nothing is stuck")

		// A value etcd takes is pushed as usual.
		Defaults[notes] = "short"
		#expect(await eventually { (try? etcd.value(of: "\(prefix)notes")) == #""short""# })
	}

	/// The conflict rule: two machines change one key while cut off from etcd; the one whose
	/// change reaches etcd last (here B, which comes back second) wins, on both machines.
	/// How soon both hold it is the benchmark's row; here only that they do.
	@Test func twoMachinesCutOffConvergeOnTheChangeThatReachesEtcdLast() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let proxyA = try FaultProxy(to: etcd.clientPort)
		let proxyB = try FaultProxy(to: etcd.clientPort)
		defer { proxyA.stop(); proxyB.stop() }
		let prefix = uniquePrefix()
		let a = try Machine(nil, endpoint: proxyA.endpoint, prefix: prefix)
		let b = try Machine(nil, endpoint: proxyB.endpoint, prefix: prefix)
		defer { a.sync.stop(); b.sync.stop() }
		#expect(await a.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(await b.sync.waitForSyncCompletion(timeout: syncTimeout))

		for proxy in [proxyA, proxyB] {
			proxy.mode = .failing
			proxy.dropConnections()
		}
		Defaults[a.theme] = "from A"
		Defaults[b.theme] = "from B"
		try await Task.sleep(for: .milliseconds(500))
		#expect((try? etcd.value(of: "\(prefix)theme")) == "", "neither reached etcd while cut off")

		proxyA.mode = .passing
		#expect(await eventually { (try? etcd.value(of: "\(prefix)theme")) == #""from A""# })
		proxyB.mode = .passing
		#expect(await eventually { (try? etcd.value(of: "\(prefix)theme")) == #""from B""# }, "B's change reached etcd last")
		#expect(await eventually { Defaults[a.theme] == "from B" && Defaults[b.theme] == "from B" }, "both machines hold the winner")
		#expect(await a.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(await b.sync.waitForSyncCompletion(timeout: syncTimeout))
		#expect(Defaults[a.theme] == "from B" && Defaults[b.theme] == "from B", "and stay there")
	}
}
