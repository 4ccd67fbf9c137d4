import Defaults
import Foundation
import Testing

// Each type's Codable form differs from its other form, so the stored value shows which bridge was used.

/// Codable and RawRepresentable: Codable wins.
/// Codes as `{"level": n}`, unlike its raw value `n`.
private protocol LevelCoding: RawRepresentable, Codable where RawValue == Int {
	init(rawValue: Int)
}

private enum LevelCodingKeys: String, CodingKey { case level }

extension LevelCoding {
	init(from decoder: any Decoder) throws {
		self.init(rawValue: try decoder.container(keyedBy: LevelCodingKeys.self).decode(Int.self, forKey: .level))
	}

	func encode(to encoder: any Encoder) throws {
		var container = encoder.container(keyedBy: LevelCodingKeys.self)
		try container.encode(rawValue, forKey: .level)
	}
}

private struct Level: LevelCoding, Equatable, Defaults.Serializable {
	var rawValue: Int
}

/// Codable and RawRepresentable, preferring the raw value.
private struct RawLevel: LevelCoding, Equatable, Defaults.Serializable, Defaults.PreferRawRepresentable {
	var rawValue: Int
}

/// A plain string enum that is also Codable: both forms are the same string.
private enum Mime: String, Codable, Defaults.Serializable {
	case json = "application/json"
}

private enum PreferredMime: String, Codable, Defaults.Serializable, Defaults.PreferRawRepresentable {
	case json = "application/json"
}

/// A note that can be archived and encoded; the two classes below differ only in their preference.
class ArchivableNote: NSObject, NSSecureCoding, Codable {
	class var supportsSecureCoding: Bool { true }
	let text: String
	init(_ text: String) { self.text = text }
	func encode(with coder: NSCoder) { coder.encode(text as NSString, forKey: "text") }
	required init?(coder: NSCoder) {
		guard let text = coder.decodeObject(of: NSString.self, forKey: "text") else { return nil }
		self.text = text as String
	}
	override func isEqual(_ object: Any?) -> Bool { (object as? ArchivableNote)?.text == text && type(of: object as AnyObject) == type(of: self) }
	override var hash: Int { text.hashValue }
}

/// Codable and NSSecureCoding: Codable wins.
final class Note: ArchivableNote, Defaults.Serializable {}

/// Codable and NSSecureCoding, preferring NSSecureCoding.
final class ArchivedNote: ArchivableNote, Defaults.Serializable, Defaults.PreferNSSecureCoding {}

@Suite("Which bridge a type is stored through")
struct PreferenceRulesTests {
	@Test func codableAndRawRepresentableUsesCodable() {
		#expect(expectRoundTrip(Level(rawValue: 3), default: Level(rawValue: 0), in: InMemoryStore()) == ["level": 3])
	}

	@Test func preferRawRepresentableUsesTheRawValue() {
		#expect(expectRoundTrip(RawLevel(rawValue: 3), default: RawLevel(rawValue: 0), in: InMemoryStore()) == 3)
	}

	@Test func stringEnumsAreTheRawStringEitherWay() {
		#expect(expectRoundTrip(Mime.json, default: .json, in: InMemoryStore()) == "application/json")
		#expect(expectRoundTrip(PreferredMime.json, default: .json, in: InMemoryStore()) == "application/json")
	}

	@Test func codableAndNSSecureCodingUsesCodable() {
		#expect(expectRoundTrip(Note("hi"), default: Note(""), in: InMemoryStore()) == ["text": "hi"])
	}

	@Test func preferNSSecureCodingUsesAKeyedArchive() throws {
		let stored = try #require(expectRoundTrip(ArchivedNote("hi"), default: ArchivedNote(""), in: InMemoryStore()))
		let data = try #require(stored.stringValue.flatMap { Data(base64Encoded: $0) })
		#expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: ArchivedNote.self, from: data)?.text == "hi")
	}

	@Test func aClassFoundationCannotArchiveIsReportedInsteadOfCrashing() {
		final class Nested: NSObject, NSSecureCoding, Defaults.Serializable {
			static var supportsSecureCoding: Bool { true }
			override init() {}
			func encode(with coder: NSCoder) {}
			required init?(coder: NSCoder) {}
		}
		let key = Defaults.Key<Nested?>(uniqueKeyName(), suite: InMemoryStore())
		let problems = collectProblems {
			Defaults[key] = Nested()
		}
		#expect(problems.first?.kind == .unencodableValue)
		#expect(Defaults[key] == nil)
	}

	@Test func theChosenBridgeTypesAreTheDocumentedOnes() {
		#expect(type(of: Level.bridge) == Defaults.CodableBridge<Level>.self)
		#expect(type(of: RawLevel.bridge) == Defaults.RawRepresentableBridge<RawLevel>.self)
		#expect(type(of: Note.bridge) == Defaults.CodableBridge<Note>.self)
		#expect(type(of: ArchivedNote.bridge) == Defaults.NSSecureCodingBridge<ArchivedNote>.self)
		#expect(type(of: Token.bridge) == Defaults.NSSecureCodingBridge<Token>.self)
	}
}
