import Foundation

/*
The same work through Foundation's `UserDefaults`, for the UserDefaults column of the rows that
defaults-bench times: each in a suite of its own, under the HOME and XDG_CONFIG_HOME that this
program moves into before it runs any of them (see `Scenarios.needsPrivateHome`).
*/

/// A suite of this run, named after the scenario.
private func makeSuite(_ name: String) throws -> UserDefaults {
	guard let suite = UserDefaults(suiteName: "defaults-counts-\(name)") else {
		throw ScenarioError("UserDefaults refused the suite name defaults-counts-\(name)")
	}
	return suite
}

/// `integer(forKey:)` of a suite that holds the value.
final class UserDefaultsReadIntScenario: Scenario {
	private let suite: UserDefaults

	init() throws {
		suite = try makeSuite("read-int")
		suite.set(7, forKey: "volume")
	}

	@inline(never)
	private func readOnce() -> Int { suite.integer(forKey: "volume") }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce() }
		Sink.keep(total)
	}
}

/// `data(forKey:)` decoded with `JSONDecoder`: a `Codable` struct kept in a suite, as apps keep one.
final class UserDefaultsReadCodableScenario: Scenario {
	private let suite: UserDefaults
	private let decoder = JSONDecoder()

	init() throws {
		suite = try makeSuite("read-codable")
		suite.set(try JSONEncoder().encode(WindowFrame(width: 1024, height: 768, title: "Journal")), forKey: "frame")
		guard readOnce() == 1024 else { throw ScenarioError("UserDefaults did not give back the frame it was given") }
	}

	@inline(never)
	private func readOnce() -> Int {
		suite.data(forKey: "frame").flatMap { try? decoder.decode(WindowFrame.self, from: $0) }?.width ?? 0
	}

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce() }
		Sink.keep(total)
	}
}

/// `set(_:forKey:)` of an `Int`, and with `read`, `integer(forKey:)` after it, in a suite that
/// holds `count` other keys.
final class UserDefaultsWriteScenario: Scenario {
	private let suite: UserDefaults
	private let read: Bool
	private var next = 0

	init(count: Int, read: Bool) throws {
		suite = try makeSuite(read ? "write-read-\(count)" : "write-int")
		self.read = read
		if count > 0, suite.object(forKey: "filler\(count - 1)") == nil {
			for index in 0..<count { suite.set(index, forKey: "filler\(index)") }
		}
	}

	@inline(never)
	private func writeOnce(_ value: Int) { suite.set(value, forKey: "counter") }

	@inline(never)
	private func readOnce() -> Int { suite.integer(forKey: "counter") }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times {
			next &+= 1
			writeOnce(next)
			if read { total &+= readOnce() }
		}
		Sink.keep(total)
	}

	func finish() { suite.synchronize() }
}

/// `writes` calls of `set(_:forKey:)` on one key, then `synchronize()`.
final class UserDefaultsBurstScenario: Scenario {
	private let suite: UserDefaults
	private let writes: Int
	private var next = 0

	init(writes: Int) throws {
		suite = try makeSuite("burst")
		self.writes = writes
	}

	@inline(never)
	private func writeOnce(_ value: Int) { suite.set(value, forKey: "counter") }

	func run(_ times: Int) throws {
		for _ in 0..<times {
			for _ in 0..<writes {
				next &+= 1
				writeOnce(next)
			}
			guard suite.synchronize() else { throw ScenarioError("UserDefaults.synchronize() failed") }
		}
	}
}
