@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/**
A store of one's own, as a program might write one: its own values in memory over fixed
system-wide ones, saved by counting, "offline", with keys an administrator locked. It is no
subclass of the package's stores and adopts the capabilities (``SavingStore``,
``OriginReportingStore``), so the editor shows it as it shows the package's stores only when
it asks the capabilities rather than casting to a store's class.
*/
final class OwnLayeredStore: SavingStore, OriginReportingStore, @unchecked Sendable {
	static let place = "own://settings"
	static let systemPlace = "own://system"
	static let locksPlace = "own://locks"

	/// The person's own values.
	let own = InMemoryStore()
	let system: [String: Defaults.JSONValue]
	let locked: Set<String>
	private let lock = NSLock()
	private var saveCount = 0

	init(system: [String: Defaults.JSONValue] = [:], locked: Set<String> = []) {
		self.system = system
		self.locked = locked
	}

	/// How many times it was saved.
	var saves: Int { lock.withLock { saveCount } }

	func storedValue(forKey key: String) -> Defaults.JSONValue? {
		locked.contains(key) ? system[key] : own.storedValue(forKey: key) ?? system[key]
	}

	func setStoredValue(_ value: Defaults.JSONValue, forKey key: String) {
		guard !locked.contains(key) else { return }
		own.setStoredValue(value, forKey: key)
		Defaults.storeDidChange(self, keys: [key])
	}

	func removeStoredValue(forKey key: String) {
		own.removeStoredValue(forKey: key)
		Defaults.storeDidChange(self, keys: [key])
	}

	func removeAllStoredValues() {
		own.removeAllStoredValues()
		Defaults.storeDidChange(self, keys: nil)
	}

	func storedValues() -> [String: Defaults.JSONValue] {
		system.merging(own.storedValues()) { $1 }
	}

	// MARK: Saving

	func saveNow(timeout: Duration) throws {
		lock.withLock { saveCount += 1 }
	}

	var condition: String? { "offline" }
	var location: String { Self.place }

	// MARK: Layers

	func origin(forKey key: String) -> Defaults.ValueOrigin {
		let lockedBy = locked.contains(key) ? Self.locksPlace : nil
		if lockedBy == nil, own.storedValue(forKey: key) != nil {
			return .init(layer: .user, location: Self.place)
		}
		guard system[key] != nil else { return .init(layer: .defaultValue, lockedBy: lockedBy) }
		return .init(layer: .system, location: Self.systemPlace, lockedBy: lockedBy)
	}

	func lockingFile(forKey key: String) -> String? {
		locked.contains(key) ? Self.locksPlace : nil
	}

	func layerValues(forKey key: String) -> [Defaults.LayerValue] {
		let user = own.storedValue(forKey: key).map { Defaults.LayerValue(origin: .init(layer: .user, location: Self.place), value: $0) }
		let system = system[key].map { Defaults.LayerValue(origin: .init(layer: .system, location: Self.systemPlace), value: $0) }
		return [user, system].compactMap(\.self)
	}

	var user: any DefaultsStore { own }
}

@Suite("A store of one's own, through its capabilities")
struct OwnStoreCapabilityTests {
	private func editor(on store: OwnLayeredStore) -> EditorModel {
		let model = EditorModel(schema: DemoSettings.schema(store: store), store: store)
		model.handle(.resize(width: 110, height: 40))
		return model
	}

	private func row(_ title: String, of model: EditorModel) -> String {
		(model.render().text.first { $0.contains(title) } ?? "").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
	}

	@Test func itIsSavedNamedAndItsConditionShownAsThePackagesStoresAre() throws {
		let store = OwnLayeredStore(system: ["fontSize": 18])
		let model = editor(on: store)
		#expect(model.render().text[0].contains("· offline"), "the title bar shows the store's condition: \(model.render().text[0])")
		#expect(model.saveConditionChanged() == false)

		let opened = TerminalBrowser.OpenedProgram(schema: model.schema, store: store)
		#expect(opened.storeDescription == OwnLayeredStore.place, "the title bar names where the store keeps its values")
		try opened.finish()
		#expect(store.saves == 1, "leaving a program in the list saves its store")
		model.saveAtExit()
		#expect(store.saves == 2, "the editor's last save reaches the store")

		let plain = PlainEditor(schema: model.schema, store: store)
		#expect(plain.plain.model.storeDescription == OwnLayeredStore.place)
		#expect(Defaults.origin(ofKeyNamed: "fontSize", in: store) == .init(layer: .system, location: OwnLayeredStore.systemPlace))
	}

	@Test func itsLayersAndLocksAreShownAsALayeredStoresAre() throws {
		let store = OwnLayeredStore(system: ["fontSize": 18, "theme": "dark"], locked: ["theme"])
		store.own.setStoredValue(20, forKey: "fontSize")
		store.own.setStoredValue("light", forKey: "theme")
		let model = editor(on: store)
		#expect(row("Theme", of: model).hasPrefix(" 🔒Theme"), "a locked setting is marked: \(row("Theme", of: model))")
		#expect(!row("Font Size", of: model).contains("🔒"))
		model.selectedKey = "theme"
		model.handle(.right)
		let screen = model.render().text
		#expect(screen[screen.count - 2].contains("Theme is locked by \(OwnLayeredStore.locksPlace)"), "\(screen[screen.count - 2])")
		#expect(store.own.storedValue(forKey: "theme") == "light")
		model.handle(.escape)

		model.selectedKey = "fontSize"
		model.handle(.character("?"))
		let page = model.render().text.joined(separator: "\n")
		#expect(page.contains("Layers:      user \(OwnLayeredStore.place): 20 (in effect)"), "\(page)")
		#expect(page.contains("system \(OwnLayeredStore.systemPlace): 18"))
		model.handle(.escape)

		model.handle(.character("r"))
		#expect(store.own.storedValue(forKey: "fontSize") == nil)
		let status = model.render().text
		#expect(status[status.count - 3].contains("from \(OwnLayeredStore.systemPlace)"), "\(status[status.count - 3])")
		model.handle(.character("u"))
		#expect(store.own.storedValue(forKey: "fontSize") == 20, "undo puts back the person's own value, from the store's user layer")
	}
}
