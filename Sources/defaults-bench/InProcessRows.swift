import Defaults
import DefaultsTUI
import Foundation
import Synchronization

struct Profile: Codable, Equatable, Defaults.Serializable {
	var name: String
	var age: Int
	var score: Double
	var isAdmin: Bool
	var tags: [String]
}

/// Rows measured inside this process: reads, writes, write-then-read, a burst, the editor.
struct InProcessBenchmarks {
	let directory: URL
	let iterations: Int

	private func makeStore(_ name: String) -> FileStore {
		FileStore(url: directory.appendingPathComponent("\(name)/settings.json"))
	}

	private func makeSuite(_ name: String) -> UserDefaults {
		UserDefaults(suiteName: "defaults-bench-\(name)-\(getpid())") ?? .standard
	}

	func readInt() -> Row {
		let store = makeStore("read-int")
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		Defaults[key] = 42
		let suite = makeSuite("read-int")
		suite.set(42, forKey: "counter")
		let floor = Mutex<[String: Int]>(["counter": 42])
		let ours = nanosecondsPerOperation(iterations: iterations) { consume(Defaults[key]) }
		let theirs = nanosecondsPerOperation(iterations: iterations / 20) { consume(suite.integer(forKey: "counter")) }
		let raw = nanosecondsPerOperation(iterations: iterations) { consume(floor.withLock { $0["counter"] ?? 0 }) }
		var row = Row(name: "1. Read an Int", unit: "ns", ours: ours, userDefaults: theirs, floor: raw, target: "< 50 ns, ≥ 15× faster")
		row.meetsTarget = ours < 50 && (row.ratio ?? 0) >= 15
		return row
	}

	func readCodable() -> Row {
		let profile = Profile(name: "Ada", age: 36, score: 99.5, isAdmin: true, tags: ["math", "engines"])
		let store = makeStore("read-codable")
		let key = Defaults.Key<Profile>("profile", default: profile, suite: store)
		Defaults[key] = profile
		let suite = makeSuite("read-codable")
		suite.set((try? JSONEncoder().encode(profile)) ?? Data(), forKey: "profile")
		let decoder = JSONDecoder()
		let floor = Mutex<[String: Profile]>(["profile": profile])
		let ours = nanosecondsPerOperation(iterations: iterations) { consume(Defaults[key].age) }
		let theirs = nanosecondsPerOperation(iterations: iterations / 200) {
			let decoded = suite.data(forKey: "profile").flatMap { try? decoder.decode(Profile.self, from: $0) }
			consume(decoded?.age ?? 0)
		}
		let raw = nanosecondsPerOperation(iterations: iterations) { consume(floor.withLock { $0["profile"]?.age ?? 0 }) }
		var row = Row(name: "2. Read a Codable struct (5 fields)", unit: "ns", ours: ours, userDefaults: theirs, floor: raw, target: "< 100 ns")
		row.meetsTarget = ours < 100
		return row
	}

	func writeInt() -> Row {
		let store = makeStore("write-int")
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		let suite = makeSuite("write-int")
		var value = 0
		let ours = nanosecondsPerOperation(iterations: iterations / 10) {
			value &+= 1
			Defaults[key] = value
		}
		let theirs = nanosecondsPerOperation(iterations: iterations / 500) {
			value &+= 1
			suite.set(value, forKey: "counter")
		}
		try? store.flush()
		var row = Row(name: "3. Write an Int", unit: "ns", ours: ours, userDefaults: theirs, floor: nil, target: "≥ 20× faster")
		row.meetsTarget = (row.ratio ?? 0) >= 20
		return row
	}

