@testable import Defaults
import Foundation
import Testing

/// Numbers, Booleans and strings in a `UserDefaults` suite: stored natively, as the original stores them.
@Suite("Suite forms: primitive types")
struct PrimitiveSuiteFormTests {
	@Test func bool() {
		expectSuiteForms(true, default: false, original: true)
	}

	@Test func signedIntegers() {
		expectSuiteForms(42, default: 0, original: 42)
		expectSuiteForms(Int8(-5), default: 0, original: -5)
		expectSuiteForms(Int16(-300), default: 0, original: -300)
		expectSuiteForms(Int32(70_000), default: 0, original: 70_000)
		expectSuiteForms(Int64.min, default: 0, original: Int(Int64.min))
	}

	@Test func unsignedIntegers() {
		expectSuiteForms(UInt(7), default: 0, original: 7)
		expectSuiteForms(UInt8(200), default: 0, original: 200)
		expectSuiteForms(UInt16(60_000), default: 0, original: 60_000)
		expectSuiteForms(UInt32.max, default: 0, original: Int(UInt32.max))
		expectSuiteForms(UInt64.max, default: 0, original: UInt64.max)
	}

	@Test func doublesIncludingInfinity() {
		expectSuiteForms(0.1, default: 0, original: 0.1)
		// The JSON form cannot hold infinity; the suite holds it natively, as the original does.
		expectSuiteForms(Double.infinity, default: 0, original: Double.infinity, earlier: "Infinity")
		expectSuiteForms(-Double.infinity, default: 0, original: -Double.infinity, earlier: "-Infinity")
	}

	@Test func floatIsAFloatNumber() {
		expectSuiteForms(Float(0.1), default: 0, original: NSNumber(value: Float(0.1)), earlier: 0.1)
	}

	@Test func cgFloatIsADouble() {
		expectSuiteForms(CGFloat(0.5), default: 0, original: 0.5)
	}

	@Test func string() {
		expectSuiteForms("a/b \"c\"", default: "", original: "a/b \"c\"")
	}

	@Test func aNumberIsNotABoolean() {
		#expect(!propertyListsAreIdentical(1, true))
		#expect(!propertyListsAreIdentical(NSNumber(value: Float(0.5)), 0.5))
		#expect(!propertyListsAreIdentical("1", 1))
	}
}
