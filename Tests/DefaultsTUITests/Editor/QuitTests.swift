@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// Quitting when the store could not keep the changes asks first, and the store's state shows
/// in the title bar.
@Suite("Quitting with changes not saved")
struct QuitTests {
	@Test func theQuestionOffersToQuitToWriteAFileOrToStay() {
		let fixture = EditorFixture(stored: ["fontSize": 20])
		fixture.model.askBeforeQuitting(because: "the disk is full")
		#expect(fixture.messageLine.contains("Not saved: the disk is full"), "\(fixture.messageLine)")
		#expect(fixture.hintBar.contains("w write to a file, quit") && fixture.hintBar.contains("y quit anyway") && fixture.hintBar.contains("n stay"),
			"\(fixture.hintBar)")
		#expect(fixture.model.handle(.character("q")) == .none, "q alone answers nothing")

		#expect(fixture.model.handle(.escape) == .none)
		#expect(fixture.model.keyContext == .browsing)
		#expect(fixture.model.unsavedAtQuit == nil)
		#expect(fixture.messageLine.contains("Not quitting"))

		fixture.model.askBeforeQuitting(because: "the disk is full")
		#expect(fixture.model.handle(.character("y")) == .quit)
		#expect(fixture.model.unsavedAtQuit?.contains("the disk is full") == true)
	}

	@Test func writingToAFileHandsOverEveryValueAndNamesTheFile() {
		let fixture = EditorFixture(stored: ["fontSize": 20, "theme": "dark"])
		fixture.model.askBeforeQuitting(because: "etcd cannot be reached")
		#expect(fixture.model.handle(.character("w")) == .exportAndQuit(values: ["fontSize": 20, "theme": "dark"]))
		fixture.model.quitAfterExport(to: "/state/unsaved.json")
		#expect(fixture.model.unsavedAtQuit?.contains("defaults-tui import /state/unsaved.json") == true, "\(fixture.model.unsavedAtQuit ?? "")")
	}

	@Test func aReadOnlyStoreSaysSoInTheTitleBar() throws {
		let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("quit-\(UUID().uuidString)/settings.json")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
		try Data(#"{"fontSize": 20}"#.utf8).write(to: url)
		let store = FileStore(url: url, access: .readOnly)
		let model = EditorModel(schema: DemoSettings.schema(store: store), store: store)
		model.handle(.resize(width: 100, height: 30))
		#expect(model.render().text[0].contains("1 modified · read-only"), "\(model.render().text[0])")
		let writable = FileStore(url: url)
		let other = EditorModel(schema: DemoSettings.schema(store: writable), store: writable)
		other.handle(.resize(width: 100, height: 30))
		#expect(!other.render().text[0].contains("read-only"))
	}
}
