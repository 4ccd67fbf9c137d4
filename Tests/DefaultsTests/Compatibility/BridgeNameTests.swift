import Defaults
import Foundation
import Testing

private struct Point: Codable, Equatable, Defaults.Serializable {
	static let bridge = Defaults.TopLevelCodableBridge<Point>()
	var x: Int
	var y: Int
}

private enum Tone: String, Codable, Defaults.Serializable {
	static let bridge = Defaults.RawRepresentableCodableBridge<Tone>()
	case warm, cold
}

/// The original's names for the `Codable` bridges, which lead to `Defaults.CodableBridge` here.
@Suite("The original's bridge names")
struct BridgeNameTests {
	@Test func aTypeNamingTheOriginalsCodableBridgeIsStoredAsCodable() {
		let store = InMemoryStore()
		let key = Defaults.Key<Point>(uniqueKeyName(), default: Point(x: 0, y: 0), suite: store)
		Defaults[key] = Point(x: 1, y: 2)
		#expect(store.storedValue(forKey: key.name) == ["x": 1, "y": 2])
		#expect(Defaults[key] == Point(x: 1, y: 2))
	}

	@Test func aRawRepresentableCodableTypeIsStoredThroughCodable() {
		let store = InMemoryStore()
		let key = Defaults.Key<Tone>(uniqueKeyName(), default: .warm, suite: store)
		Defaults[key] = .cold
		#expect(store.storedValue(forKey: key.name) == "cold")
		#expect(Defaults[key] == .cold)
	}

	@Test func theNamesAreTheSameBridge() {
		#expect(Defaults.TopLevelCodableBridge<Point>.self == Defaults.CodableBridge<Point>.self)
		#expect(Defaults.RawRepresentableCodableBridge<Tone>.self == Defaults.CodableBridge<Tone>.self)
		#expect(Defaults.CodableNSSecureCodingBridge<CodableToken>.self == Defaults.CodableBridge<CodableToken>.self)
	}
}

/// A class that is both `Codable` and `NSSecureCoding`, for the third name.
final class CodableToken: NSObject, NSSecureCoding, Codable {
	static var supportsSecureCoding: Bool { true }
	let value: String

	init(value: String) {
		self.value = value
	}

	init?(coder: NSCoder) {
		guard let value = coder.decodeObject(of: NSString.self, forKey: "value") as String? else { return nil }
		self.value = value
	}

	func encode(with coder: NSCoder) {
		coder.encode(value as NSString, forKey: "value")
	}
}
