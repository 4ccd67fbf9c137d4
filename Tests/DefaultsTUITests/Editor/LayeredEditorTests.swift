@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// An editor on the demo settings in a layered store: an in-memory user store over an
/// in-memory system store, under a locks file of the test's own.
final class LayeredEditorFixture {
	let user = InMemoryStore()
	let system = InMemoryStore()
	let locksFile: URL
	let store: LayeredStore
	var time = Date(timeIntervalSince1970: 1_000_000)
	private(set) var model: EditorModel!

	init(locks: String, system systemValues: [String: Defaults.JSONValue] = [:], user userValues: [String: Defaults.JSONValue] = [:]) throws {
		locksFile = FileManager.default.temporaryDirectory.appendingPathComponent("locks-\(UUID().uuidString)")
		try Data(locks.utf8).write(to: locksFile)
		for (key, value) in systemValues { system.setStoredValue(value, forKey: key) }
		for (key, value) in userValues { user.setStoredValue(value, forKey: key) }
		store = LayeredStore(user: user, system: [system], locks: SettingLocks(files: [locksFile.path], watching: false))
		model = EditorModel(schema: DemoSettings.schema(store: store), store: store) { [unowned self] in self.time }
		model.handle(.resize(width: 110, height: 40))
	}

	deinit {
		try? FileManager.default.removeItem(at: locksFile)
	}

	func press(_ keys: EditorKey...) {
		for key in keys { model.handle(key) }
	}

	var screen: [String] { model.render().text }
	func row(_ title: String) -> String { (screen.first { $0.contains(title) } ?? "").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
	var messageLine: String { screen[screen.count - 2] }
	var statusLine: String { screen[screen.count - 3] }
}

@Suite("The editor: settings in layers")
struct LayeredEditorTests {
	@Test func aLockedSettingIsMarkedAndEveryWayToChangeItIsRefused() throws {
		let fixture = try LayeredEditorFixture(locks: "theme\nsync*\n", system: ["theme": "dark"], user: ["theme": "light"])
		#expect(fixture.row("Theme").hasPrefix(" 🔒Theme"))
		#expect(fixture.row("Theme").contains("‹ dark ›"), "a locked setting shows the system value, not the user's")
		#expect(fixture.row("Sync Interval").hasPrefix(" 🔒"))
		#expect(!fixture.row("Font Size").contains("🔒"))
		fixture.model.selectedKey = "theme"
		for key: EditorKey in [.right, .character(" "), .enter, .character("r")] {
			fixture.press(key)
			#expect(fixture.messageLine.contains("Theme is locked by \(fixture.locksFile.path)"), "\(key)")
			#expect(fixture.store.storedValue(forKey: "theme") == "dark")
			fixture.press(.escape)
		}
		#expect(fixture.user.storedValue(forKey: "theme") == "light", "nothing reached the user's store")
		#expect(fixture.statusLine.contains("locked by \(fixture.locksFile.path)"))
		#expect(!fixture.screen[fixture.screen.count - 1].contains("r reset"), "no reset is offered for a locked setting")
		fixture.model.selectedKey = "syncInterval"
		fixture.model.handle(.paste("30"))
		#expect(fixture.user.storedValue(forKey: "syncInterval") == nil, "a paste does not change a locked setting")
	}

	@Test func resetGoesBackToTheSystemValueAndUndoBringsTheUsersBack() throws {
		let fixture = try LayeredEditorFixture(locks: "", system: ["fontSize": 18], user: ["fontSize": 20])
		fixture.model.selectedKey = "fontSize"
		#expect(fixture.row("Font Size").hasSuffix("20"))
		fixture.press(.character("r"))
		#expect(fixture.row("Font Size").hasSuffix("18"))
		#expect(fixture.user.storedValue(forKey: "fontSize") == nil)
		#expect(fixture.messageLine.contains("Font Size reset to 18, the system-wide value."))
		#expect(fixture.statusLine.contains("from InMemoryStore"))
		fixture.press(.character("r"))
		#expect(fixture.user.storedValue(forKey: "fontSize") == nil, "a second reset has nothing to remove")
		fixture.press(.character("u"))
		#expect(fixture.user.storedValue(forKey: "fontSize") == 20)
		#expect(fixture.row("Font Size").hasSuffix("20"))
		fixture.press(.character("u"))
		fixture.press(.right)
		fixture.press(.character("u"))
		#expect(fixture.user.storedValue(forKey: "fontSize") == 20, "undoing a change made over the system value removes only the user's")
	}

	@Test func theHelpPageShowsEveryLayer() throws {
		let fixture = try LayeredEditorFixture(locks: "theme\n", system: ["fontSize": 18, "theme": "dark"], user: ["fontSize": 20, "theme": "light"])
		fixture.model.selectedKey = "fontSize"
		fixture.press(.character("?"))
		let page = fixture.screen.joined(separator: "\n")
		#expect(page.contains("Layers:      user InMemoryStore: 20 (in effect)"))
		#expect(page.contains("system InMemoryStore: 18"))
		fixture.press(.escape)
		fixture.model.selectedKey = "theme"
		fixture.press(.character("?"))
		let locked = fixture.screen.joined(separator: "\n")
		#expect(locked.contains("Locked:      by \(fixture.locksFile.path)"))
		#expect(!locked.contains("(in effect)"), "under a lock no user value is in effect")
	}

	@Test func aLockAddedWhileOpenIsDrawnAfterTheStoreSaysAnyKeyChanged() throws {
		let fixture = try LayeredEditorFixture(locks: "")
		#expect(!fixture.row("Font Size").contains("🔒"))
		try Data("fontSize\n".utf8).write(to: fixture.locksFile)
		fixture.store.locks.reload(index: 0, path: fixture.locksFile.path)
		#expect(fixture.model.storeDidChange(keys: nil))
		#expect(fixture.row("Font Size").hasPrefix(" 🔒"))
	}
}
