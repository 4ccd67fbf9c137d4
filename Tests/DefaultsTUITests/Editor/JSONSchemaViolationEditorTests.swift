@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// Settings read from a JSON Schema: the editor refuses a value that breaks the property's whole
/// schema (what its widget does not show too), with the message the command line gives.
@Suite("The editor: values checked against the whole JSON Schema")
struct JSONSchemaViolationEditorTests {
	private static let document = #"""
	{
	  "properties": {
	    "name": {"type": "string", "minLength": 2},
	    "compilerOptions": {
	      "title": "Compiler",
	      "properties": {
	        "strict": {"type": "boolean"},
	        "plugin": {"type": ["object", "null"], "properties": {"name": {"type": "string"}}, "additionalProperties": false}
	      }
	    }
	  }
	}
	"""#

	/// An editor on a store of `stored` values, with the settings `document` describes.
	private func editor(stored: [String: Defaults.JSONValue]) throws -> (model: EditorModel, base: InMemoryStore) {
		let schema = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: Self.document), title: "tool.json").schema
		let base = InMemoryStore()
		for (key, value) in stored { base.setStoredValue(value, forKey: key) }
		let model = EditorModel(schema: schema, store: MemberPathStore(base: base, schema: schema))
		model.handle(.resize(width: 200, height: 30))
		return (model, base)
	}

	@Test func aTypedValueThatBreaksMinLengthIsRefused() throws {
		let (model, base) = try editor(stored: ["name": "ada"])
		model.selectedKey = "name"
		model.handle(.enter)
		model.handle(.control("u"))
		model.handle(.character("a"))
		model.handle(.enter)
		#expect(base.storedValue(forKey: "name") == "ada", "the store is unchanged")
		#expect(model.render().text.contains { $0.contains("✗ name: must be at least 2 characters long (minLength)") }, "\(model.render().text)")
		model.handle(.character("b"))
		model.handle(.enter)
		#expect(base.storedValue(forKey: "name") == "ab", "once it fits, it is saved")
	}

	@Test func anEditorValueThatBreaksAdditionalPropertiesInsideAnObjectSettingIsRefused() throws {
		let (model, base) = try editor(stored: ["compilerOptions": ["strict": true, "plugin": ["name": "lint"]]])
		model.selectedKey = "compilerOptions.plugin"
		guard case .editExternally(let key, _) = model.handle(.character("e")) else {
			Issue.record("expected an edit in $EDITOR")
			return
		}
		#expect(key == "compilerOptions.plugin")
		model.finishExternalEdit(key: key, text: #"{"name": "lint", "other": 1}"#)
		let expected = #"compilerOptions.plugin: must not have the member "other" (additionalProperties)"#
		#expect(model.render().text.contains { $0.contains(expected) }, "\(model.render().text)")
		#expect(base.storedValue(forKey: "compilerOptions") == ["strict": true, "plugin": ["name": "lint"]], "the store is unchanged")
		model.handle(.character("d"))
		#expect(base.storedValue(forKey: "compilerOptions") == ["strict": true, "plugin": ["name": "lint"]], "a discarded edit writes nothing")
	}

	@Test func aMemberThatBreaksTheObjectHoldingItIsRefused() throws {
		let document = #"{"properties": {"opts": {"maxProperties": 1, "properties": {"a": {"type": "boolean"}, "b": {"type": "boolean"}}}}}"#
		let schema = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: document), title: "tool.json").schema
		let base = InMemoryStore()
		base.setStoredValue(["a": true], forKey: "opts")
		let model = EditorModel(schema: schema, store: MemberPathStore(base: base, schema: schema))
		model.handle(.resize(width: 200, height: 30))
		model.selectedKey = "opts.b"
		model.handle(.character(" "))
		#expect(base.storedValue(forKey: "opts") == ["a": true], "the store is unchanged")
		#expect(model.render().text.contains { $0.contains("B was not changed: opts: ") && $0.contains("(maxProperties)") }, "\(model.render().text)")
		model.selectedKey = "opts.a"
		model.handle(.character(" "))
		#expect(base.storedValue(forKey: "opts") == ["a": false], "a member that keeps the object valid is written")
	}
}
