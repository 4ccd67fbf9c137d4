@testable import Defaults
import Foundation
import Observation
import Testing

// The key-value-storage seed's types and groups.
enum Fruit: Int, KeyValueStorageValue {
	case apple
	case banana
	case orange
}

struct Person: KeyValueStorageValue, Equatable {
	typealias StoredRawValue = [String: any Sendable]

	var name: String
	var age: Int

	func serialize() -> StoredRawValue {
		["name": name, "age": age]
	}

	static func deserialize(from dictionary: StoredRawValue) -> Person? {
		guard let name = dictionary["name"] as? String, let age = dictionary["age"] as? Int else { return nil }
		return Person(name: name, age: age)
	}
}

struct Account: Codable, Equatable {
	var name: String
	var email: String
}

struct AppKeys: KeyGroup {
	let launchCount = KeyDefinition(key: "launchCount", defaultValue: 0)
	let lastLaunchDate = KeyDefinition<Date?>(key: "lastLaunchDate")
	let fruit = KeyDefinition<Fruit>(key: "fruit", defaultValue: .apple)
	let person = KeyDefinition<Person?>(key: "person")
	let account = JSONKeyDefinition<Account?>(key: "account")
	let tags = KeyDefinition<[String]>(key: "tags", defaultValue: [])
	let debug = DebugKeys()
}

struct DebugKeys: KeyGroup {
	let showConsole = KeyDefinition<Bool>(key: "showConsole", defaultValue: false)
	let logging = LoggingKeys()
}

struct LoggingKeys: KeyGroup {
	let level = KeyDefinition(key: "logLevel", defaultValue: "info")
}

@Suite("Key groups and KeyValueStorage", .timeLimit(.minutes(1)))
struct KeyGroupTests {
	@Test(arguments: StoreKind.allCases)
	func readAndWriteThroughDynamicMembers(store kind: StoreKind) {
		let storage = KeyValueStorage<AppKeys>(backend: kind.makeStore())
		#expect(storage.launchCount == 0)
		storage.launchCount = storage.launchCount + 1
		storage.launchCount += 1
		#expect(storage.launchCount == 2)
		#expect(storage.lastLaunchDate == nil)
		let now = Date()
		storage.lastLaunchDate = now
		#expect(storage.lastLaunchDate == now)
		storage.lastLaunchDate = nil
		#expect(storage.backend.storedValue(forKey: "lastLaunchDate") == nil, "nil removes the value")
	}

	@Test(arguments: StoreKind.allCases)
	func customTypes(store kind: StoreKind) {
		let storage = KeyValueStorage<AppKeys>(backend: kind.makeStore())
		storage.fruit = .orange
		#expect(storage.backend.storedValue(forKey: "fruit") == 2, "a raw value")
		#expect(storage.fruit == .orange)
		storage.person = Person(name: "Ada", age: 36)
		#expect(storage.backend.storedValue(forKey: "person") == ["name": "Ada", "age": 36])
		#expect(storage.person == Person(name: "Ada", age: 36))
		storage.account = Account(name: "ada", email: "ada@example.com")
		#expect(storage.backend.storedValue(forKey: "account") == ["name": "ada", "email": "ada@example.com"], "JSON, as an object")
		#expect(KeyValueStorage<AppKeys>(backend: storage.backend).account?.email == "ada@example.com")
		storage.tags = ["a", "b"]
		#expect(storage.tags == ["a", "b"])
	}

	@Test func nestedGroupsTwoLevelsDeep() {
		let backend = InMemoryStorage()
		let storage = KeyValueStorage<AppKeys>(backend: backend)
		#expect(storage.debug.showConsole == false)
		storage.debug.showConsole = true
		storage.debug.logging.level = "debug"
		#expect(backend.storedValues() == ["showConsole": true, "logLevel": "debug"], "all keys of the group in the same store")
		#expect(KeyValueStorage<DebugKeys>(backend: backend).logging.level == "debug")
	}

	@Test func aBadStoredValueReadsAsTheDefault() {
		let backend = InMemoryStorage(["fruit": 99, "person": ["name": "no age"]])
		let storage = KeyValueStorage<AppKeys>(backend: backend)
		let problems = collectProblems {
			#expect(storage.fruit == .apple)
			#expect(storage.person == nil)
		}
		#expect(problems.count == 2)
		#expect(backend.storedValue(forKey: "fruit") == 99)
	}

	@Test func resetAKey() {
		let storage = KeyValueStorage<AppKeys>(backend: InMemoryStorage())
		storage.launchCount = 5
		storage.reset(key: \.launchCount)
		#expect(storage.launchCount == 0)
	}

	@Test func streamYieldsTheCurrentValueThenChanges() async {
		let storage = KeyValueStorage<AppKeys>(backend: InMemoryStorage())
		var iterator = storage.stream(key: \.launchCount).makeAsyncIterator()
		#expect(await iterator.next() == 0)
		storage.launchCount = 1
		#expect(await iterator.next() == 1)
		// A change made with a Defaults.Key of the same name in the same store is seen too.
		Defaults[Defaults.Key<Int>("launchCount", default: 0, suite: storage.backend)] = 7
		#expect(await iterator.next() == 7)
	}

	@Test func observationTrackingSeesChangesToTheKeysRead() {
		let backend = InMemoryStorage()
		let storage = KeyValueStorage<AppKeys>(backend: backend)
		let fired = Recorder<String>()
		withObservationTracking {
			_ = storage.launchCount
		} onChange: {
			fired.record("launchCount")
		}
		storage.fruit = .banana
		#expect(fired.all.isEmpty, "a key that was not read does not fire")
		// Another storage on the same backend makes the change.
		KeyValueStorage<AppKeys>(backend: backend).launchCount = 3
		#expect(fired.all == ["launchCount"])
	}

	@Test func observationTrackingSeesNestedGroups() {
		let storage = KeyValueStorage<AppKeys>(backend: InMemoryStorage())
		let fired = Recorder<Int>()
		withObservationTracking {
			_ = storage.debug.logging.level
		} onChange: {
			fired.record(1)
		}
		storage.debug.logging.level = "trace"
		#expect(fired.all == [1])
	}

	@Test func aGroupListsItsKeys() throws {
		let descriptors = AppKeys.descriptors
		#expect(descriptors.map(\.key) == ["launchCount", "lastLaunchDate", "fruit", "person", "account", "tags", "showConsole", "logLevel"])
		#expect(descriptors.map(\.path).suffix(2) == ["debug.showConsole", "debug.logging.level"])
		let launchCount = try #require(descriptors.first)
		#expect(launchCount.typeName == "Int")
		#expect(launchCount.defaultValue == 0)
		#expect(launchCount.accepts(5))
		#expect(!launchCount.accepts("five"))
		let lastLaunch = try #require(descriptors.first { $0.key == "lastLaunchDate" })
		#expect(lastLaunch.defaultValue == nil)
		#expect(lastLaunch.accepts("2026-11-22T05:07:44Z"))
		let fruit = try #require(descriptors.first { $0.key == "fruit" })
		#expect(fruit.defaultValue == 0)
		#expect(!fruit.accepts(99))
	}
}
