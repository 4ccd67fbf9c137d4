import DefaultsOpenCombine
import Foundation
@preconcurrency import OpenCombine
import Testing

private let publisherStore = InMemoryStore()

extension Defaults.Keys {
	fileprivate static let hasUnicorn = Key<Bool>("hasUnicorn", default: false, suite: publisherStore)
}

private struct Settings {
	@Default(.hasUnicorn) var hasUnicorn
}

/// The original's `@Default` publisher, and `.prior` through a publisher.
@Suite("@Default's publisher and .prior", .serialized)
struct DefaultPublisherTests {
	init() {
		Defaults.removeAll(suite: publisherStore)
	}

	@Test func theWrappersPublisherSendsTheCurrentValueThenChanges() {
		let settings = Settings()
		let values = Collected<Bool>()
		let publisher: Default<Bool>.Publisher = settings.$hasUnicorn.publisher
		let cancellable = publisher.map(\.newValue).sink { values.append($0) }
		settings.hasUnicorn = true
		Defaults[.hasUnicorn] = false
		#expect(values.all == [false, true, false])
		cancellable.cancel()
		settings.hasUnicorn = true
		#expect(values.all.count == 3, "nothing after cancel")
	}

	@Test func aPublisherWithPriorSendsTheNoticeBeforeEachChange() {
		let key = Defaults.Key<Int>("count", default: 0, suite: InMemoryStore())
		let events = Collected<[Int]>()
		let cancellable = Defaults.publisher(key, options: [.prior]).sink { change in
			events.append([change.oldValue, change.newValue, change.isPrior ? 1 : 0])
		}
		Defaults[key] = 3
		#expect(events.all == [[0, 0, 1], [0, 3, 0]])
		_ = cancellable
	}
}
