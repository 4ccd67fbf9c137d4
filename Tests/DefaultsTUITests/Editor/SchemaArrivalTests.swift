@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A schema that arrives after the editor opened on a file's inferred settings.
@Suite("The editor: a schema that arrives later")
struct SchemaArrivalTests {
	@Test func anArrivedSchemaReplacesTheInferredSettingsAndItsNestedMembersWork() throws {
		let base = InMemoryStore()
		base.setStoredValue(["target": "es2020"], forKey: "compilerOptions")
		base.setStoredValue("x", forKey: "name")
		let store = MemberPathStore(base: base, paths: [:])
		let inferred = SettingsSchema.inferred(from: base.storedValues(), title: "tsconfig.json")
		let model = EditorModel(schema: inferred, store: store)
		model.schemaFromStore = { SettingsSchema.inferred(from: base.storedValues(), title: "tsconfig.json") }
		let arrival = SchemaArrival()
		model.schemaArrival = arrival
		model.handle(.resize(width: 100, height: 30))
		#expect(!model.takeArrivedSchema(), "nothing arrived yet")

		let woken = Locked(0)
		arrival.onArrival { woken.withLock { $0 += 1 } }
		let document = try Defaults.JSONValue(parsing: #"""
		{"title": "TSConfig", "additionalProperties": false, "properties": {"compilerOptions": {"title": "Compiler", "properties": {"strict": {"type": "boolean"}, "target": {"enum": ["es2020", "esnext"]}}}, "name": {"type": "string"}}}
		"""#)
		let schema = SettingsSchema.importing(jsonSchema: document, title: "tsconfig.json").schema
		store.adopt(paths: Dictionary(uniqueKeysWithValues: schema.settings.compactMap { setting in setting.path.map { (setting.key, $0) } }))
		arrival.deliver(schema, note: "catalogue")
		#expect(woken.value == 1)
		#expect(model.takeArrivedSchema())
		#expect(model.schemaNote == "catalogue")
		#expect(model.schemaFromStore == nil, "the schema names every key: nothing is inferred any more")
		let screen = model.render().text
		#expect(screen.first?.contains("TSConfig (catalogue)") == true, "\(screen)")
		#expect(screen.contains { $0.contains("Target") && $0.contains("es2020") })
		#expect(screen.contains { $0.contains("The schema TSConfig arrived") })
		model.selectedKey = "compilerOptions.strict"
		model.handle(.character(" "))
		#expect(base.storedValue(forKey: "compilerOptions") == ["target": "es2020", "strict": true])
		#expect(!model.takeArrivedSchema(), "taken once")
	}

	@Test func aFailureIsShownAndTheInferredSettingsStay() {
		let store = InMemoryStore()
		store.setStoredValue(true, forKey: "wrap")
		let model = EditorModel(schema: SettingsSchema.inferred(from: store.storedValues(), title: "x.json"), store: store)
		model.schemaNote = "fetching its schema…"
		let arrival = SchemaArrival()
		model.schemaArrival = arrival
		model.handle(.resize(width: 100, height: 30))
		arrival.fail("the schema https://example.com/x.json cannot be used: the server answered HTTP 404")
		// Arrived before the loop asked to be woken: woken at once.
		let woken = Locked(false)
		arrival.onArrival { woken.withLock { $0 = true } }
		#expect(woken.value)
		#expect(model.takeArrivedSchema())
		#expect(model.schemaNote == nil)
		#expect(model.render().text.contains { $0.contains("HTTP 404") })
		#expect(model.keyNames == ["wrap"])
	}
}
