import Defaults
import Foundation
import Testing

private let wrapperStore = InMemoryStore()

extension Defaults.Keys {
	fileprivate static let opacity = Key<Double>("opacity", default: 1, suite: wrapperStore)
	fileprivate static let lastOpened = Key<Date>("lastOpened", suite: wrapperStore) { Date(timeIntervalSince1970: 60) }
}

private struct Canvas {
	@Default(.opacity) var opacity
	@Default(.lastOpened) var lastOpened

	/// The original's style: the wrapper itself, from inside the type.
	func resetOpacity() {
		_opacity.reset()
	}

	var opacityDefault: Double { _opacity.defaultValue }
}

/// What the original's `@Default` offers besides SwiftUI: `defaultValue` next to `reset()`.
@Suite("The original's @Default API", .serialized)
struct DefaultWrapperAPITests {
	init() {
		Defaults.removeAll(suite: wrapperStore)
	}

	@Test func theDefaultValueIsTheKeysWhateverIsStored() {
		let canvas = Canvas()
		canvas.opacity = 0.5
		#expect(canvas.opacityDefault == 1)
		#expect(canvas.$opacity.defaultValue == 1)
		#expect(canvas.opacity == 0.5)
		canvas.resetOpacity()
		#expect(canvas.opacity == canvas.$opacity.defaultValue)
	}

	@Test func aDynamicDefaultIsComputedWhenAskedFor() {
		let canvas = Canvas()
		#expect(canvas.$lastOpened.defaultValue == Date(timeIntervalSince1970: 60))
		canvas.lastOpened = Date(timeIntervalSince1970: 120)
		#expect(canvas.$lastOpened.defaultValue == Date(timeIntervalSince1970: 60))
	}
}
