import Defaults
import Foundation
import Synchronization
import Testing
import TestEnvironment

/// Stores that live only in the test process's private configuration directory.
enum Isolated {
	/// A UserDefaults suite of its own, kept under the private directory, never in the real home.
	static func userDefaults() -> UserDefaults {
		_ = isolatedConfigDirectory
		let name = "defaults-tests-\(UUID().uuidString)"
		guard let suite = UserDefaults(suiteName: name) else {
			Issue.record("could not create the UserDefaults suite \(name)")
			return UserDefaults.standard
		}
		return suite
	}
}

/// The stores every type must round-trip through.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
	case inMemory
	case userDefaults

	var testDescription: String { rawValue }

	func makeStore() -> any DefaultsStore {
		switch self {
		case .inMemory: InMemoryStore()
		case .userDefaults: Isolated.userDefaults()
		}
	}
}

/// A key name no other test uses.
func uniqueKeyName(_ prefix: String = "key") -> String {
	"\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
}

/// Sets `value`, then reads it back through the same key and through a new key
/// of the same name (which has to decode the stored form, not use a cache).
/// Returns the stored form.
@discardableResult
func expectRoundTrip<Value: Defaults.Serializable & Equatable>(
	_ value: Value,
	default defaultValue: Value,
	in store: any DefaultsStore,
	sourceLocation: SourceLocation = #_sourceLocation
) -> Defaults.JSONValue? {
	let key = Defaults.Key<Value>(uniqueKeyName(), default: defaultValue, suite: store)
	#expect(Defaults[key] == defaultValue, "a new key reads its default", sourceLocation: sourceLocation)
	Defaults[key] = value
	#expect(Defaults[key] == value, "the key reads what was set", sourceLocation: sourceLocation)
	let fresh = Defaults.Key<Value>(key.name, default: defaultValue, suite: store)
	#expect(Defaults[fresh] == value, "a new key decodes the stored value", sourceLocation: sourceLocation)
	#expect(store[fresh] == value, "the store subscript reads it too", sourceLocation: sourceLocation)
	return store.storedValue(forKey: key.name)
}

/// Collects the problems reported while `operation` runs in this task.
func collectProblems(_ operation: () throws -> Void) rethrows -> [Defaults.Problem] {
	let problems = Mutex<[Defaults.Problem]>([])
	try Defaults.withProblemHandler({ problem in problems.withLock { $0.append(problem) } }, operation: operation)
	return problems.withLock { $0 }
}
