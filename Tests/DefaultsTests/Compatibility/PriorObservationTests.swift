import Defaults
import Foundation
import Testing

/// `ObservationOptions.prior` and `KeyChange.isPrior`, as in the original's observation tests.
@Suite("The original's observation options: .prior", .timeLimit(.minutes(1)))
struct PriorObservationTests {
	/// One event as the tests compare it: old value, new value, and whether it is the notice before.
	struct Event: Equatable, Sendable {
		let old: Int
		let new: Int
		let isPrior: Bool
	}

	@Test(arguments: StoreKind.allCases)
	func eachChangeIsPrecededByItsNotice(store kind: StoreKind) {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: kind.makeStore())
		let recorder = Recorder<Event>()
		let observation = Defaults.observe(key, options: [.prior]) { change in
			recorder.record(Event(old: change.oldValue, new: change.newValue, isPrior: change.isPrior))
		}
		Defaults[key] = 1
		Defaults[key] = 5
		#expect(recorder.all == [
			Event(old: 0, new: 0, isPrior: true), Event(old: 0, new: 1, isPrior: false),
			Event(old: 1, new: 1, isPrior: true), Event(old: 1, new: 5, isPrior: false),
		])
		observation.invalidate()
	}

	@Test func withInitialTheFirstEventIsTheInitialOneAndNotAPriorNotice() {
		let key = Defaults.Key<String>(uniqueKeyName(), default: "a", suite: InMemoryStore())
		let recorder = Recorder<[String]>()
		let observation = Defaults.observe(key, options: [.initial, .prior]) { change in
			recorder.record([change.oldValue, change.newValue, change.isPrior ? "prior" : "change"])
		}
		Defaults[key] = "b"
		#expect(recorder.all == [["a", "a", "change"], ["a", "a", "prior"], ["a", "b", "change"]])
		_ = observation
	}

	@Test func withoutPriorEveryEventIsTheChangeItself() {
		let key = Defaults.Key<Bool>(uniqueKeyName(), default: false, suite: InMemoryStore())
		let recorder = Recorder<Bool>()
		let observation = Defaults.observe(key) { recorder.record($0.isPrior) }
		Defaults[key] = true
		Defaults.reset(key)
		#expect(recorder.all == [false, false, false])
		_ = observation
	}

	@Test func aChangeThatChangesNothingSendsNoNoticeEither() {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		let recorder = Recorder<Bool>()
		let observation = Defaults.observe(key, options: [.prior]) { recorder.record($0.isPrior) }
		Defaults[key] = 2
		Defaults[key] = 2
		#expect(recorder.all == [true, false])
		_ = observation
	}

	@Test func observersOfSeveralKeysRunTwicePerChange() {
		let store = InMemoryStore()
		let first = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let second = Defaults.Key<String>(uniqueKeyName(), default: "", suite: store)
		let calls = Recorder<Int>()
		let observation = Defaults.observe(keys: first, second, options: [.prior]) { calls.record(1) }
		Defaults[first] = 1
		Defaults[second] = "x"
		#expect(calls.all.count == 4)
		_ = observation
	}

	@Test func theOriginalsOptionNameSpellsTheSameOptions() {
		let spelled: Defaults.ObservationOptions = [Defaults.ObservationOption.initial, Defaults.ObservationOption.prior]
		#expect(spelled == [.initial, .prior])
		#expect(spelled.contains(.prior))
		#expect(!Defaults.ObservationOptions.initial.contains(.prior))
	}

	@Test func aKeyChangeMadeWithoutIsPriorIsTheChangeItself() {
		let change = Defaults.KeyChange(oldValue: 1, newValue: 2)
		#expect(!change.isPrior)
		#expect(change != Defaults.KeyChange(oldValue: 1, newValue: 2, isPrior: true))
	}
}