	func writeThenRead(keyCount: Int) -> Row {
		let store = makeStore("write-read-\(keyCount)")
		let suite = makeSuite("write-read-\(keyCount)")
		for index in 0..<keyCount {
			store.setStoredValue(.integer(Int64(index)), forKey: "filler\(index)")
			suite.set(index, forKey: "filler\(index)")
		}
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		var value = 0
		let ours = nanosecondsPerOperation(iterations: iterations / 10) {
			value &+= 1
			Defaults[key] = value
			consume(Defaults[key])
		}
		let theirs = nanosecondsPerOperation(iterations: max(50, iterations / (keyCount > 100 ? 20_000 : 500))) {
			value &+= 1
			suite.set(value, forKey: "counter")
			consume(suite.integer(forKey: "counter"))
		}
		try? store.flush()
		return Row(name: "4. Write then read, \(keyCount) keys stored", unit: "ns", ours: ours, userDefaults: theirs, floor: nil,
			target: "flat from 10 to 10,000 keys")
	}

	func burst() -> (Row, Row) {
		let store = makeStore("burst")
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		let suite = makeSuite("burst")
		var writesPerBurst: [Int] = []
		let ours = nanosecondsPerRun {
			let before = store.fileWriteCount
			for value in 1...10_000 { Defaults[key] = value }
			try? store.flush()
			writesPerBurst.append(store.fileWriteCount - before)
		}
		// The worst burst, not the typical one: the target is a bound.
		let writes = writesPerBurst.max() ?? 0
		let theirs = nanosecondsPerRun(repetitions: 3) {
			for value in 1...10_000 { suite.set(value, forKey: "counter") }
			suite.synchronize()
		}
		var time = Row(name: "5. Burst of 10,000 writes, on disk", unit: "ns", ours: ours, userDefaults: theirs, floor: nil, target: "")
		time.note = "synchronize()"
		var count = Row(name: "5. File writes for that burst", unit: "writes", ours: Double(writes), userDefaults: nil, floor: nil, target: "≤ 5")
		count.meetsTarget = writes <= 5
		return (time, count)
	}

	/// Opening the editor model and a key press with `count` settings (toggles and sliders, half each).
	func editor(settings count: Int) -> (Row, Row) {
		let store = InMemoryStore()
		var settings: [Setting] = []
		for index in 0..<count {
			if index.isMultiple(of: 2) {
				settings.append(Setting(key: "setting\(index)", title: "Setting \(index)", kind: .bool, defaultValue: .bool(false)))
			} else {
				let value = Defaults.JSONValue.integer(Int64(index))
				settings.append(Setting(key: "setting\(index)", title: "Setting \(index)", kind: .integer, defaultValue: value, minimum: 0, maximum: 10_000))
			}
		}
		let schema = SettingsSchema(title: "Benchmark", sections: [.init(title: "All", settings: settings)])
		let open = nanosecondsPerRun {
			let model = EditorModel(schema: schema, store: store)
			model.handle(.resize(width: 120, height: 40))
			consume(model.render().lines.count)
		}
		let press = keyPressTime(EditorModel(schema: schema, store: store))
		let label = grouped(count)
		var pressRow = Row(name: "8. Editor key press + render, \(label) settings", unit: "ns", ours: press, userDefaults: nil, floor: nil, target: "< 5 ms")
		pressRow.meetsTarget = press < 5_000_000
		var openRow = Row(name: "8. Open the editor model, \(label) settings", unit: "ns", ours: open, userDefaults: nil, floor: nil, target: "< 100 ms")
		openRow.meetsTarget = open < 100_000_000
		return (pressRow, openRow)
	}

	/// The time of a key press and the render after it in `model`: moving, flipping, stepping,
	/// and typing a filter (each letter filters every setting).
	func keyPressTime(_ model: EditorModel) -> Double {
		model.handle(.resize(width: 120, height: 40))
		let keys: [EditorKey] = [.down, .character(" "), .right, .down, .character("/"), .character("9"), .character("9"), .backspace, .backspace, .escape]
		var index = 0
		return nanosecondsPerOperation(iterations: 200) {
			index += 1
			model.handle(keys[index % keys.count])
			consume(model.render().lines.count)
		}
	}
}
