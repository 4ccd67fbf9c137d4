import Defaults
import Foundation

/// The settings of "Harbor", an imaginary note-taking app: the built-in demo of the editor,
/// with one of every kind of setting. `Assets/demo-schema.json` is its schema file.
/// Visible to this package's targets only: not part of the library's API.
package enum DemoSettings {
	package enum Theme: String, CaseIterable, Codable, Defaults.Serializable {
		case light, dark, system
	}

	package enum SortOrder: String, CaseIterable, Defaults.Serializable {
		case modified = "Last modified"
		case created = "Date created"
		case title = "Title"
	}

	package enum ExportFormat: String, CaseIterable, Defaults.Serializable {
		case markdown = "Markdown"
		case html = "HTML"
		case pdf = "PDF"
		case plainText = "Plain text"
	}

	/// Where and how large the main window is.
	package struct WindowFrame: Codable, Equatable, Sendable, Defaults.Serializable {
		package var x: Int
		package var y: Int
		package var width: Int
		package var height: Int
		package var isFullScreen: Bool
	}

	/// The demo's schema, with keys in `store`; with `keys`, only the settings of those keys, in
	/// the same sections and order (a section may be left empty). A command that needs one
	/// setting (`get fontSize`) makes one: each key made is a few generic types the Swift runtime
	/// instantiates and checks against every protocol conformance the program holds, and making
	/// them all took more than half of `get`'s instructions.
	package static func schema(store: any DefaultsStore, keys: Set<String>? = nil) -> SettingsSchema {
		typealias Key = Defaults.Key
		let syncStart = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01
		let makes = { (key: String) in keys?.contains(key) ?? true }
		return SettingsSchema(title: "Harbor Notes") {
			Defaults.Section("General") {
				if makes("launchAtLogin") {
					Defaults.Toggle("Launch at Login", key: Key<Bool>("launchAtLogin", default: false, suite: store),
						help: "Start Harbor when you log in.")
				}
				if makes("showWelcome") {
					Defaults.Toggle("Show Welcome Screen", key: Key<Bool>("showWelcome", default: true, suite: store))
				}
				if makes("theme") {
					Defaults.Picker("Theme", key: Key<Theme>("theme", default: .system, suite: store),
						help: "Light, dark, or follow the system.")
				}
				if makes("sortOrder") {
					Defaults.Picker("Sort Notes By", key: Key<SortOrder>("sortOrder", default: .modified, suite: store))
				}
			}
			Defaults.Section("Editor") {
				if makes("fontSize") {
					Defaults.Slider("Font Size", key: Key<Int>("fontSize", default: 14, suite: store), range: 8...32,
						help: "Text size in points.")
				}
				if makes("lineSpacing") {
					Defaults.Slider("Line Spacing", key: Key<Double>("lineSpacing", default: 1.2, suite: store), range: 1...2, step: 0.1)
				}
				if makes("autosaveDelay") {
					Defaults.Slider("Autosave Delay", key: Key<Double>("autosaveDelay", default: 2, suite: store), range: 0...10, step: 0.5,
						help: "Seconds of quiet before a note is saved.")
				}
				if makes("spellChecking") {
					Defaults.Toggle("Spell Checking", key: Key<Bool>("spellChecking", default: true, suite: store))
				}
				if makes("spellingLanguages") {
					Defaults.Field("Spelling Languages", key: Key<[String]>("spellingLanguages", default: ["en"], suite: store),
						help: "Language codes, in order of preference.")
				}
				if makes("exportFormats") {
					Defaults.Checklist("Export Formats", key: Key<Set<ExportFormat>>("exportFormats", default: [.markdown, .pdf], suite: store),
						help: "The formats offered when you export a note.")
				}
			}
			Defaults.Section("Sync") {
				if makes("syncEnabled") {
					Defaults.Toggle("Sync Enabled", key: Key<Bool>("syncEnabled", default: false, suite: store))
				}
				if makes("serverURL") {
					Defaults.TextField("Server", key: Key<URL>("serverURL", default: URL(string: "https://sync.example.com") ?? URL(fileURLWithPath: "/"), suite: store),
						help: "The sync server's address.")
				}
				if makes("username") {
					Defaults.TextField("Username", key: Key<String?>("username", suite: store),
						help: "Letters, digits, dots, dashes and underscores.", maxLength: 32, pattern: "[A-Za-z0-9._-]+")
				}
				if makes("accessToken") {
					Defaults.TextField("Access Token", key: Key<String>("accessToken", default: "", suite: store), secret: true)
				}
				if makes("syncInterval") {
					Defaults.TextField("Sync Interval", key: Key<Int>("syncInterval", default: 15, suite: store),
						help: "Minutes between syncs.")
				}
				if makes("syncSince") {
					Defaults.TextField("Sync Notes Since", key: Key<Date>("syncSince", default: syncStart, suite: store))
				}
			}
			Defaults.Section("Window") {
				if makes("mainWindow") {
					Defaults.Field("Main Window", key: Key<WindowFrame>("mainWindow",
						default: WindowFrame(x: 100, y: 100, width: 1200, height: 800, isFullScreen: false), suite: store),
						help: "Position and size, restored at launch.")
				}
				if makes("recentNotes") {
					Defaults.Field("Recent Notes", key: Key<[String]>("recentNotes", default: [], suite: store))
				}
			}
		}
	}
}
