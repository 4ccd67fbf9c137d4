@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

@Suite("The editor: settings nested in objects")
struct NestedSettingsEditorTests {
	@Test func aGroupIsDrawnAndItsMembersChangeAlone() throws {
		let document = try Defaults.JSONValue(parsing: #"""
		{"properties": {"compilerOptions": {"title": "Compiler", "properties": {"strict": {"type": "boolean"}, "target": {"enum": ["es2020", "esnext"]}}},
		 "name": {"type": "string"}}}
		"""#)
		let schema = SettingsSchema.importing(jsonSchema: document, title: "tsconfig.json").schema
		let base = InMemoryStore()
		base.setStoredValue(["target": "es2020", "other": 1], forKey: "compilerOptions")
		let store = MemberPathStore(base: base, schema: schema)
		let model = EditorModel(schema: schema, store: store)
		model.handle(.resize(width: 100, height: 30))
		let screen = model.render().text
		#expect(screen.contains { $0.hasPrefix(" Compiler") })
		#expect(screen.contains { $0.contains("Target") && $0.contains("es2020") })
		model.selectedKey = "compilerOptions.strict"
		model.handle(.character(" "))
		#expect(base.storedValue(forKey: "compilerOptions") == ["target": "es2020", "other": 1, "strict": true])
		base.setStoredValue(["target": "esnext", "other": 1, "strict": true], forKey: "compilerOptions")
		#expect(model.storeDidChange(keys: ["compilerOptions.target"]))
		#expect(model.render().text.contains { $0.contains("Target") && $0.contains("esnext") })
		model.handle(.character("u"))
		#expect(base.storedValue(forKey: "compilerOptions") == ["target": "esnext", "other": 1], "undo removes the member it set")
	}
}
