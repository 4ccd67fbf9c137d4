@testable import Defaults
import ChildProcess
import Foundation
import Testing

@Suite("Async updates", .timeLimit(.minutes(1)))
struct UpdatesTests {
	@Test func updatesYieldTheCurrentValueThenEachChange() async {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: InMemoryStore())
		var iterator = Defaults.updates(key).makeAsyncIterator()
		#expect(await iterator.next() == 1)
		Defaults[key] = 2
		Defaults[key] = 3
		#expect(await iterator.next() == 2)
		#expect(await iterator.next() == 3)
	}

	/// Concurrent writes to one key: each is one value of the sequence, in the order they happened.
	@Test(arguments: StoreKind.allCases)
	func everyConcurrentWriteIsOneValue(store kind: StoreKind) async {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: kind.makeStore())
		var iterator = Defaults.updates(key, initial: false).makeAsyncIterator()
		await withTaskGroup(of: Void.self) { group in
			for value in 1...100 {
				group.addTask { Defaults[key] = value }
			}
		}
		var values: [Int] = []
		for _ in 1...100 {
			guard let value = await iterator.next() else { break }
			values.append(value)
		}
		#expect(values.count == 100, "one value per write, none merged")
		#expect(Set(values) == Set(1...100))
		#expect(values.last == Defaults[key], "the last value is the one the key holds")
	}

	@Test func updatesWithoutTheInitialValue() async {
		let key = Defaults.Key<String>(uniqueKeyName(), default: "a", suite: InMemoryStore())
		var iterator = Defaults.updates(key, initial: false).makeAsyncIterator()
		Defaults[key] = "b"
		#expect(await iterator.next() == "b")
	}

	@Test func cancellingTheTaskEndsTheSequenceAndTheObservation() async {
		let store = InMemoryStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let started = AsyncStream<Void>.makeStream()
		let task = Task {
			var count = 0
			for await _ in Defaults.updates(key) {
				count += 1
				started.continuation.yield()
			}
			return count
		}
		var startedIterator = started.stream.makeAsyncIterator()
		await startedIterator.next()
		task.cancel()
		let count = await task.value
		#expect(count >= 1)
		#expect(await eventually(within: .seconds(10)) { store.core.observers.isEmpty }, "the observation was removed")
	}

	@Test func updatesOfSeveralKeys() async {
		let store = InMemoryStore()
		let first = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let second = Defaults.Key<Bool>(uniqueKeyName(), default: false, suite: store)
		var iterator = Defaults.updates([first, second], initial: false).makeAsyncIterator()
		Defaults[second] = true
		#expect(await iterator.next() != nil)
	}

	@Test func updatesOfSeveralKeysAsATuple() async {
		let store = InMemoryStore()
		let quality = Defaults.Key<Double>(uniqueKeyName(), default: 0.8, suite: store)
		let unicorn = Defaults.Key<Bool>(uniqueKeyName(), default: false, suite: store)
		var iterator = Defaults.updates(quality, unicorn).makeAsyncIterator()
		let initial = await iterator.next()
		#expect(initial?.0 == 0.8)
		#expect(initial?.1 == false)
		Defaults[unicorn] = true
		let next = await iterator.next()
		#expect(next?.0 == 0.8)
		#expect(next?.1 == true)
	}
}
