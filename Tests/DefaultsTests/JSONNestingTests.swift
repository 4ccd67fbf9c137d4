import Defaults
import Foundation
import Testing

/// A value exactly `levels` levels deep: a number inside arrays and objects in turn.
func nestedValue(levels: Int) -> Defaults.JSONValue {
	var value: Defaults.JSONValue = 1
	for level in 1..<max(levels, 1) {
		value = level.isMultiple(of: 2) ? ["k": value] : [value]
	}
	return value
}

@Suite("The stored form: how deeply values nest")
struct JSONNestingTests {
	private let limit = Defaults.JSONValue.maximumNestingDepth

	@Test func scalarsAndEmptyContainersAreOneLevelDeep() {
		for value: Defaults.JSONValue in [nil, true, 1, 1.5, "text", [], [:]] {
			#expect(!value.nestsDeeper(than: 1))
			#expect(value.nestsDeeper(than: 0))
			#expect(!value.nestsTooDeeplyToStore)
		}
	}

	@Test func countsTheDeepestPartOfArraysAndObjects() {
		let value: Defaults.JSONValue = ["flat": 1, "deep": [1, ["a": [[]]]], "list": [1, 2]]
		// object → array → object → array → array: five levels.
		#expect(!value.nestsDeeper(than: 5))
		#expect(value.nestsDeeper(than: 4))
		#expect(nestedValue(levels: 7).nestsDeeper(than: 6))
		#expect(!nestedValue(levels: 7).nestsDeeper(than: 7))
	}

	@Test func theParserReadsExactlyTheMaximumDepth() throws {
		let deepest = nestedValue(levels: limit)
		#expect(try Defaults.JSONValue(parsing: deepest.jsonString()) == deepest)
		#expect(throws: Defaults.JSONParseError.self) {
			try Defaults.JSONValue(parsing: nestedValue(levels: limit + 1).jsonString())
		}
	}

	@Test func aStoredValueMayNestOneLevelLessThanTheMaximum() {
		#expect(!nestedValue(levels: limit - 1).nestsTooDeeplyToStore)
		#expect(nestedValue(levels: limit).nestsTooDeeplyToStore)
	}

	@Test func checkedWritingRefusesWhatTheParserWouldRefuse() throws {
		let deepest = nestedValue(levels: limit)
		let text = try deepest.checkedJSONBytes(pretty: true)
		#expect(text == deepest.jsonBytes(pretty: true))
		#expect(try Defaults.JSONValue(parsing: text) == deepest)

		for tooDeep in [nestedValue(levels: limit + 1), ["top": nestedValue(levels: limit)]] {
			#expect(throws: Defaults.JSONWriteError.self) { try tooDeep.checkedJSONBytes() }
			#expect(throws: Defaults.JSONParseError.self) { try Defaults.JSONValue(parsing: tooDeep.jsonBytes()) }
		}
	}

	@Test func aValueFarDeeperThanTheLimitIsCheckedWithoutRecursion() {
		let value = nestedValue(levels: 3000)
		#expect(value.nestsTooDeeplyToStore)
		#expect(!value.nestsDeeper(than: 3000))
	}

	@Test func theInMemoryStoreRefusesATooDeepValueAndKeepsThePreviousOne() {
		let store = InMemoryStore()
		let key = Defaults.Key<Defaults.JSONValue>(uniqueKeyName(), default: nil, suite: store)
		Defaults[key] = "previous"
		let problems = collectProblems { Defaults[key] = nestedValue(levels: limit) }
		#expect(problems.map(\.kind) == [.unsupportedValue])
		#expect(problems.first?.key == key.name)
		#expect(problems.first?.message.contains("\(limit - 1) levels") == true)
		#expect(Defaults[key] == "previous", "the key does not remember the refused value")
		#expect(store.storedValue(forKey: key.name) == "previous")

		let deepest = nestedValue(levels: limit - 1)
		#expect(collectProblems { Defaults[key] = deepest }.isEmpty)
		#expect(store.storedValue(forKey: key.name) == deepest)
	}

	@Test func userDefaultsRefusesATooDeepValueAndKeepsThePreviousOne() {
		let suite = Isolated.userDefaults()
		let name = uniqueKeyName()
		suite.setStoredValue("previous", forKey: name)
		let problems = collectProblems { suite.setStoredValue(nestedValue(levels: limit), forKey: name) }
		#expect(problems.map(\.kind) == [.unsupportedValue])
		#expect(problems.first?.key == name)
		#expect(suite.storedValue(forKey: name) == "previous")
	}
}
