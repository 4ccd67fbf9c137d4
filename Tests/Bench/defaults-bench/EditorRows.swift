import Defaults
import DefaultsTUI
import Foundation

/// The editor's rows (section 8), measured inside this process.
enum EditorBenchmarks {
	/// Opening the editor model and a key press with `count` settings (toggles and sliders, half each).
	static func editor(settings count: Int) -> (Row, Row) {
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
	static func keyPressTime(_ model: EditorModel) -> Double {
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
