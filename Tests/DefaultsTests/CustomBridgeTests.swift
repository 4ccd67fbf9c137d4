import Defaults
import Foundation
import Testing

// The custom types of the seed documents' "Advanced usage" section.

struct User: Hashable {
	let name: String
	let age: String
}

struct UserBridge: Defaults.Bridge {
	typealias Value = User
	typealias Serializable = [String: String]

	func serialize(_ value: Value?) -> Serializable? {
		guard let value else { return nil }
		return ["name": value.name, "age": value.age]
	}

	func deserialize(_ object: Serializable?) -> Value? {
		guard let object, let name = object["name"], let age = object["age"] else { return nil }
		return User(name: name, age: age)
	}
}

extension User: Defaults.Serializable {
	static let bridge = UserBridge()
}

struct Bag<Element: Defaults.Serializable & Equatable>: Collection, Equatable {
	var items: [Element]
	var startIndex: Int { items.startIndex }
	var endIndex: Int { items.endIndex }
	func index(after index: Int) -> Int { items.index(after: index) }
	subscript(position: Int) -> Element { items[position] }
}

extension Bag: Defaults.CollectionSerializable {
	init(_ elements: [Element]) {
		items = elements
	}
}

struct SetBag<Element: Defaults.Serializable & Hashable>: SetAlgebra {
	var store = Set<Element>()
	init() {}
	init(_ store: Set<Element>) { self.store = store }
	func contains(_ member: Element) -> Bool { store.contains(member) }
	func union(_ other: SetBag) -> SetBag { SetBag(store.union(other.store)) }
	func intersection(_ other: SetBag) -> SetBag { SetBag(store.intersection(other.store)) }
	func symmetricDifference(_ other: SetBag) -> SetBag { SetBag(store.symmetricDifference(other.store)) }
	@discardableResult
	mutating func insert(_ newMember: Element) -> (inserted: Bool, memberAfterInsert: Element) { store.insert(newMember) }
	mutating func remove(_ member: Element) -> Element? { store.remove(member) }
	mutating func update(with newMember: Element) -> Element? { store.update(with: newMember) }
	mutating func formUnion(_ other: SetBag) { store.formUnion(other.store) }
	mutating func formSymmetricDifference(_ other: SetBag) { store.formSymmetricDifference(other.store) }
	mutating func formIntersection(_ other: SetBag) { store.formIntersection(other.store) }
}

extension SetBag: Defaults.SetAlgebraSerializable {
	func toArray() -> [Element] {
		Array(store)
	}
}

@Suite("Custom bridges and collections")
struct CustomBridgeTests {
	@Test(arguments: StoreKind.allCases)
	func aCustomBridgeStoresItsSerializableForm(store kind: StoreKind) {
		let store = kind.makeStore()
		let user = User(name: "Hello", age: "24")
		#expect(expectRoundTrip(user, default: User(name: "", age: ""), in: store) == ["name": "Hello", "age": "24"])
		expectRoundTrip([user], default: [], in: store)
		expectRoundTrip(Set([user]), default: [], in: store)
		expectRoundTrip(["user": user], default: [:], in: store)
	}

	@Test func theSeedsAdvancedExampleReadsAsDocumented() {
		let store = InMemoryStore()
		let user = Defaults.Key<User>("user", default: User(name: "Hello", age: "24"), suite: store)
		let arrayUser = Defaults.Key<[User]>("arrayUser", default: [User(name: "Hello", age: "24")], suite: store)
		let setUser = Defaults.Key<Set<User>>("setUser", default: Set([User(name: "Hello", age: "24")]), suite: store)
		let dictionaryUser = Defaults.Key<[String: User]>("dictionaryUser", default: ["user": User(name: "Hello", age: "24")], suite: store)
		#expect(Defaults[user].name == "Hello")
		#expect(Defaults[arrayUser][0].name == "Hello")
		#expect(Defaults[setUser].first?.name == "Hello")
		#expect(Defaults[dictionaryUser]["user"]?.name == "Hello")
	}

	@Test func aBridgeThatRejectsTheStoredFormGivesTheDefault() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue(["name": "only a name"], forKey: name)
		let problems = collectProblems {
			#expect(Defaults[Defaults.Key<User>(name, default: User(name: "d", age: "0"), suite: store)].name == "d")
		}
		#expect(problems.count == 1)
	}

	@Test(arguments: StoreKind.allCases)
	func collectionSerializableIsAnArray(store kind: StoreKind) {
		let store = kind.makeStore()
		let stored = expectRoundTrip(Bag(["Hello", "World!"]), default: Bag([]), in: store)
		#expect(stored == ["Hello", "World!"])
		let key = Defaults.Key<Bag<String>>(uniqueKeyName(), default: Bag(["Hello", "World!"]), suite: store)
		#expect(Defaults[key][0] == "Hello")
		#expect(Defaults[key][1] == "World!")
	}

	@Test(arguments: StoreKind.allCases)
	func setAlgebraSerializableIsASortedArray(store kind: StoreKind) {
		let store = kind.makeStore()
		let stored = expectRoundTrip(SetBag(["World!", "Hello"]), default: SetBag(), in: store)
		#expect(stored == ["Hello", "World!"])
		let key = Defaults.Key<SetBag<String>>(uniqueKeyName(), default: SetBag(["Hello", "World!"]), suite: store)
		#expect(Defaults[key].contains("Hello"))
		#expect(Defaults[key].contains("World!"))
	}
}
