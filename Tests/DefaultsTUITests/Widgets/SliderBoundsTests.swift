@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A slider never writes a value its setting refuses (a JSON Schema's exclusive bounds), and a
/// range given without a step gets one that fits it.
@Suite("Sliders: exclusive bounds and steps that fit the range")
struct SliderBoundsTests {
	/// An editor on the settings of a JSON Schema document, in memory.
	private func editor(_ document: String, stored: [String: Defaults.JSONValue] = [:]) throws -> (model: EditorModel, store: InMemoryStore, schema: SettingsSchema) {
		let schema = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: document), title: "tool.json").schema
		let store = InMemoryStore()
		for (key, value) in stored { store.setStoredValue(value, forKey: key) }
		let model = EditorModel(schema: schema, store: store)
		model.handle(.resize(width: 100, height: 30))
		return (model, store, schema)
	}

	@Test(arguments: [
		#"{"properties": {"opacity": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}}}"#,
		#"{"properties": {"opacity": {"type": "number", "minimum": 0, "maximum": 1, "exclusiveMinimum": true, "exclusiveMaximum": true}}}"#,
	])
	func aSliderStopsOneStepInsideAnExclusiveBound(document: String) throws {
		let (model, store, schema) = try editor(document, stored: ["opacity": 0.5])
		let setting = try #require(schema.setting(forKey: "opacity"))
		model.selectedKey = "opacity"
		let hints = model.render().text.last ?? ""
		#expect(hints.contains("←→ ±0.1"), "a range of 1 moves a tenth at a time, not end to end: \(hints)")
		var written: [Defaults.JSONValue] = []
		func press(_ key: EditorKey) {
			model.handle(key)
			if let value = store.storedValue(forKey: "opacity") { written.append(value) }
		}
		press(.character(">"))
		#expect(store.storedValue(forKey: "opacity") == 0.9)
		press(.right)
		#expect(store.storedValue(forKey: "opacity") == 0.9)
		#expect(model.render().text.contains { $0.contains("Opacity is at its maximum, 0.9.") })
		press(.character("]"))
		press(.character("<"))
		#expect(store.storedValue(forKey: "opacity") == 0.1)
		press(.left)
		press(.character("["))
		#expect(store.storedValue(forKey: "opacity") == 0.1)
		#expect(model.render().text.contains { $0.contains("Opacity is at its minimum, 0.1.") })
		// A click on either end of the bar.
		let row = try #require(model.render().text.firstIndex { $0.contains("Opacity") })
		for column in [37, 37 + 23] {
			press(.mouse(.click(row: row, column: column)))
		}
		#expect(!written.isEmpty)
		for value in written {
			#expect(setting.validate(value) == nil, "the slider wrote \(value), which the schema refuses")
		}
		#expect(!model.render().text.contains { $0.contains("must be") }, "\(model.render().text)")
		model.handle(.character("?"))
		#expect(model.render().text.contains { $0.contains("more than 0 and less than 1 (0.1 to 0.9 on the slider)") }, "\(model.render().text)")
	}

	@Test func anExclusiveBoundOnOneEndOnly() throws {
		let (model, store, _) = try editor(#"{"properties": {"ratio": {"type": "number", "minimum": 0, "exclusiveMaximum": 2, "multipleOf": 0.5}}}"#)
		model.selectedKey = "ratio"
		model.handle(.character(">"))
		#expect(store.storedValue(forKey: "ratio") == 1.5)
		model.handle(.character("<"))
		#expect(store.storedValue(forKey: "ratio") == 0, "an inclusive bound is reached")
	}

	@Test func aRangeWithoutAStepGetsOneThatFitsIt() {
		for (minimum, maximum, kind, expected) in [
			(0.0, 1.0, Setting.Kind.number, "±0.1"), (1, 2, .number, "±0.1"), (0, 0.5, .number, "±0.01"), (0, 5, .number, "±0.1"),
			(0, 10, .number, "±1"), (0, 100, .number, "±1"), (0, 1, .integer, "±1"),
		] {
			let fixture = EditorFixture { _ in
				SettingsSchema(title: "T", sections: [.init(title: "S", settings: [
					Setting(key: "value", title: "Value", kind: kind, defaultValue: nil, isOptional: true, minimum: minimum, maximum: maximum),
				])])
			}
			fixture.select("value")
			#expect(fixture.hintBar.contains("←→ \(expected)"), "\(minimum)...\(maximum): \(fixture.hintBar)")
		}
		let fixture = EditorFixture { _ in
			SettingsSchema(title: "T", sections: [.init(title: "S", settings: [
				Setting(key: "value", title: "Value", kind: .number, defaultValue: 0.5, minimum: 0, maximum: 1),
			])])
		}
		fixture.select("value")
		fixture.press(.right)
		#expect(fixture.stored("value") == 0.6)
	}
}
