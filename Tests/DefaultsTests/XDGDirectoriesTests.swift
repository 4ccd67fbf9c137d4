@testable import Defaults
import DefaultsSchema
import Foundation
import Testing

/// The XDG base directories, read in one place, and the places built on them: the user's
/// settings, the system-wide layers, the schema registry, and the values a store could not save.
@Suite("XDG base directories")
struct XDGDirectoriesTests {
	private static let home = ["HOME": "/home/me"]

	@Test func eachHomeIsItsVariableWhenAbsoluteElseInTheHomeDirectory() {
		let homes: [(String, String, ([String: String]) -> URL)] = [
			("XDG_CONFIG_HOME", "/home/me/.config", { XDGDirectories.configHome(in: $0) }),
			("XDG_DATA_HOME", "/home/me/.local/share", { XDGDirectories.dataHome(in: $0) }),
			("XDG_STATE_HOME", "/home/me/.local/state", { XDGDirectories.stateHome(in: $0) }),
		]
		for (variable, fallback, resolve) in homes {
			#expect(resolve(Self.home.merging([variable: "/xdg"]) { $1 }).path == "/xdg", "\(variable)")
			#expect(resolve(Self.home).path == fallback, "\(variable) not set")
			#expect(resolve(Self.home.merging([variable: "relative"]) { $1 }).path == fallback, "a relative \(variable) is ignored, as the spec says")
			#expect(resolve(Self.home.merging([variable: ""]) { $1 }).path == fallback, "an empty \(variable) is ignored")
		}
	}

	@Test func theSystemDirectoriesAreTheAbsoluteOnesInOrderEachOnce() {
		#expect(XDGDirectories.configDirectories(in: [:]) == ["/etc/xdg"])
		#expect(XDGDirectories.dataDirectories(in: [:]) == ["/usr/local/share", "/usr/share"])
		#expect(XDGDirectories.configDirectories(in: ["XDG_CONFIG_DIRS": "/b:relative:/a:/b"]) == ["/b", "/a"])
		#expect(XDGDirectories.dataDirectories(in: ["XDG_DATA_DIRS": "relative"]) == ["/usr/local/share", "/usr/share"])
	}

	@Test func theLayersAndTheRegistryAreFoundThere() {
		let environment = ["HOME": "/home/me", "XDG_DATA_HOME": "/data", "XDG_CONFIG_DIRS": "/etc/one:/etc/two", "XDG_DATA_DIRS": "/usr/share"]
		#expect(LayeredStore.systemDirectories(program: "app", environment: environment).map(\.path) == ["/etc/one/app", "/etc/two/app"])
		#expect(SettingsRegistry.schemaDirectories(environment: environment).map(\.path) == ["/data/defaults/schemas", "/usr/share/defaults/schemas"])
		#expect(FileStore.standardURL(applicationName: "app").deletingLastPathComponent().deletingLastPathComponent().path == XDGDirectories.configHome().path)
		#expect(FileStore.standardURL(applicationName: "app").lastPathComponent == FileStore.standardFileName)
	}

	@Test func unsavedValuesGoToTheStateHome() throws {
		// Both in the test's own directory, so that nothing reaches the real home whatever happens.
		let state = Isolated.fileURL("state").path
		let home = Isolated.fileURL("home").path
		let path = try UnsavedValuesFile.write(["a": 1], application: "app", environment: ["HOME": home, "XDG_STATE_HOME": state]).get()
		#expect(URL(fileURLWithPath: path).deletingLastPathComponent().path == "\(state)/app")
	}
}
