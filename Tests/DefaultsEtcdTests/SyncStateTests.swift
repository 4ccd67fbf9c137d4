import Defaults
@testable import DefaultsEtcd
import Testing

/// The conflict rule's bookkeeping without etcd: the orders in which a push's result, the
/// watch's echo of that push and further local changes can arrive.
@Suite struct SyncStateTests {
	private static func state() -> SyncState {
		let key = Defaults.Key<String>("theme", default: "system", suite: InMemoryStore())
		var state = SyncState()
		state.keys = ["theme": key]
		// First contact: etcd has no value and neither has the machine.
		_ = state.pulled([:], at: 5, localValues: [:])
		return state
	}

	@Test func aResetWhileTheChangeBeforeItIsBeingPushedIsPushedToo() {
		var state = Self.state()
		let result1 = state.localChange("theme", value: "dark")
		#expect(result1)
		let firstPush = state.unpushed["theme"] ?? 0
		// The reset comes before the put of "dark" has answered. etcd was last known to have
		// no value, which is what the reset leaves, but the put in flight will change that.
		let result2 = state.localChange("theme", value: nil)
		#expect(result2)
		let result3 = state.pushed("theme", counter: firstPush, value: "dark", revision: 10)
		#expect(result3 == nil)
		#expect(state.unpushed["theme"] != nil, "the reset must still be pushed")
		#expect(!state.etcdHolds(nil, for: "theme"))
	}

	@Test func theEchoOfAPushBeforeItsResultChangesNothingLocally() {
		var state = Self.state()
		let result4 = state.localChange("theme", value: "dark")
		#expect(result4)
		let counter = state.unpushed["theme"] ?? 0
		// The watch shows the put before the put's own answer is read.
		let result5 = state.remoteChange("theme", value: .value("dark"), revision: 10)
		#expect(result5 == nil)
		let result6 = state.pushed("theme", counter: counter, value: "dark", revision: 10)
		#expect(result6 == nil)
		#expect(state.unpushed.isEmpty)
		#expect(state.etcdHolds("dark", for: "theme"))
	}

	@Test func aResetAfterTheEchoButBeforeThePushResultIsPushed() {
		var state = Self.state()
		let result7 = state.localChange("theme", value: "dark")
		#expect(result7)
		let counter = state.unpushed["theme"] ?? 0
		let result8 = state.remoteChange("theme", value: .value("dark"), revision: 10)
		#expect(result8 == nil)
		let result9 = state.localChange("theme", value: nil)
		#expect(result9)
		let result10 = state.pushed("theme", counter: counter, value: "dark", revision: 10)
		#expect(result10 == nil)
		#expect(state.unpushed["theme"] != nil)
	}

	@Test func anotherMachinesLaterWriteWinsOverAnEarlierPush() {
		var state = Self.state()
		let result11 = state.localChange("theme", value: "dark")
		#expect(result11)
		let counter = state.unpushed["theme"] ?? 0
		// Another machine's put reached etcd after this one's (revision 12 against 11).
		let result12 = state.remoteChange("theme", value: .value("light"), revision: 12)
		#expect(result12 == nil)
		let result13 = state.pushed("theme", counter: counter, value: "dark", revision: 11)
		#expect(result13 == .set("theme", "light"))
		#expect(state.unpushed.isEmpty)
	}

	@Test func aLaterPushWinsOverAnotherMachinesEarlierWrite() {
		var state = Self.state()
		let result14 = state.localChange("theme", value: "dark")
		#expect(result14)
		let counter = state.unpushed["theme"] ?? 0
		let result15 = state.remoteChange("theme", value: .value("light"), revision: 11)
		#expect(result15 == nil)
		let result16 = state.pushed("theme", counter: counter, value: "dark", revision: 12)
		#expect(result16 == nil)
		#expect(state.etcdHolds("dark", for: "theme"))
		// The echo of the own push is older news by then.
		let result17 = state.remoteChange("theme", value: .value("dark"), revision: 12)
		#expect(result17 == nil)
	}

	@Test func aRemoteChangeAppliedLocallyIsNotPushedBack() {
		var state = Self.state()
		let result18 = state.remoteChange("theme", value: .value("light"), revision: 9)
		#expect(result18 == .set("theme", "light"))
		// Applying it makes the store report a local change of the same value.
		let result19 = state.localChange("theme", value: "light")
		#expect(!result19)
		#expect(state.unpushed.isEmpty)
	}

	/// After a restart (a journal knows etcd held "theme" at revision 7), the first full read
	/// finds revision 7 still there: a local value that differs, with nothing to push, is one
	/// the last run never got into its file, and etcd's is taken; a change to push is kept.
	@Test func aRestartTakesEtcdsValueWhenTheFileMissedIt() {
		let key = Defaults.Key<String>("theme", default: "system", suite: InMemoryStore())
		var restarted = SyncState()
		restarted.keys = ["theme": key]
		restarted.restore(SyncJournal(revision: 9, unpushed: [], known: ["theme": 7]))
		#expect(restarted.needsFullPull, "a start reads everything, journal or not")
		let found: [String: (value: RemoteState.Value, revision: Int64)] = ["theme": (.value("dark"), 7)]
		#expect(restarted.pulled(found, at: 9, localValues: ["theme": "light"]) == [.set("theme", "dark")])

		var unchanged = SyncState()
		unchanged.keys = ["theme": key]
		unchanged.restore(SyncJournal(revision: 9, unpushed: [], known: ["theme": 7]))
		#expect(unchanged.pulled(found, at: 9, localValues: ["theme": "dark"]).isEmpty)

		var withChange = SyncState()
		withChange.keys = ["theme": key]
		withChange.restore(SyncJournal(revision: 9, unpushed: ["theme"], known: ["theme": 7]))
		#expect(withChange.pulled(found, at: 9, localValues: ["theme": "light"]).isEmpty)
		#expect(withChange.unpushed["theme"] != nil, "the local change is still to be pushed")
	}
}
