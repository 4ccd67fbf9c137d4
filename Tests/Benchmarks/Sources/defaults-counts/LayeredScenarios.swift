import Defaults
import Foundation

/// The files behind ``AppStores/layered`` and ``AppStores/loaded``, in the run's directory.
enum LayeredFiles {
	/// The frame the system-wide file holds, as its JSON.
	static let frameJSON: Defaults.JSONValue = ["width": 1024, "height": 768, "title": "Journal"]

	/// Writes a system-wide settings file of 100 keys and the frame, and a locks file, under
	/// `etc/notes`, and layers a user's file store over them as `LayeredStore(program:)` does.
	/// What cannot be written shows when ``ReadLayeredScenario`` checks where its values come from.
	static func makeStore() -> LayeredStore {
		let root = Run.directory.appendingPathComponent("layered", isDirectory: true)
		let program = root.appendingPathComponent("etc/notes", isDirectory: true)
		try? FileManager.default.createDirectory(at: program, withIntermediateDirectories: true)
		var system: [String: Defaults.JSONValue] = ["frame": frameJSON]
		for index in 0..<100 { system["policy\(index)"] = .integer(Int64(index)) }
		try? Data(Defaults.JSONValue.object(system).jsonString(pretty: true).utf8).write(to: program.appendingPathComponent("settings.json"))
		try? Data("policy*\nlockedFlag\n".utf8).write(to: program.appendingPathComponent("locks"))
		return LayeredStore(
			program: "notes", user: FileStore(url: root.appendingPathComponent("home/settings.json")),
			environment: ["XDG_CONFIG_DIRS": root.appendingPathComponent("etc").path]
		)
	}

	/// A plain file store opened on a file that holds the frame, written before it opens.
	static func makeLoadedStore() -> FileStore {
		let file = Run.directory.appendingPathComponent("loaded/settings.json")
		try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
		try? Data(Defaults.JSONValue.object(["frame": frameJSON]).jsonString(pretty: true).utf8).write(to: file)
		return FileStore(url: file)
	}
}

/// `Defaults[key]` through the layered store: an `Int` from the user's file, or the frame from
/// the system-wide file, with the locks file present.
final class ReadLayeredScenario: Scenario {
	private let frame: Bool

	/// Reads the frame (from the system file), or the volume (written in this process, to the user's file).
	init(frame: Bool) throws {
		self.frame = frame
		Defaults[.layeredVolume] = 7
		let origin = Defaults.origin(of: .layeredFrame)
		guard origin.layer == .system, Defaults[.layeredVolume] == 7 else {
			throw ScenarioError("the layered store in \(Run.directory.path)/layered did not read its layers (frame from \(origin.layer))")
		}
		_ = readOnce()
	}

	@inline(never)
	private func readOnce() -> Int { frame ? Defaults[.layeredFrame].width : Defaults[.layeredVolume] }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce() }
		Sink.keep(total)
	}
}

/// `Defaults[key]` of the frame that a file store decoded from its file (the floor of the
/// layered store's read of the system file's frame).
final class ReadLoadedCodableScenario: Scenario {
	init() throws {
		guard Defaults[.loadedFrame].title == "Journal" else {
			throw ScenarioError("the file store in \(Run.directory.path)/loaded did not load the frame its file holds")
		}
	}

	@inline(never)
	private func readOnce() -> WindowFrame { Defaults[.loadedFrame] }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce().width }
		Sink.keep(total)
	}
}
