@testable import Defaults
@testable import DefaultsTUI
import Foundation

/// An editor on its own in-memory store (the demo settings unless a schema is given), with a clock the test controls.
final class EditorFixture {
	let store = InMemoryStore()
	var time = Date(timeIntervalSince1970: 1_000_000)
	private(set) var model: EditorModel!

	init(width: Int = 100, height: Int = 40, schema: ((InMemoryStore) -> SettingsSchema)? = nil, stored: [String: Defaults.JSONValue] = [:]) {
		for (key, value) in stored { store.setStoredValue(value, forKey: key) }
		let schema = schema?(store) ?? DemoSettings.schema(store: store)
		model = EditorModel(schema: schema, store: store) { [unowned self] in self.time }
		model.handle(.resize(width: width, height: height))
	}

	func select(_ key: String) {
		model.selectedKey = key
	}

	func press(_ keys: EditorKey...) {
		for key in keys { model.handle(key) }
	}

	func type(_ text: String) {
		for character in text { model.handle(.character(character)) }
	}

	var screen: [String] { model.render().text }

	func row(_ title: String) -> String? {
		screen.first { $0.contains(title) }
	}

	var messageLine: String { screen[screen.count - 2] }
	var hintBar: String { screen[screen.count - 1] }

	func stored(_ key: String) -> Defaults.JSONValue? {
		store.storedValue(forKey: key)
	}
}

/// Collects values from callbacks that may run on any thread.
final class Recorder<Value>: @unchecked Sendable {
	private let lock = NSLock()
	private var storage: [Value] = []

	func append(_ value: Value) {
		lock.lock()
		defer { lock.unlock() }
		storage.append(value)
	}

	var values: [Value] {
		lock.lock()
		defer { lock.unlock() }
		return storage
	}
}
