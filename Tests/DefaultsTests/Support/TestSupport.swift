import ChildProcess
@testable import Defaults
import Foundation
import Testing
import TestEnvironment

/// The test process's private configuration directory, which `XDG_CONFIG_HOME` and `HOME`
/// point at from before the first test (see the TestEnvironment target).
let isolatedConfigDirectory = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()), isDirectory: true)

/// Stores that live only in the test process's private configuration directory.
enum Isolated {
	/// A new file path in a directory of its own, under the private directory.
	static func fileURL(_ name: String = "settings.json") -> URL {
		isolatedConfigDirectory
			.appendingPathComponent("store-\(UUID().uuidString)", isDirectory: true)
			.appendingPathComponent(name, isDirectory: false)
	}

	/// A file store of its own.
	static func fileStore() -> FileStore {
		FileStore(url: fileURL())
	}

	/// A UserDefaults suite of its own, kept under the private directory, never in the real home.
	static func userDefaults() -> UserDefaults {
		_ = isolatedConfigDirectory
		let name = "defaults-tests-\(UUID().uuidString)"
		guard let suite = UserDefaults(suiteName: name) else {
			Issue.record("could not create the UserDefaults suite \(name)")
			return UserDefaults.standard
		}
		suiteNames.withLock { $0[ObjectIdentifier(suite)] = name }
		return suite
	}

	/// The name of each suite made by ``userDefaults()``.
	static let suiteNames = Locked<[ObjectIdentifier: String]>([:])
}

/// The stores every type must round-trip through: the built-in ones, and stores in front of
/// backends (``BackedStore``), one over a suite and one over a plain dictionary.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
	case inMemory
	case userDefaults
	case file
	case userDefaultsBackend
	case dictionaryBackend

	var testDescription: String { rawValue }

	func makeStore() -> any DefaultsStore {
		switch self {
		case .inMemory: InMemoryStore()
		case .userDefaults: Isolated.userDefaults()
		case .file: Isolated.fileStore()
		case .userDefaultsBackend: BackedStore(backend: UserDefaultsBackend(Isolated.userDefaults()))
		case .dictionaryBackend: BackedStore(backend: DictionaryBackend())
		}
	}
}

/// A backend that keeps what it is given in a dictionary, as simply as a backend can.
final class DictionaryBackend: DefaultsStoreBackend, @unchecked Sendable {
	private let kept = Locked<[String: Defaults.JSONValue]>([:])
	private let link = Locked<BackendLink?>(nil)

	func loadValues() -> [String: Defaults.JSONValue] { kept.value }
	func connect(_ link: BackendLink) { self.link.withLock { $0 = link } }
	func changesArePending() {
		guard let link = link.value else { return }
		let batch = link.takeChanges()
		kept.withLock { $0 = batch.applied(to: $0) }
	}

	var keptValues: [String: Defaults.JSONValue] { kept.value }
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
	if let fileStore = store as? FileStore {
		#expect(throws: Never.self, "the file store saves", sourceLocation: sourceLocation) { try fileStore.flush() }
		let reopened = FileStore(url: fileStore.url)
		#expect(reopened[fresh] == value, "the value reads back from the file", sourceLocation: sourceLocation)
		#expect(reopened.storedValue(forKey: key.name) == store.storedValue(forKey: key.name), sourceLocation: sourceLocation)
	}
	return store.storedValue(forKey: key.name)
}

/// Collects the problems reported while `operation` runs in this task.
func collectProblems(_ operation: () throws -> Void) rethrows -> [Defaults.Problem] {
	let problems = Locked<[Defaults.Problem]>([])
	try Defaults.withProblemHandler({ problem in problems.withLock { $0.append(problem) } }, operation: operation)
	return problems.withLock { $0 }
}

/// Runs `defaults-store-helper`, the second process of the multi-process tests.
enum StoreHelper {
	static var executable: URL {
		ChildProcess.builtProduct("defaults-store-helper")
	}

	/// Starts the helper; its standard output is a pipe.
	static func start(_ arguments: [String]) throws -> (process: ChildProcess, output: FileHandle) {
		try ChildProcess.start(executable.path, arguments)
	}

	/// Runs the helper to the end and returns its exit status.
	@discardableResult
	static func run(_ arguments: [String]) throws -> Int32 {
		try ChildProcess.run(executable.path, arguments).status
	}
}

/// The keys a store really holds, whatever defaults it knows: for a file store what its file
/// holds after a save, for `UserDefaults` the suite's own domain (without registered defaults).
func persistedKeys(of store: any DefaultsStore) throws -> Set<String> {
	switch store {
	case let fileStore as FileStore:
		try fileStore.flush()
		return Set(FileStore(url: fileStore.url, access: .readOnly).storedValues().keys)
	case let suite as UserDefaults:
		guard let name = Isolated.suiteNames.withLock({ $0[ObjectIdentifier(suite)] }) else {
			Issue.record("not a suite made by Isolated.userDefaults()")
			return []
		}
		return Set((suite.persistentDomain(forName: name) ?? [:]).keys)
	case let backed as BackedStore<UserDefaultsBackend>:
		return try persistedKeys(of: backed.backend.suite)
	case let backed as BackedStore<DictionaryBackend>:
		return Set(backed.backend.keptValues.keys)
	default:
		return Set(store.storedValues().keys)
	}
}
