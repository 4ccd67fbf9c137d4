import ChildProcess
@testable import Defaults
import DefaultsTOML
import Foundation
import Testing

/// An app keeps its own settings in the format it chooses: the standard store's file, and each
/// system-wide layer's, is named after `FileStore.standardFormat` and saved in it.
@Suite("The file store: an app's own file in the format it chooses")
struct StandardFormatTests {
	@Test func theStandardFileIsNamedAfterTheFormat() {
		#expect(FileStore.standardURL(applicationName: "app", format: TOMLFileFormat()).lastPathComponent == "settings.toml")
		#expect(FileStore.standardURL(applicationName: "app", format: JSONFileFormat()).lastPathComponent == "settings.json")
		#expect(FileStore.standardURL(applicationName: "a/b", format: TOMLFileFormat()).deletingLastPathComponent().lastPathComponent == "a_b")
	}

	@Test func systemWideLayersAreReadInTheProgramsFormat() throws {
		let directory = Isolated.fileURL().deletingLastPathComponent()
		let system = directory.appendingPathComponent("app", isDirectory: true)
		try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
		try Data("# set by the administrator\nfontSize = 16\n".utf8).write(to: system.appendingPathComponent("settings.toml"))
		try Data(#"{"fontSize": 99}"#.utf8).write(to: system.appendingPathComponent("settings.json"))
		let user = FileStore(url: directory.appendingPathComponent("user.toml"), format: TOMLFileFormat())
		let layered = LayeredStore(
			program: "app", user: user, watching: false, environment: ["XDG_CONFIG_DIRS": directory.path], format: TOMLFileFormat()
		)
		#expect(layered.storedValue(forKey: "fontSize") == 16, "the system file in TOML, not the JSON one beside it")
	}

	/// A file an app keeps in a format, a person's comments in it, and what two of the app's saves make of it.
	struct AppFile: Sendable, CustomTestStringConvertible {
		var format: String
		var text: String
		var afterSet: String
		var afterAdding: String
		var testDescription: String { format }
	}

	static let appFiles = [
		AppFile(
			format: "toml",
			text: "# My notes app.\nfontSize = 14 # points\n\n[window]\nwidth = 800 # pixels\n",
			afterSet: "# My notes app.\nfontSize = 18 # points\n\n[window]\nwidth = 800 # pixels\n",
			afterAdding: "# My notes app.\nfontSize = 18 # points\ntheme = \"dark\"\n\n[window]\nwidth = 800 # pixels\n"
		),
		AppFile(
			format: "yaml",
			text: "# My notes app.\nfontSize: 14 # points\n\nwindow:\n  width: 800 # pixels\n",
			afterSet: "# My notes app.\nfontSize: 18 # points\n\nwindow:\n  width: 800 # pixels\n",
			afterAdding: "# My notes app.\nfontSize: 18 # points\n\nwindow:\n  width: 800 # pixels\ntheme: dark\n"
		),
	]

	/// A second process is the app: it sets the standard format at start, as an app would, and
	/// its keys without a suite save to `settings.toml` (or `.yaml`), keeping the person's comments.
	@Test(arguments: appFiles)
	func anAppsKeysSaveToItsOwnFileKeepingComments(_ app: AppFile) throws {
		let configHome = Isolated.fileURL().deletingLastPathComponent()
		let folder = configHome.appendingPathComponent("notes-app", isDirectory: true)
		try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		let file = folder.appendingPathComponent("settings.\(app.format)")
		try Data(app.text.utf8).write(to: file)
		let environment = ["XDG_CONFIG_HOME": configHome.path, "HOME": configHome.path]
		let run = try ChildProcess.runCapturingErrors(
			StoreHelper.executable.path, ["standard-set", "notes-app", app.format, "fontSize", "18"], environment: environment, killAfter: 60
		)
		#expect(run.status == 0, "\(run.errors)")
		#expect(run.output == file.path + "\n", "the standard store is settings.\(app.format)")
		#expect(try String(contentsOf: file, encoding: .utf8) == app.afterSet)
		#expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("settings.json").path))

		let added = try ChildProcess.runCapturingErrors(
			StoreHelper.executable.path, ["standard-set", "notes-app", app.format, "theme", "\"dark\""], environment: environment, killAfter: 60
		)
		#expect(added.status == 0, "\(added.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8) == app.afterAdding)
	}
}
