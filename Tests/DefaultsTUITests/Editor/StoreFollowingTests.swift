@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// The editor keeps up with its store without a key press: keys that come and go in a file
/// without a schema, and the store's condition in the title bar.
@Suite("The editor following its store")
struct StoreFollowingTests {
	/// An editor on `store` with a schema inferred from its values, made again as they change.
	private func inferredEditor(_ store: InMemoryStore) -> EditorModel {
		let model = EditorModel(schema: SettingsSchema.inferred(from: store.storedValues(), title: "x.json"), store: store)
		model.schemaFromStore = { SettingsSchema.inferred(from: store.storedValues(), title: "x.json") }
		model.handle(.resize(width: 100, height: 30))
		return model
	}

	@Test func keysAddedElsewhereAppearAndTheirChangesFollow() {
		let store = InMemoryStore()
		store.setStoredValue(1, forKey: "first")
		let model = inferredEditor(store)
		for index in 1...20 {
			store.setStoredValue(.integer(Int64(index)), forKey: "key\(index)")
			#expect(model.storeDidChange(keys: ["key\(index)"]))
		}
		#expect(model.schema.settings.count == 21)
		#expect(model.render().text.contains { $0.contains("Key7") && $0.contains(" 7") }, "\(model.render().text)")
		#expect(model.render().text.contains { $0.contains("New in the store: Key20") })

		store.setStoredValue(70, forKey: "key7")
		#expect(model.storeDidChange(keys: ["key7"]))
		#expect(model.render().text.contains { $0.contains("Key7") && $0.contains(" 70") })
		// A value of another type is shown as its new kind, not as an invalid number.
		store.setStoredValue("seven", forKey: "key7")
		model.storeDidChange(keys: ["key7"])
		#expect(model.schema.setting(forKey: "key7")?.kind == .string)
		#expect(model.render().text.contains { $0.contains("Key7") && $0.contains("seven") && !$0.contains("!") })
		// Any key (a reload of the whole file).
		store.setStoredValue(true, forKey: "late")
		#expect(model.storeDidChange(keys: nil))
		#expect(model.schema.setting(forKey: "late")?.kind == .bool)
	}

	@Test func aKeyRemovedElsewhereStaysWhereItWasNotSet() {
		let store = InMemoryStore()
		for key in ["alpha", "beta", "gamma"] { store.setStoredValue(1, forKey: key) }
		let model = inferredEditor(store)
		model.selectedKey = "beta"
		store.removeStoredValue(forKey: "beta")
		#expect(model.storeDidChange(keys: ["beta"]))
		#expect(model.schema.settings.map(\.key) == ["alpha", "beta", "gamma"], "in its place")
		#expect(model.render().text.contains { $0.contains("Beta") && $0.contains("not set") })
		#expect(model.selectedKey == "beta")
		store.setStoredValue(2, forKey: "aardvark")
		store.setStoredValue(2, forKey: "delta")
		model.storeDidChange(keys: ["aardvark", "delta"])
		#expect(model.schema.settings.map(\.key) == ["aardvark", "alpha", "beta", "delta", "gamma"])
	}

	@Test func withoutASchemaFromTheStoreTheSettingsStayAsTheyWere() {
		let store = InMemoryStore()
		store.setStoredValue(1, forKey: "first")
		let model = EditorModel(schema: SettingsSchema.inferred(from: store.storedValues(), title: "x.json"), store: store)
		store.setStoredValue(2, forKey: "second")
		#expect(!model.storeDidChange(keys: ["second"]))
		#expect(model.schema.settings.map(\.key) == ["first"])
	}

	/// A background save that succeeds after failing: the title bar drops `not saved` without a key.
	@Test func theTitleBarFollowsTheStoresConditionWithoutAKey() throws {
		let directory = FileManager.default.temporaryDirectory.appendingPathComponent("condition-\(UUID().uuidString)", isDirectory: true)
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		defer { try? FileManager.default.removeItem(at: directory) }
		let url = directory.appendingPathComponent("settings.json")
		try Data(#"{"flag": false}"#.utf8).write(to: url)
		let store = FileStore(url: url)
		let model = EditorModel(schema: SettingsSchema.inferred(from: store.storedValues(), title: "settings.json"), store: store)
		model.handle(.resize(width: 100, height: 30))
		#expect(!model.render().text[0].contains("not saved"))
		#expect(model.nextConditionCheck == nil, "nothing to look at while the store saves as usual")
		// Its lock file became a folder: saving fails.
		let lock = directory.appendingPathComponent("settings.json.lock")
		try? FileManager.default.removeItem(at: lock)
		try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
		model.selectedKey = "flag"
		model.handle(.character(" "))
		#expect(throws: (any Error).self) { try store.flush() }
		#expect(model.saveConditionChanged())
		#expect(model.render().text[0].contains("· not saved"), "\(model.render().text[0])")
		#expect(model.nextConditionCheck != nil, "the loop looks again soon")
		#expect(!model.saveConditionChanged())

		try FileManager.default.removeItem(at: lock)
		try store.flush()
		#expect(model.saveConditionChanged(), "the save that succeeded is seen without a key press")
		#expect(!model.render().text[0].contains("not saved"))
		#expect(model.nextConditionCheck == nil)
	}
}
