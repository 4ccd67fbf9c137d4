import Defaults
import Foundation
import Testing

@Suite("Arrays, sets, dictionaries and ranges")
struct CollectionTests {
	@Test(arguments: StoreKind.allCases)
	func arraysRoundTrip(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(["a", "b"], default: [], in: store) == ["a", "b"])
		expectRoundTrip([Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)], default: [], in: store)
		expectRoundTrip([[1, 2], [], [3]], default: [[0]], in: store)
	}

	@Test(arguments: StoreKind.allCases)
	func setsAreStoredAsSortedArrays(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(Set(["pear", "apple", "fig"]), default: [], in: store) == ["apple", "fig", "pear"])
		#expect(expectRoundTrip(Set([3, 1, 2]), default: [], in: store) == [1, 2, 3])
	}

	@Test(arguments: StoreKind.allCases)
	func dictionariesAreObjects(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(["a": 1, "b": 2], default: [:], in: store) == ["a": 1, "b": 2])
		expectRoundTrip(["when": Date(timeIntervalSince1970: 0)], default: [:], in: store)
	}

	@Test(arguments: StoreKind.allCases)
	func nestedCollectionsRoundTrip(store kind: StoreKind) {
		let store = kind.makeStore()
		let value: [[String: Set<[String: Int]>]] = [["a": [["x": 1], ["y": 2]]], [:]]
		let stored = expectRoundTrip(value, default: [], in: store)
		#expect(stored == [["a": [["x": 1], ["y": 2]]], [:]])
		expectRoundTrip(["deep": [["k": [1.5, 2.5]]]], default: [:], in: store)
	}

	@Test(arguments: StoreKind.allCases)
	func rangesAreTwoElementArrays(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(1..<5, default: 0..<1, in: store) == [1, 5])
		#expect(expectRoundTrip(0.5...2.5, default: 0...1, in: store) == [0.5, 2.5])
		expectRoundTrip(Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 60), default: Date.distantPast...Date.distantFuture, in: store)
	}

	@Test func aRangeWithBoundsOutOfOrderReadsAsTheDefault() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue([5, 1], forKey: name)
		let problems = collectProblems {
			#expect(Defaults[Defaults.Key<ClosedRange<Int>>(name, default: 0...1, suite: store)] == 0...1)
		}
		#expect(problems.count == 1)
	}

	@Test func anArrayWithOneBadElementReadsAsTheDefault() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue([1, "two", 3], forKey: name)
		let problems = collectProblems {
			#expect(Defaults[Defaults.Key<[Int]>(name, default: [9], suite: store)] == [9])
		}
		#expect(problems.first?.kind == .undecodableValue)
		#expect(store.storedValue(forKey: name) == [1, "two", 3])
	}

	@Test func optionalElementsAreNullInTheMemoryStore() {
		let store = InMemoryStore()
		#expect(expectRoundTrip([1, nil, 3] as [Int?], default: [], in: store) == [1, nil, 3])
	}

	@Test func userDefaultsRejectsNullInsideAValueAndKeepsThePreviousOne() {
		let store = Isolated.userDefaults()
		let key = Defaults.Key<[Int?]>(uniqueKeyName(), default: [], suite: store)
		Defaults[key] = [1, 2]
		let problems = collectProblems {
			Defaults[key] = [1, nil]
		}
		#expect(problems.map(\.kind) == [.unsupportedValue])
		#expect(Defaults[key] == [1, 2])
	}
}
