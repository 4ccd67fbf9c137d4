import Defaults
import Foundation
import Testing

private enum Duration: String, Defaults.Serializable, CaseIterable {
	case tenMinutes = "10 Minutes"
	case halfHour = "30 Minutes"
	case oneHour = "1 Hour"
}

private enum Priority: Int, Defaults.Serializable {
	case low = 1
	case high = 10
}

private struct Flags: OptionSet, Defaults.Serializable {
	let rawValue: Int
	static let bold = Flags(rawValue: 1)
	static let italic = Flags(rawValue: 2)
}

@Suite("RawRepresentable values")
struct RawRepresentableTests {
	@Test(arguments: StoreKind.allCases)
	func enumsAreStoredAsTheirRawValue(store kind: StoreKind) {
		let store = kind.makeStore()
		#expect(expectRoundTrip(Duration.halfHour, default: .oneHour, in: store) == "30 Minutes")
		#expect(expectRoundTrip(Priority.high, default: .low, in: store) == 10)
		#expect(expectRoundTrip([Duration.tenMinutes, .oneHour], default: [], in: store) == ["10 Minutes", "1 Hour"])
		#expect(expectRoundTrip(Flags([.bold, .italic]), default: [], in: store) == 3)
	}

	@Test func anUnknownRawValueReadsAsTheDefault() {
		let store = InMemoryStore()
		let name = uniqueKeyName()
		store.setStoredValue("2 Hours", forKey: name)
		let problems = collectProblems {
			#expect(Defaults[Defaults.Key<Duration>(name, default: .oneHour, suite: store)] == .oneHour)
		}
		#expect(problems.count == 1)
		#expect(problems.first?.message.contains("2 Hours") == true)
	}
}
