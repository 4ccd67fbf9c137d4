@testable import Defaults
import Foundation
import Testing

private let wrapperStore = InMemoryStore()

extension Defaults.Keys {
	fileprivate static let hasUnicorn = Key<Bool>("hasUnicorn", default: false, suite: wrapperStore)
	fileprivate static let unicornCount = Key<Int>("unicornCount", default: 1, suite: wrapperStore)
}

private struct SettingsStruct {
	@Default(.hasUnicorn) var hasUnicorn
}

private final class SettingsClass {
	@Default(.unicornCount) var unicornCount
}

@Suite("@Default", .serialized)
struct DefaultWrapperTests {
	init() {
		Defaults.removeAll(suite: wrapperStore)
	}

	@Test func readsAndWritesTheKeyFromAStruct() {
		let settings = SettingsStruct()
		#expect(settings.hasUnicorn == false)
		settings.hasUnicorn = true // a `let`: the setter does not mutate the struct
		#expect(Defaults[.hasUnicorn] == true)
		Defaults[.hasUnicorn] = false
		#expect(settings.hasUnicorn == false)
	}

	@Test func readsAndWritesTheKeyFromAClass() {
		let settings = SettingsClass()
		settings.unicornCount += 2
		#expect(Defaults[.unicornCount] == 3)
		#expect(SettingsClass().unicornCount == 3, "every instance sees the same setting")
	}

	@Test func theProjectedValueResetsAndTellsWhetherItIsTheDefault() {
		let settings = SettingsStruct()
		#expect(settings.$hasUnicorn.isDefaultValue)
		settings.hasUnicorn = true
		#expect(!settings.$hasUnicorn.isDefaultValue)
		settings.$hasUnicorn.reset()
		#expect(settings.hasUnicorn == false)
		#expect(wrapperStore.storedValue(forKey: "hasUnicorn") == nil)
	}

	@Test func theProjectedValueGivesUpdates() async {
		let settings = SettingsClass()
		var iterator = settings.$unicornCount.updates().makeAsyncIterator()
		#expect(await iterator.next() == 1)
		settings.unicornCount = 5
		#expect(await iterator.next() == 5)
	}

	@Test func writesThroughTheWrapperReachObservers() {
		let settings = SettingsStruct()
		let recorder = Recorder<Bool>()
		let observation = Defaults.observe(.hasUnicorn, options: []) { recorder.record($0.newValue) }
		settings.hasUnicorn = true
		#expect(recorder.all == [true])
		_ = observation
	}
}
