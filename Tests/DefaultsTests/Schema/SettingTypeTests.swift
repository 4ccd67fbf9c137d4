@testable import Defaults
@testable import DefaultsSchema
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

	/// The table of plain types says of each exactly what the protocol casts say.
	@Test func theTableOfPlainTypesAgreesWithTheCasts() {
		#expect(SettingType.plainTypes.count == 64, "16 types, each with its optional, its array and its dictionary")
		for (identifier, inferred) in SettingType.plainTypes {
			let type = Self.plainTypeNames.first { ObjectIdentifier($0.0) == identifier }
			#expect(type != nil, "an entry for a type this test does not know")
			if let (type, name) = type {
				#expect(SettingType.inferByCasting(type) == inferred, "\(name)")
			}
		}
	}

	/// Every type the table holds, by name.
	private static let plainTypeNames: [(Any.Type, String)] = {
		func variants<Value>(_: Value.Type) -> [(Any.Type, String)] {
			let name = "\(Value.self)"
			return [(Value.self, name), (Value?.self, "\(name)?"), ([Value].self, "[\(name)]"), ([String: Value].self, "[String: \(name)]")]
		}
		return variants(Bool.self) + variants(String.self) + variants(URL.self) + variants(Date.self) + variants(Double.self)
			+ variants(Float.self) + variants(Int.self) + variants(Int8.self) + variants(Int16.self) + variants(Int32.self)
			+ variants(Int64.self) + variants(UInt.self) + variants(UInt8.self) + variants(UInt16.self) + variants(UInt32.self)
			+ variants(UInt64.self)
	}()

	/// The entries that know their kind from their generic constraints give what inferring it gives.
	@Test func entriesThatKnowTheirKindAgreeWithInferringIt() {
		let store = InMemoryStore()
		let entries: [(Setting, SettingType.Inferred)] = [
			(Defaults.Toggle("T", key: Defaults.Key<Bool>("t", default: false, suite: store)).setting, SettingType.inferByCasting(Bool.self)),
			(Defaults.Toggle("O", key: Defaults.Key<Bool?>("o", suite: store)).setting, SettingType.inferByCasting(Bool?.self)),
			(Defaults.Slider("I", key: Defaults.Key<Int16>("i", default: 0, suite: store), range: 0...9).setting, SettingType.inferByCasting(Int16.self)),
			(Defaults.Slider("D", key: Defaults.Key<CGFloat>("d", default: 0, suite: store), range: 0...1).setting, SettingType.inferByCasting(CGFloat.self)),
			(Defaults.Picker("P", key: Defaults.Key<SettingTypeOuter.Nested>("p", default: .one, suite: store)).setting,
			 SettingType.inferByCasting(SettingTypeOuter.Nested.self)),
			(Defaults.Checklist("S", key: Defaults.Key<Set<SettingTypeOuter.Nested>>("s", default: [], suite: store)).setting,
			 SettingType.inferByCasting(Set<SettingTypeOuter.Nested>.self)),
			(Defaults.Checklist("A", key: Defaults.Key<[SettingTypeOuter.Nested]>("a", default: [], suite: store)).setting,
			 SettingType.inferByCasting([SettingTypeOuter.Nested].self)),
		]
		for (setting, inferred) in entries {
			let made = SettingType.Inferred(kind: setting.kind, isOptional: setting.isOptional, choices: setting.choices, allowsMultiple: setting.allowsMultiple)
			#expect(made == inferred, "\(setting.key)")
		}
	}
}
