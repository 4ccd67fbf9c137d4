import Defaults
import Foundation
import Testing

enum MimeType: String, Defaults.Serializable {
	case json = "application/json"
	case stream = "application/octet-stream"
}

@Suite("AnySerializable")
struct AnySerializableTests {
	@Test(arguments: StoreKind.allCases)
	func literalsCanBeAssignedDirectly(store kind: StoreKind) {
		let store = kind.makeStore()
		let key = Defaults.Key<Defaults.AnySerializable>(uniqueKeyName(), default: 1, suite: store)
		#expect(Defaults[key] == 1)
		Defaults[key] = "🦄"
		#expect(Defaults[key].get() == "🦄")
		Defaults[key] = 1.5
		#expect(Defaults[key].get(Double.self) == 1.5)
		Defaults[key] = true
		#expect(Defaults[key].get(Bool.self) == true)
		Defaults[key] = [1, "two"]
		#expect(store.storedValue(forKey: key.name) == [1, "two"])
		Defaults[key] = ["a": [1]]
		#expect(Defaults[key].get([String: [Int]].self) == ["a": [1]])
	}

	@Test func otherTypesUseGetAndSet() {
		let key = Defaults.Key<Defaults.AnySerializable>(uniqueKeyName(), default: Defaults.AnySerializable(MimeType.json), suite: InMemoryStore())
		let initial: MimeType? = Defaults[key].get()
		#expect(initial == .json)
		Defaults[key].set(MimeType.stream)
		let updated: MimeType? = Defaults[key].get()
		#expect(updated == .stream)
		#expect(Defaults[key].get(Int.self) == nil, "a value of another type is nil")
	}

	@Test(arguments: StoreKind.allCases)
	func insideADictionary(store kind: StoreKind) {
		let magic = Defaults.Key<[String: Defaults.AnySerializable]>(uniqueKeyName(), default: [:], suite: kind.makeStore())
		Defaults[magic]["unicorn"] = "🦄"
		Defaults[magic]["number"] = 3
		Defaults[magic]["boolean"] = true
		Defaults[magic]["enum"] = Defaults.AnySerializable(MimeType.json)
		let unicorn: String? = Defaults[magic]["unicorn"]?.get()
		let mime: MimeType? = Defaults[magic]["enum"]?.get()
		#expect(unicorn == "🦄")
		#expect(Defaults[magic]["number"]?.get(Int.self) == 3)
		#expect(Defaults[magic]["boolean"]?.get(Bool.self) == true)
		#expect(mime == .json)
	}

	@Test func insideAnArrayAndASet() {
		let store = InMemoryStore()
		expectRoundTrip([Defaults.AnySerializable(1), "a", nil], default: [], in: store)
		expectRoundTrip(Set<Defaults.AnySerializable>([1, "a"]), default: [], in: store)
	}
}
