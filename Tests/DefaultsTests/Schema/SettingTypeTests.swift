@testable import Defaults
import Foundation
import Testing

/// A type nested in another, to check the name a setting shows.
enum SettingTypeOuter {
	enum Nested: String, CaseIterable, Defaults.Serializable { case one, two }
}

@Suite("Kinds inferred from types")
struct SettingTypeTests {
	/// The setting the DSL makes for a key of `Value`'s type.
	private func setting<Value: Defaults.Serializable>(_ type: Value.Type, default value: Value) -> Setting {
		let key = Defaults.Key<Value>("value", default: value, suite: InMemoryStore())
		return Defaults.Field("Value", key: key).setting
	}

	@Test func plainTypesHaveTheirKindAndName() {
		let cases: [(Setting, Setting.Kind, String)] = [
			(setting(Bool.self, default: false), .bool, "Bool"),
			(setting(String.self, default: ""), .string, "String"),
			(setting(URL.self, default: URL(fileURLWithPath: "/")), .url, "URL"),
			(setting(Date.self, default: Date(timeIntervalSince1970: 0)), .date, "Date"),
			(setting(Double.self, default: 0), .number, "Double"),
			(setting(Float.self, default: 0), .number, "Float"),
			(setting(CGFloat.self, default: 0), .number, "CGFloat"),
			(setting(Int.self, default: 0), .integer, "Int"),
			(setting(Int8.self, default: 0), .integer, "Int8"),
			(setting(Int16.self, default: 0), .integer, "Int16"),
			(setting(Int32.self, default: 0), .integer, "Int32"),
			(setting(Int64.self, default: 0), .integer, "Int64"),
			(setting(UInt.self, default: 0), .integer, "UInt"),
			(setting(UInt8.self, default: 0), .integer, "UInt8"),
			(setting(UInt16.self, default: 0), .integer, "UInt16"),
			(setting(UInt32.self, default: 0), .integer, "UInt32"),
			(setting(UInt64.self, default: 0), .integer, "UInt64"),
			(setting(Data.self, default: Data()), .json, "Data"),
			(setting([Int].self, default: []), .json, "Array<Int>"),
		]
		for (setting, kind, name) in cases {
			#expect(setting.kind == kind, "\(name)")
			#expect(!setting.isOptional, "\(name)")
			#expect(setting.typeName == name)
		}
	}

	@Test func optionalsChoicesAndChecklistsAreSeenThrough() {
		let optional = setting(Int?.self, default: nil)
		#expect(optional.kind == .integer && optional.isOptional && optional.typeName == "Optional<Int>")
		let choice = setting(SettingTypeOuter.Nested.self, default: .one)
		#expect(choice.kind == .choice && choice.choices?.map(\.title) == ["one", "two"])
		#expect(choice.typeName == "Nested", "as String(describing:) names a nested type")
		let checklist = setting(Set<SettingTypeOuter.Nested>.self, default: [])
		#expect(checklist.kind == .choice && checklist.allowsMultiple)
		#expect(checklist.typeName == "Set<Nested>")
	}
}
