import Defaults
@testable import DefaultsEtcd
import Testing

/// What the etcd store does with another writer's change that arrives while its own change
/// of the same setting is on its way to etcd: hold it, then apply it only if it is newer.
@Suite struct EtcdBackendStateTests {
	private func pushing(_ values: [String: Defaults.JSONValue?]) -> EtcdBackendState {
		var state = EtcdBackendState(revision: 10, known: [:])
		state.inFlight = Defaults.ChangeBatch(values: values)
		return state
	}

	@Test func anOutsideChangeOfANameInFlightWaitsAndOthersPass() {
		var state = pushing(["theme": "dark"])
		let passing = state.route([
			"theme": .init(value: "light", revision: 11),
			"volume": .init(value: 3, revision: 11),
		])
		#expect(passing == ["volume": 3])
		#expect(state.late["theme"]?.revision == 11)
	}

	@Test func aWaitingChangeOlderThanThePushIsDropped() {
		var state = pushing(["theme": "dark"])
		_ = state.route(["theme": .init(value: "light", revision: 11)])
		state.written["theme"] = 12
		#expect(state.settle(remaining: nil).isEmpty, "etcd holds this machine's later write")
		#expect(state.inFlight == nil && state.late.isEmpty)
	}

	@Test func aWaitingChangeNewerThanThePushIsAppliedWhenItSettles() {
		var state = pushing(["theme": "dark"])
		_ = state.route(["theme": .init(value: nil, revision: 14)])
		state.written["theme"] = 12
		#expect(state.settle(remaining: nil) == ["theme": Optional<Defaults.JSONValue>.none], "another machine removed it after this one's put")
	}

	@Test func aNameStillToBePushedKeepsItsLocalValue() {
		var state = pushing(["theme": "dark", "volume": 2])
		_ = state.route(["theme": .init(value: "light", revision: 11), "volume": .init(value: 9, revision: 11)])
		state.written["volume"] = 12
		let due = state.settle(remaining: Defaults.ChangeBatch(values: ["theme": "dark"]))
		#expect(due.isEmpty, "theme goes to etcd again and wins there; volume's outside change is older than its push")
	}

	@Test func everyNameWaitsWhileARemovalOfEverythingIsInFlight() {
		var state = EtcdBackendState(revision: 10, known: [:])
		state.inFlight = Defaults.ChangeBatch(removedAll: true)
		#expect(state.route(["a": .init(value: 1, revision: 11)]).isEmpty)
		state.clearedRevision = 12
		#expect(state.settle(remaining: nil).isEmpty)
	}
}
