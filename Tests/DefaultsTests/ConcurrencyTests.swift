import Defaults
import Foundation
import Testing

@Suite("Concurrent use")
struct ConcurrencyTests {
	private struct Point: Codable, Equatable, Defaults.Serializable {
		var x: Int
		var y: Int
	}

	@Test(arguments: StoreKind.allCases)
	func manyTasksReadAndWriteWithoutLosingOrTearingValues(store kind: StoreKind) async {
		let store = kind.makeStore()
		let counterKeys = (0..<8).map { Defaults.Key<Int>(uniqueKeyName("counter\($0)"), default: 0, suite: store) }
		let shared = Defaults.Key<Point>(uniqueKeyName("point"), default: Point(x: 0, y: 0), suite: store)
		let iterations = 500

		await withTaskGroup(of: Void.self) { group in
			for (index, key) in counterKeys.enumerated() {
				// Each writer owns one key; readers of the shared key check it is never torn.
				group.addTask {
					for value in 1...iterations {
						Defaults[key] = value
						#expect(Defaults[key] == value, "a task reads its own last write")
						Defaults[shared] = Point(x: index * iterations + value, y: -(index * iterations + value))
					}
				}
				group.addTask {
					for _ in 0..<iterations {
						let point = Defaults[shared]
						#expect(point.x == -point.y, "a value is never seen half-written")
					}
				}
			}
		}

		for key in counterKeys {
			#expect(Defaults[key] == iterations)
		}
	}

	/// Foundation on Linux can lose a fresh write to one suite while another suite is
	/// enumerated; writes made through Defaults must not be lost that way.
	@Test func clearingOneUserDefaultsSuiteNeverLosesWritesToAnother() async {
		let written = TestEnvironment.makeUserDefaults()
		let cleared = TestEnvironment.makeUserDefaults()
		let keys = (0..<4).map { Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: written) }
		await withTaskGroup(of: Void.self) { group in
			group.addTask {
				for _ in 0..<200 {
					Defaults.removeAll(suite: cleared)
				}
			}
			for key in keys {
				group.addTask {
					for value in 1...300 {
						Defaults[key] = value
						#expect(Defaults[key] == value)
					}
				}
			}
		}
	}

	@Test func keysAreSendableAcrossTasks() async {
		let key = Defaults.Key<[String]>(uniqueKeyName(), default: [], suite: InMemoryStore())
		let task = Task.detached {
			Defaults[key] = ["from", "another", "task"]
		}
		await task.value
		#expect(Defaults[key] == ["from", "another", "task"])
	}
}
