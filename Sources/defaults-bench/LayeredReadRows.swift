import Defaults
import Foundation

extension InProcessBenchmarks {
	/**
	Reads through the layered store every program's standard store is, with a system-wide
	settings file and a locks file present, against the same reads from a plain file store in
	the same run (the floor column): an Int from the user's file, and a Codable struct from the
	system file. Rounds alternate between the two, and each keeps its best, so that the
	machine's drift falls on both.
	*/
	func readLayered() -> [Row] {
		let root = directory.appendingPathComponent("layered", isDirectory: true)
		let program = root.appendingPathComponent("etc/bench", isDirectory: true)
		try? FileManager.default.createDirectory(at: program, withIntermediateDirectories: true)
		let profile = Profile(name: "Ada", age: 36, score: 99.5, isAdmin: true, tags: ["math", "engines"])
		var system: [String: Defaults.JSONValue] = [:]
		for index in 0..<100 { system["policy\(index)"] = .integer(Int64(index)) }
		let profileJSON: Defaults.JSONValue = ["name": "Ada", "age": 36, "score": 99.5, "isAdmin": true, "tags": ["math", "engines"]]
		system["profile"] = profileJSON
		try? Data(Defaults.JSONValue.object(system).jsonString(pretty: true).utf8).write(to: program.appendingPathComponent("settings.json"))
		try? Data("policy*\nlockedFlag\n".utf8).write(to: program.appendingPathComponent("locks"))
		let layered = LayeredStore(
			program: "bench", user: FileStore(url: root.appendingPathComponent("home/settings.json")),
			environment: ["XDG_CONFIG_DIRS": root.appendingPathComponent("etc").path]
		)
		let plain = FileStore(url: root.appendingPathComponent("plain/settings.json"))
		let layeredInt = Defaults.Key<Int>("counter", default: 0, suite: layered)
		let plainInt = Defaults.Key<Int>("counter", default: 0, suite: plain)
		Defaults[layeredInt] = 42
		Defaults[plainInt] = 42
		let layeredProfile = Defaults.Key<Profile>("profile", default: profile, suite: layered)
		let plainProfile = Defaults.Key<Profile>("profile", default: profile, suite: plain)
		// Stored as the file holds it, so that both keys decode the same JSON.
		plain.setStoredValue(profileJSON, forKey: "profile")
		guard Defaults.origin(of: layeredProfile).layer == .system, Defaults[layeredInt] == 42 else {
			return [Row(name: "1c. Read through the layers", unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "the layered store did not read its layers", meetsTarget: false)]
		}
		var best = (layeredInt: Double.infinity, plainInt: Double.infinity, layeredProfile: Double.infinity, plainProfile: Double.infinity)
		for _ in 0..<5 {
			best.layeredInt = min(best.layeredInt, nanosecondsPerOperation(iterations: iterations / 5) { consume(Defaults[layeredInt]) })
			best.plainInt = min(best.plainInt, nanosecondsPerOperation(iterations: iterations / 5) { consume(Defaults[plainInt]) })
			best.layeredProfile = min(best.layeredProfile, nanosecondsPerOperation(iterations: iterations / 5) { consume(Defaults[layeredProfile].age) })
			best.plainProfile = min(best.plainProfile, nanosecondsPerOperation(iterations: iterations / 5) { consume(Defaults[plainProfile].age) })
		}
		// Within 15% of the plain store's, or 2 ns: the same cached read, measured twice.
		let unchanged = { (ours: Double, floor: Double) in ours <= max(floor * 1.15, floor + 2) }
		var int = Row(name: "1c. Read an Int, layered (system file and locks present)", unit: "ns", ours: best.layeredInt, userDefaults: nil,
			floor: best.plainInt, target: "the file store's (floor)")
		int.meetsTarget = unchanged(best.layeredInt, best.plainInt)
		var codable = Row(name: "2c. Read a Codable struct from the system file, layered", unit: "ns", ours: best.layeredProfile, userDefaults: nil,
			floor: best.plainProfile, target: "the file store's (floor)")
		codable.meetsTarget = unchanged(best.layeredProfile, best.plainProfile)
		return [int, codable]
	}
}
