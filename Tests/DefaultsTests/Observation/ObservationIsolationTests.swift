@testable import Defaults
import ChildProcess
import Foundation
import Testing

/// A main-actor class that observes a key and sets its own property: the pattern apps use,
/// which needs the handler to be a plain closure that runs on the main actor.
@MainActor
private final class MainActorSettings {
	var values: [Int] = []
	private var observation: Defaults.Observation?

	init(key: Defaults.Key<Int>) {
		observation = Defaults.observe(key, options: []) { [weak self] change in
			self?.values.append(change.newValue)
		}
	}

	func stop() {
		observation?.invalidate()
	}
}

/// The same pattern in an actor of one's own.
private actor Counter {
	private(set) var values: [Int] = []
	private var observation: Defaults.Observation?

	func start(_ key: Defaults.Key<Int>) {
		observation = Defaults.observe(key, options: []) { change in
			self.values.append(change.newValue)
		}
	}
}

/// A value type that is not `Sendable` (it holds a class): `updates` takes it as the original does.
private final class Reference: Codable {
	var number = 0
}

private struct NotSendable: Codable, Defaults.Serializable {
	var reference = Reference()
}

/// Writes `values` to `key` from a thread of its own, in order, and waits until it has.
private func writeFromAnotherThread(_ key: Defaults.Key<Int>, _ values: ClosedRange<Int>) {
	let done = DispatchSemaphore(value: 0)
	Thread.detachNewThread {
		for value in values { Defaults[key] = value }
		done.signal()
	}
	done.wait()
}

@Suite("Observation: where handlers run")
struct ObservationIsolationTests {
	@MainActor
	@Test func aMainActorHandlerRunsAtOnceForAChangeMadeOnTheMainActor() {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		let settings = MainActorSettings(key: key)
		Defaults[key] = 1
		#expect(settings.values == [1], "no wait: the change was made on the main actor")
	}

	@MainActor
	@Test func changesFromOtherThreadsReachAMainActorHandlerOnTheMainActorInOrder() async {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		let settings = MainActorSettings(key: key)
		// The main actor is busy with this test until it waits: the changes queue up meanwhile.
		writeFromAnotherThread(key, 1...200)
		#expect(settings.values.isEmpty, "not run on the writer's thread")
		let delivered = await eventually(within: .seconds(10)) { settings.values.count == 200 }
		#expect(delivered)
		#expect(settings.values == Array(1...200))
	}

	@MainActor
	@Test func changesStillWaitingWhenTheObservationEndsAreDropped() async throws {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		let settings = MainActorSettings(key: key)
		writeFromAnotherThread(key, 1...50)
		settings.stop()
		try await Task.sleep(for: .milliseconds(200))
		#expect(settings.values.isEmpty)
		Defaults[key] = 51
		#expect(settings.values.isEmpty, "nor any later change")
	}

	@Test func anActorsHandlerRunsOnThatActorInOrder() async {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		let counter = Counter()
		await counter.start(key)
		writeFromAnotherThread(key, 1...100)
		for value in 101...120 { Defaults[key] = value }
		var values: [Int] = []
		for _ in 0..<2000 {
			values = await counter.values
			if values.count == 120 { break }
			try? await Task.sleep(for: .milliseconds(5))
		}
		#expect(values == Array(1...120))
	}

	@Test func aHandlerGivenOutsideAnyActorRunsOnTheWritersThreadRightAway() {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		let threads = Locked<[Bool]>([])
		let observation = Defaults.observe(key, options: []) { _ in threads.withLock { $0.append(Thread.isMainThread) } }
		let done = DispatchSemaphore(value: 0)
		Thread.detachNewThread {
			Defaults[key] = 1
			// Already run, before the write returned.
			let seen = threads.value
			threads.withLock { $0.append(seen == [false]) }
			done.signal()
		}
		done.wait()
		#expect(threads.value == [false, true])
		observation.invalidate()
	}

	@MainActor
	@Test func severalKeysObservedFromTheMainActorAreReportedThere() async {
		let store = InMemoryStore()
		let first = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let second = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		var count = 0
		let observation = Defaults.observe(keys: first, second, options: []) { count += 1 }
		Defaults[first] = 1
		#expect(count == 1)
		writeFromAnotherThread(second, 1...3)
		let delivered = await eventually(within: .seconds(10)) { count == 4 }
		#expect(delivered)
		observation.invalidate()
	}

	@Test func updatesTakeValuesThatAreNotSendable() async {
		let key = Defaults.Key<NotSendable>(uniqueKeyName(), default: NotSendable(), suite: InMemoryStore())
		var iterator = Defaults.updates(key, initial: false).makeAsyncIterator()
		let changed = NotSendable()
		changed.reference.number = 7
		Defaults[key] = changed
		#expect(await iterator.next()?.reference.number == 7)
	}
}
