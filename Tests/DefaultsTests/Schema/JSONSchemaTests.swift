@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// The JSON Schema of a settings file, member by member.
@Suite("JSON Schema of the settings file")
struct JSONSchemaTests {
	private static let schema = SettingsSchema(title: "App") {
		Defaults.Section("S") {
			Defaults.Toggle("Enabled", key: Defaults.Key<Bool>("enabled", default: false, suite: InMemoryStore()), help: "Turns it on.")
			Defaults.Slider("Size", key: Defaults.Key<Int>("size", default: 14, suite: InMemoryStore()), range: 8...32)
			Defaults.Slider("Ratio", key: Defaults.Key<Double>("ratio", default: 0.5, suite: InMemoryStore()), range: 0.25...1.5, step: 0.25)
			Defaults.TextField("Name", key: Defaults.Key<String?>("name", suite: InMemoryStore()), maxLength: 8, pattern: "[a-z]+")
			Defaults.TextField("Token", key: Defaults.Key<String>("token", default: "", suite: InMemoryStore()), secret: true)
			Defaults.TextField("Since", key: Defaults.Key<Date>("since", default: Date(timeIntervalSince1970: 0), suite: InMemoryStore()))
			Defaults.Field("Tags", key: Defaults.Key<[String]>("tags", default: [], suite: InMemoryStore()))
		}
	}

	private func property(_ key: String) throws -> [String: Defaults.JSONValue] {
		guard case .object(let root) = Self.schema.jsonSchema(), case .object(let properties)? = root["properties"],
		      case .object(let property)? = properties[key] else {
			throw SchemaTestFailure("no property \(key)")
		}
		return property
	}

	@Test func theRootNamesTheDialectAndEverySetting() throws {
		guard case .object(let root) = Self.schema.jsonSchema() else { throw SchemaTestFailure("not an object") }
		#expect(root["$schema"] == "https://json-schema.org/draft/2020-12/schema")
		#expect(root["type"] == "object")
		#expect(root["title"] == "App")
		guard case .object(let properties)? = root["properties"] else { throw SchemaTestFailure("no properties") }
		#expect(Set(properties.keys) == ["enabled", "size", "ratio", "name", "token", "since", "tags"])
		#expect(root["additionalProperties"] == nil, "a store may hold other settings")
	}

	@Test func typesBoundsAndAnnotations() throws {
		let enabled = try property("enabled")
		#expect(enabled["type"] == "boolean" && enabled["default"] == false && enabled["title"] == "Enabled")
		#expect(enabled["description"] == "Turns it on. (Bool)")
		let size = try property("size")
		#expect(size["type"] == "integer" && size["minimum"] == 8 && size["maximum"] == 32 && size["default"] == 14)
		let ratio = try property("ratio")
		#expect(ratio["type"] == "number" && ratio["minimum"] == 0.25 && ratio["maximum"] == 1.5)
		#expect(try property("token")["writeOnly"] == true)
		#expect(try property("since")["format"] == "date-time")
		#expect(try property("tags")["type"] == "array")
	}

	@Test func anOptionalSettingAlsoTakesNullAndItsPatternMatchesTheWholeText() throws {
		let name = try property("name")
		#expect(name["anyOf"] == [["type": "string", "maxLength": 8, "pattern": "^(?:[a-z]+)$"], ["type": "null"]])
		#expect(name["title"] == "Name")
	}

	@Test func choicesAreAnEnumAndAChecklistAnArrayOfThem() throws {
		let text = #"""
		{"title": "T", "sections": [{"title": "S", "settings": [
			{"key": "formats", "kind": "choice", "multiple": true, "choices": [{"title": "A", "value": "a"}, {"title": "B", "value": "b"}], "default": []},
			{"key": "mode", "kind": "choice", "choices": [{"title": "A", "value": "a"}, {"title": 1, "value": 1}], "default": "a"}
		]}]}
		"""#
		let schema = try? SettingsSchema.decode(Data(text.replacingOccurrences(of: #"{"title": 1, "value": 1}"#, with: #"{"title": "One", "value": 1}"#).utf8))
		guard case .object(let root)? = schema?.jsonSchema(), case .object(let properties)? = root["properties"] else {
			throw SchemaTestFailure("no schema")
		}
		#expect(properties["formats"] == ["title": "Formats", "default": [], "type": "array", "items": ["enum": ["a", "b"]], "uniqueItems": true])
		#expect(properties["mode"] == ["title": "Mode", "default": "a", "enum": ["a", 1]])
	}
}

private struct SchemaTestFailure: Error, CustomStringConvertible {
	let description: String
	init(_ description: String) { self.description = description }
}
