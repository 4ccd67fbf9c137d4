import Defaults
import Testing

@Suite("Key names")
struct KeyNameTests {
	@Test(arguments: ["quality", "is_unicorn-mode2", "A", "with space"])
	func validNamesAreNotReported(name: String) {
		let problems = collectProblems {
			_ = Defaults.Key<Int>(name, default: 0, suite: InMemoryStore())
		}
		#expect(problems.isEmpty)
	}

	@Test(arguments: [
		("a.b", "contains '.'"),
		("@key", "starts with '@'"),
		("ключ", "not printable ASCII"),
		("", "it is empty"),
		("tab\there", "not printable ASCII"),
	])
	func invalidNamesAreReportedClearly(name: String, reason: String) {
		let problems = collectProblems {
			_ = Defaults.Key<Int>(name, default: 0, suite: InMemoryStore())
		}
		#expect(problems.count == 1)
		#expect(problems.first?.kind == .invalidKeyName)
		#expect(problems.first?.message.contains(reason) == true)
		#expect(problems.first?.message.contains("must be non-empty ASCII") == true)
	}

	@Test func aKeyWithAnInvalidNameStillWorksWithTheMemoryStore() {
		let store = InMemoryStore()
		let key = collectProblemsReturning { Defaults.Key<Int>("dotted.name", default: 1, suite: store) }
		Defaults[key] = 2
		#expect(Defaults[key] == 2)
		#expect(store.storedValue(forKey: "dotted.name") == 2)
	}

	private func collectProblemsReturning<T>(_ make: () -> T) -> T {
		var made: T?
		_ = collectProblems { made = make() }
		guard let made else { preconditionFailure("the closure always runs") }
		return made
	}
}
