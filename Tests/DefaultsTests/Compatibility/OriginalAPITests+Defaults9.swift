import Defaults
import Foundation
import Testing

// Code as Defaults 9 users write it: each declaration below compiles here unchanged.

/// A type that declares `isNativelySupportedType`, as types written for the original may.
private struct Meters: Codable, Equatable, Defaults.Serializable {
	var value: Double
	static let isNativelySupportedType = true
}

private struct Place: Equatable {
	var name: String
	var floor: Int
}

/// A bridge whose stored form is `[String: Any]`, as in the original's own tests.
private struct PlaceBridge: Defaults.Bridge {
	typealias Value = Place
	typealias Serializable = [String: Any]

	func serialize(_ value: Place?) -> [String: Any]? {
		guard let value else { return nil }
		return ["name": value.name, "floor": value.floor]
	}

	func deserialize(_ object: [String: Any]?) -> Place? {
		guard let object, let name = object["name"] as? String, let floor = object["floor"] as? Int else { return nil }
		return Place(name: name, floor: floor)
	}
}

extension Place: Defaults.Serializable {
	static let bridge = PlaceBridge()
}

/// Foundation on Linux cannot archive a private class: it names a class in an archive as `Module.Class`.
private final class PrivateToken: NSObject, NSSecureCoding, Defaults.Serializable {
	static var supportsSecureCoding: Bool { true }
	override init() {}
	func encode(with coder: NSCoder) {}
	required init?(coder: NSCoder) {}
}

/// A bridge whose `[String: Any]` holds a value that is no property-list value.
private struct TaggedNameBridge: Defaults.Bridge {
	typealias Value = TaggedName
	typealias Serializable = [String: Any]

	func serialize(_ value: TaggedName?) -> [String: Any]? {
		value.map { ["name": $0.name, "tag": NSObject()] }
	}

	func deserialize(_ object: [String: Any]?) -> TaggedName? {
		(object?["name"] as? String).map(TaggedName.init)
	}
}

private struct TaggedName: Equatable, Defaults.Serializable {
	var name: String
	static let bridge = TaggedNameBridge()
}

/// What a generic function constrained on the original's optional protocol does.
private func nothingOrValue<Value: _DefaultsOptionalProtocol>(_ value: Value) -> String {
	value._defaults_isNil ? "nothing" : "a value"
}

/// The original's way of asking whether a serializable value is an empty optional.
private func isEmptyOptional<Value: Defaults.Serializable>(_ value: Value) -> Bool {
	(value as? any _DefaultsOptionalProtocol)?._defaults_isNil == true
}

private func isNativelySupported<Value: Defaults.Serializable>(_: Value.Type) -> Bool {
	Value.isNativelySupportedType
}

extension OriginalAPITests {
	@Test func aTypeDeclaringIsNativelySupportedTypeIsStillStoredThroughItsBridge() {
		#expect(isNativelySupported(Meters.self))
		#expect(expectRoundTrip(Meters(value: 2.5), default: Meters(value: 0), in: InMemoryStore()) == ["value": 2.5])
	}

	@Test func isNativelySupportedTypeAnswersAsTheOriginalDoes() {
		#expect(isNativelySupported(Int.self))
		#expect(isNativelySupported(UInt8.self))
		#expect(isNativelySupported(Double.self))
		#expect(isNativelySupported(Bool.self))
		#expect(isNativelySupported(String.self))
		#expect(isNativelySupported(Date.self))
		#expect(isNativelySupported(Data.self))
		#expect(isNativelySupported([String: [Int?]].self))
		#expect(!isNativelySupported(URL.self))
		#expect(!isNativelySupported(UUID.self))
		#expect(!isNativelySupported(Set<Int>.self))
		#expect(!isNativelySupported([Int: String].self))
		#expect(!isNativelySupported([Place].self))
	}

	@Test func theOptionalProtocolTellsNilFromAValue() {
		#expect(nothingOrValue(Int?.none) == "nothing")
		#expect(nothingOrValue(Int?(3)) == "a value")
		#expect(nothingOrValue(nil as Defaults.AnySerializable) == "nothing")
		#expect(nothingOrValue(Defaults.AnySerializable(1)) == "a value")
		#expect(isEmptyOptional(String?.none))
		#expect(!isEmptyOptional(""))
	}

	@Test func optionsTypedAsASetOfOptionsWork() {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		var options: Set<Defaults.ObservationOption> = [.initial]
		options.insert(.prior)
		let recorder = Recorder<Bool>()
		let observation = Defaults.observe(key, options: options) { change in
			recorder.record(change.isPrior)
		}
		Defaults[key] = 1
		#expect(recorder.all == [false, true, false])
		#expect(options == [.initial, .prior])
		#expect(Defaults.ObservationOptions.initial == [.initial])
		observation.invalidate()
	}

	@Test(arguments: StoreKind.allCases)
	func aBridgeToStringKeyedAnyDictionariesRoundTrips(store kind: StoreKind) {
		let stored = expectRoundTrip(Place(name: "Library", floor: 3), default: Place(name: "", floor: 0), in: kind.makeStore())
		#expect(stored == ["name": "Library", "floor": 3])
	}

	@Test(arguments: StoreKind.allCases)
	func aStringKeyedAnyDictionaryHoldingNoPropertyListValueIsReportedAndNotStored(store kind: StoreKind) {
		let key = Defaults.Key<TaggedName?>(uniqueKeyName(), suite: kind.makeStore())
		let problems = collectProblems {
			Defaults[key] = TaggedName(name: "Library")
		}
		#expect(problems.map(\.kind) == [.unencodableValue])
		#expect(Defaults[key] == nil)
	}

	@Test func aPrivateNSSecureCodingClassIsReportedAndNotStored() {
		let key = Defaults.Key<PrivateToken?>(uniqueKeyName(), suite: InMemoryStore())
		let problems = collectProblems {
			Defaults[key] = PrivateToken()
		}
		#expect(problems.first?.kind == .unencodableValue)
		#expect(Defaults[key] == nil)
	}
}
