import Defaults
import Foundation
import Testing

final class Token: NSObject, NSSecureCoding, Defaults.Serializable {
	static var supportsSecureCoding: Bool { true }
	let value: String

	init(_ value: String) {
		self.value = value
	}

	func encode(with coder: NSCoder) {
		coder.encode(value as NSString, forKey: "value")
	}

	required init?(coder: NSCoder) {
		guard let value = coder.decodeObject(of: NSString.self, forKey: "value") else { return nil }
		self.value = value as String
	}

	override func isEqual(_ object: Any?) -> Bool {
		(object as? Token)?.value == value
	}

	override var hash: Int { value.hashValue }
}

@Suite("NSSecureCoding values")
struct NSSecureCodingTests {
	@Test(arguments: StoreKind.allCases)
	func anObjectIsStoredAsABase64KeyedArchive(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let stored = try #require(expectRoundTrip(Token("secret"), default: Token(""), in: store))
		let data = try #require(stored.stringValue.flatMap { Data(base64Encoded: $0) })
		let unarchived = try NSKeyedUnarchiver.unarchivedObject(ofClass: Token.self, from: data)
		#expect(unarchived?.value == "secret")
	}

	@Test func objectsInsideCollections() {
		expectRoundTrip([Token("a"), Token("b")], default: [], in: InMemoryStore())
	}

	@Test func aDamagedArchiveReadsAsTheDefault() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue(.string(Data("not an archive".utf8).base64EncodedString()), forKey: name)
		let problems = collectProblems {
			#expect(Defaults[Defaults.Key<Token>(name, default: Token("fallback"), suite: store)].value == "fallback")
		}
		#expect(problems.count == 1)
	}
}
