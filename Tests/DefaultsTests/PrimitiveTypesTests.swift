import Defaults
import Foundation
import Testing

@Suite("Numbers, Booleans and strings")
struct PrimitiveTypesTests {
	@Test(arguments: StoreKind.allCases)
	func integersRoundTripAtTheirLimits(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(Int.max, default: 0, in: store) == .integer(Int64.max))
		#expect(expectRoundTrip(Int.min, default: 0, in: store) == .integer(Int64.min))
		expectRoundTrip(Int8.min, default: 1, in: store)
		expectRoundTrip(Int16.max, default: 1, in: store)
		expectRoundTrip(Int32.min, default: 1, in: store)
		expectRoundTrip(Int64.max, default: 1, in: store)
		expectRoundTrip(UInt.max, default: 1, in: store)
		expectRoundTrip(UInt8.max, default: 1, in: store)
		expectRoundTrip(UInt16.max, default: 1, in: store)
		expectRoundTrip(UInt32.max, default: 1, in: store)
		#expect(expectRoundTrip(UInt64.max, default: 1, in: store) == .unsignedInteger(UInt64.max))
	}

	@Test(arguments: StoreKind.allCases)
	func floatingPointNumbersRoundTripExactly(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(0.1, default: 0.8, in: store) == .double(0.1))
		expectRoundTrip(-1e-300, default: 0.8, in: store)
		expectRoundTrip(Double.greatestFiniteMagnitude, default: 0, in: store)
		#expect(expectRoundTrip(Float(0.1), default: 1, in: store) == .double(0.1), "a Float is stored in its own shortest form")
		expectRoundTrip(Float.leastNonzeroMagnitude, default: 1, in: store)
		expectRoundTrip(CGFloat(2.5), default: 1, in: store)
	}

	@Test(arguments: StoreKind.allCases)
	func nonFiniteNumbersAreStoredAsStrings(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(Double.infinity, default: 0, in: store) == .string("Infinity"))
		#expect(expectRoundTrip(-Float.infinity, default: 0, in: store) == .string("-Infinity"))
		let key = Defaults.Key<Double>(uniqueKeyName(), default: 0, suite: store)
		Defaults[key] = .nan
		#expect(Defaults[key].isNaN)
		#expect(store.storedValue(forKey: key.name) == .string("NaN"))
	}

	@Test(arguments: StoreKind.allCases)
	func booleansAndStringsRoundTrip(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(true, default: false, in: store) == .bool(true))
		#expect(expectRoundTrip(false, default: true, in: store) == .bool(false))
		#expect(expectRoundTrip("🦄 ünïcode \"quoted\"\n", default: "", in: store) == .string("🦄 ünïcode \"quoted\"\n"))
		expectRoundTrip("", default: "default", in: store)
	}

	@Test func compoundAssignmentReadsAndWrites() {
		let key = Defaults.Key<Double>(uniqueKeyName(), default: 0.5, suite: InMemoryStore())
		Defaults[key] += 0.25
		Defaults[key] += 0.25
		#expect(Defaults[key] == 1.0)
	}

	@Test func integersAreCheckedAgainstTheirTypeWhenRead() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue(300, forKey: name)
		let problems = collectProblems {
			#expect(Defaults[Defaults.Key<UInt8>(name, default: 7, suite: store)] == 7, "300 does not fit a UInt8")
			#expect(Defaults[Defaults.Key<Int>(name, default: 7, suite: store)] == 300)
			#expect(Defaults[Defaults.Key<Double>(name, default: 7, suite: store)] == 300, "an integer reads as a Double")
		}
		#expect(problems.map(\.kind) == [.undecodableValue])
		#expect(store.storedValue(forKey: name) == 300, "reading never changes what is stored")
	}

	@Test func aWholeNumberWrittenAsDecimalReadsAsAnInteger() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue(.double(3.0), forKey: name)
		#expect(Defaults[Defaults.Key<Int>(name, default: 0, suite: store)] == 3)
	}

	@Test func booleansAlsoReadFromZeroAndOne() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue(1, forKey: name)
		#expect(Defaults[Defaults.Key<Bool>(name, default: false, suite: store)] == true)
	}
}
