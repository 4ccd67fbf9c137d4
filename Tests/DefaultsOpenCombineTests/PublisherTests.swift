import DefaultsOpenCombine
import Foundation
@preconcurrency import OpenCombine
import Testing

final class Collected<Element>: @unchecked Sendable {
	private let lock = NSLock()
	private var elements: [Element] = []
	func append(_ element: Element) { lock.withLock { elements.append(element) } }
	var all: [Element] { lock.withLock { elements } }
}

struct CounterKeys: KeyGroup {
	let counter = KeyDefinition(key: "counter", defaultValue: 0)
}

@Suite("OpenCombine publishers")
struct PublisherTests {
	@Test func aKeyPublisherSendsTheInitialValueThenChanges() {
		let key = Defaults.Key<Bool>("isUnicornMode", default: false, suite: InMemoryStore())
		let changes = Collected<[Bool]>()
		let cancellable = Defaults.publisher(key).sink { changes.append([$0.oldValue, $0.newValue]) }
		Defaults[key] = true
		#expect(changes.all == [[false, false], [false, true]])
		cancellable.cancel()
		Defaults[key] = false
		#expect(changes.all.count == 2, "nothing after cancel")
	}

	/// Concurrent writes to one key: each is one event, each starting where the one before ended.
	@Test func everyConcurrentWriteIsOneEvent() async {
		let key = Defaults.Key<Int>("concurrent", default: 0, suite: InMemoryStore())
		let changes = Collected<Defaults.KeyChange<Int>>()
		let cancellable = Defaults.publisher(key, options: []).sink { changes.append($0) }
		await withTaskGroup(of: Void.self) { group in
			for value in 1...100 {
				group.addTask { Defaults[key] = value }
			}
		}
		let events = changes.all
		#expect(events.count == 100)
		#expect(Set(events.map(\.newValue)) == Set(1...100))
		#expect(zip(events, events.dropFirst()).allSatisfy { $1.oldValue == $0.newValue }, "in order")
		cancellable.cancel()
	}

	@Test func withoutTheInitialEvent() {
		let key = Defaults.Key<Int>("count", default: 0, suite: InMemoryStore())
		let values = Collected<Int>()
		let cancellable = Defaults.publisher(key, options: []).map(\.newValue).sink { values.append($0) }
		Defaults[key] = 1
		Defaults[key] = 2
		#expect(values.all == [1, 2])
		_ = cancellable
	}

	@Test func severalKeys() {
		let store = InMemoryStore()
		let first = Defaults.Key<Int>("first", default: 0, suite: store)
		let second = Defaults.Key<String>("second", default: "", suite: store)
		let events = Collected<Int>()
		let cancellable = Defaults.publisher(keys: first, second, options: []).sink { events.append(1) }
		Defaults[first] = 1
		Defaults[second] = "x"
		#expect(events.all.count == 2)
		_ = cancellable
	}

	@Test func demandIsRespected() {
		let key = Defaults.Key<Int>("limited", default: 0, suite: InMemoryStore())
		let values = Collected<Int>()
		let subscriptions = Collected<any Subscription>() // a subscriber owns its subscription
		let subscriber = AnySubscriber<Defaults.KeyChange<Int>, Never>(
			receiveSubscription: { subscription in
				subscriptions.append(subscription)
				subscription.request(.max(2))
			},
			receiveValue: { values.append($0.newValue); return .none },
			receiveCompletion: { _ in }
		)
		Defaults.publisher(key).subscribe(subscriber)
		Defaults[key] = 1
		Defaults[key] = 2
		#expect(values.all == [0, 1], "only as many values as requested")
		subscriptions.all.first?.request(.max(1))
		Defaults[key] = 3
		#expect(values.all == [0, 1, 3], "more after more demand")
	}

	@Test func keyValueStoragePublishers() {
		let storage = KeyValueStorage<CounterKeys>(backend: InMemoryStorage())
		let values = Collected<Int>()
		let cancellable = storage.publishers(key: \.counter).sink { values.append($0) }
		storage.counter += 1
		storage.counter += 1
		#expect(values.all == [0, 1, 2])
		_ = cancellable
	}
}
