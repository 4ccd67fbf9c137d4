// The observation examples of the seed documents (Defaults readme v5 and v7+),
// with SwiftUI and Combine left out (publishers are tested with DefaultsOpenCombine).
import Defaults
import Foundation
import Testing

extension Defaults.Keys {
	static let observedUnicornMode = Key<Bool>("observedUnicornMode", default: false)
	static let key1 = Key<Int>("key1", default: 0)
	static let key2 = Key<Int>("key2", default: 0)
	static let someKey = Key<Bool>("someKey", default: false)
	static let hasUnicorn = Key<Bool>("hasUnicorn", default: false)
}

final class Foo: @unchecked Sendable {
	let changes = Locked([Bool]())

	init() {
		Defaults.observe(.observedUnicornMode) { [changes] change in
			changes.withLock { $0.append(change.oldValue) }
			changes.withLock { $0.append(change.newValue) }
		}.tieToLifetime(of: self)
	}
}

struct ContentView {
	@Default(.hasUnicorn) var hasUnicorn

	// The seed's Button("Reset") action.
	func reset() {
		_hasUnicorn.reset()
	}
}

// Nested in the serialized seed suite: both use the shared standard store and clear it.
extension SeedExampleTests {
@Suite("Observation")
struct ObservationSeedExamples {
	init() {
		Defaults.removeAll()
	}

	@Test func observeChangesToAKey() {
		let events = Locked([Bool]())
		let observer = Defaults.observe(.observedUnicornMode) { change in
			// Initial event, then the first actual event
			events.withLock { $0.append(change.oldValue) }
			events.withLock { $0.append(change.newValue) }
		}
		Defaults[.observedUnicornMode] = true
		#expect(events.value == [false, false, false, true])
		_ = observer
	}

	@Test func invalidateObservationsAutomatically() {
		var foo: Foo? = Foo()
		Defaults[.observedUnicornMode] = true
		#expect(foo?.changes.value == [false, false, false, true])
		let changes = foo?.changes
		foo = nil
		Defaults[.observedUnicornMode] = false
		#expect(changes?.value == [false, false, false, true], "the observation ended with Foo")
	}

	@Test func controlPropagationOfChangeEvents() {
		let calls = Locked([Bool]())
		let observer = Defaults.observe(keys: .key1, .key2) {
			calls.withLock { $0.append(true) }
			Defaults.withoutPropagation {
				// Update `.key1` without propagating the change to listeners.
				Defaults[.key1] = 11
			}
			// This will be propagated.
			Defaults[.someKey] = true
		}
		Defaults[.key2] = 1
		#expect(Defaults[.key1] == 11)
		#expect(Defaults[.someKey] == true)
		#expect(calls.value.count == 2, "the initial event and the change of key2; not the change of key1")
		_ = observer
	}

	@Test func updatesAsAnAsyncSequence() async {
		var values: [Bool] = []
		for await value in Defaults.updates(.observedUnicornMode) {
			values.append(value)
			if values.count == 1 {
				Defaults[.observedUnicornMode] = true
			} else {
				break
			}
		}
		#expect(values == [false, true])
	}

	@Test func defaultPropertyWrapperWithReset() {
		let view = ContentView()
		view.hasUnicorn = true
		#expect(Defaults[.hasUnicorn])
		view.reset()
		#expect(view.hasUnicorn == false)
	}
}
}
