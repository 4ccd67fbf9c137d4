@testable import Defaults
import Foundation
import Testing

/// Key names of this file's own: defaults registered with a suite are seen by every suite of the process.
private let run = uniqueKeyName("")

private struct Point: Codable, Equatable, Defaults.Serializable {
	var y: Int
	var x: Int
	var label: String
}

private struct Appointment: Codable, Equatable, Defaults.Serializable {
	var when: Date
}

private enum Direction: String, Codable, Defaults.Serializable {
	case up, down
}

/// `Codable` and `RawRepresentable` with a string raw value that takes any string: the issue's silent misread.
private struct Tag: RawRepresentable, Codable, Equatable, Defaults.Serializable {
	var rawValue: String
}

private enum Mime: String, Codable, Defaults.Serializable, Defaults.PreferRawRepresentable {
	case json = "application/json"
}

private enum Level: Int, Defaults.Serializable {
	case low = 1, high = 2
}

private struct Celsius: Equatable, Defaults.Serializable {
	var degrees: Double
	static let bridge = CelsiusBridge()
}

private struct CelsiusBridge: Defaults.Bridge {
	func serialize(_ value: Celsius?) -> [String: Double]? { value.map { ["degrees": $0.degrees] } }
	func deserialize(_ object: [String: Double]?) -> Celsius? { object?["degrees"].map(Celsius.init) }
}

private struct Birthday: Equatable, Defaults.Serializable {
	var date: Date
	static let bridge = BirthdayBridge()
}

private struct BirthdayBridge: Defaults.Bridge {
	func serialize(_ value: Birthday?) -> Date? { value?.date }
	func deserialize(_ object: Date?) -> Birthday? { object.map(Birthday.init) }
}

/// `Codable`, raw-value, `NSSecureCoding` and custom-bridge types in a `UserDefaults` suite.
@Suite("Suite forms: Codable, RawRepresentable, NSSecureCoding, custom bridges")
struct CodableSuiteFormTests {
	@Test func codableIsJSONTextWithSortedKeys() {
		expectSuiteForms(
			Point(y: 2, x: 1, label: "a/b"),
			default: Point(y: 0, x: 0, label: ""),
			original: #"{"label":"a\/b","x":1,"y":2}"#,
			earlier: ["label": "a/b", "x": 1, "y": 2] as [String: Any]
		)
	}

	@Test func aDateInsideCodableIsSecondsSince2001AsTheOriginalEncodesIt() {
		expectSuiteForms(
			Appointment(when: Date(timeIntervalSinceReferenceDate: 0.5)),
			default: Appointment(when: .distantPast),
			original: #"{"when":0.5}"#,
			earlier: ["when": "2001-01-01T00:00:00.5Z"] as [String: Any]
		)
	}

	@Test func codableEnumIsTheJSONTextOfItsRawValue() {
		expectSuiteForms(Direction.down, default: .up, original: #""down""#, earlier: "down")
	}

	@Test func codableRawRepresentableWrittenByTheOriginalReadsWithoutQuotes() {
		expectSuiteForms(Tag(rawValue: "y"), default: Tag(rawValue: ""), original: #""y""#, earlier: "y")
		let suite = Isolated.userDefaults()
		suite.set(#""y""#, forKey: "tag\(run)")
		#expect(Defaults[Defaults.Key<Tag>("tag\(run)", default: Tag(rawValue: ""), suite: suite)].rawValue == "y")
	}

	@Test func preferRawRepresentableIsTheRawValue() {
		expectSuiteForms(Mime.json, default: .json, original: "application/json")
	}

	@Test func rawRepresentableIsTheRawValue() {
		expectSuiteForms(Level.high, default: .low, original: 2)
	}

	@Test func nsSecureCodingIsTheArchiveData() throws {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<Token?>(uniqueKeyName(), suite: suite)
		Defaults[key] = Token("secret")
		let data = try #require(suite.object(forKey: key.name) as? Data)
		#expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: Token.self, from: data) == Token("secret"))

		let byHand = Isolated.userDefaults()
		byHand.set(data, forKey: key.name)
		#expect(Defaults[Defaults.Key<Token?>(key.name, suite: byHand)] == Token("secret"))

		let older = Isolated.userDefaults()
		older.set(data.base64EncodedString(), forKey: key.name)
		#expect(Defaults[Defaults.Key<Token?>(key.name, suite: older)] == Token("secret"))
	}

	@Test func aCustomBridgeStoresItsSerializableAsThatType() {
		expectSuiteForms(Celsius(degrees: 21.5), default: Celsius(degrees: 0), original: ["degrees": 21.5] as [String: Any])
		let date = Date(timeIntervalSince1970: 86_400)
		expectSuiteForms(Birthday(date: date), default: Birthday(date: .distantPast), original: date, earlier: "1970-01-02T00:00:00Z")
	}

	@Test func textThatIsNoValueIsReportedAndLeftAlone() {
		let suite = Isolated.userDefaults()
		suite.set("{not json", forKey: "point\(run)")
		let key = Defaults.Key<Point>("point\(run)", default: Point(y: 0, x: 0, label: "d"), suite: suite)
		let (value, reported) = problems { Defaults[key] }
		#expect(value.label == "d")
		#expect(reported.map(\.kind) == [.undecodableValue])
		#expect(suite.string(forKey: "point\(run)") == "{not json")
	}

	@Test func untypedAccessToASuiteGoesThroughTheKeysType() {
		let suite = Isolated.userDefaults()
		let point = Defaults.Key<Point?>(uniqueKeyName(), suite: suite)
		let date = Defaults.Key<Date?>(uniqueKeyName(), suite: suite)
		suite.setStoredValue(["label": "a", "x": 1, "y": 2], forKey: point.name)
		suite.setStoredValue("1970-01-01T00:00:01Z", forKey: date.name)
		#expect(suite.string(forKey: point.name) == #"{"label":"a","x":1,"y":2}"#)
		#expect(suite.object(forKey: date.name) as? Date == Date(timeIntervalSince1970: 1))
		#expect(suite.storedValue(forKey: point.name) == ["label": "a", "x": 1, "y": 2])
		#expect(suite.storedValues()[date.name] == "1970-01-01T00:00:01Z")
		#expect(!point.isDefaultValue)
	}

	@Test func observersOfASuiteKeyGetTheValue() {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<Point>(uniqueKeyName(), default: Point(y: 0, x: 0, label: ""), suite: suite)
		let seen = Locked<[String]>([])
		let observation = Defaults.observe(key, options: []) { change in seen.withLock { $0.append(change.newValue.label) } }
		Defaults[key] = Point(y: 1, x: 1, label: "new")
		Defaults.reset(key)
		observation.invalidate()
		#expect(seen.value == ["new", ""])
	}
}
