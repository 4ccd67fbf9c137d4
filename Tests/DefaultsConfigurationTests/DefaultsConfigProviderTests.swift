import ChildProcess
import Configuration
import Defaults
import DefaultsConfiguration
import Foundation
import Testing
import TestEnvironment

/// The provider through swift-configuration's `ConfigReader`, as a server would use it.
@Suite("swift-configuration provider", .timeLimit(.minutes(1)))
struct DefaultsConfigProviderTests {
	private static func fileStore(_ text: String? = nil) throws -> FileStore {
		let directory = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
			.appendingPathComponent("configuration-\(UUID().uuidString)", isDirectory: true)
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let url = directory.appendingPathComponent("settings.json")
		if let text { try Data(text.utf8).write(to: url) }
		return FileStore(url: url)
	}

	@Test func typedReadsOfStoredValues() throws {
		let store = InMemoryStore()
		store.setStoredValue(8443, forKey: "port")
		store.setStoredValue("db.internal", forKey: "database.host")
		store.setStoredValue(["timeout": 2.5, "retries": 3], forKey: "http")
		store.setStoredValue(true, forKey: "verbose")
		store.setStoredValue(["a", "b"], forKey: "hosts")
		store.setStoredValue(.string(Data([1, 2, 3]).base64EncodedString()), forKey: "salt")
		let config = ConfigReader(provider: DefaultsConfigProvider(store: store))

		#expect(config.int(forKey: "port") == 8443)
		#expect(config.double(forKey: "port") == 8443)
		#expect(config.string(forKey: "database.host") == "db.internal", "a stored key with dots in its name")
		#expect(config.double(forKey: "http.timeout") == 2.5, "a member of a stored object")
		#expect(config.int(forKey: "http.retries") == 3)
		#expect(config.bool(forKey: "verbose") == true)
		#expect(config.stringArray(forKey: "hosts") == ["a", "b"])
		#expect(config.bytes(forKey: "salt") == [1, 2, 3], "Data is stored as base64 text")
		#expect(config.int(forKey: "missing", default: 7) == 7, "no value: the reader's default")
		#expect(config.int(forKey: "http.missing") == nil)
	}

	@Test func aValueOfAnotherTypeIsAnErrorNotAGuess() throws {
		let store = InMemoryStore()
		store.setStoredValue("eighty", forKey: "port")
		let config = ConfigReader(provider: DefaultsConfigProvider(store: store))
		#expect(config.int(forKey: "port", default: 80) == 80)
		#expect(throws: (any Error).self) { try config.requiredInt(forKey: "port") }
		#expect(config.string(forKey: "port") == "eighty")
	}

	@Test func secretKeysAreMarkedSecret() throws {
		let store = InMemoryStore()
		store.setStoredValue("hunter2", forKey: "apiToken")
		let provider = DefaultsConfigProvider(store: store, secretKeys: ["apiToken"])
		let result = try provider.value(forKey: AbsoluteConfigKey(["apiToken"]), type: .string)
		#expect(result.value?.isSecret == true)
		#expect(result.value?.content == .string("hunter2"))
		#expect(try provider.value(forKey: AbsoluteConfigKey(["other"]), type: .string).value == nil)
	}

	@Test func aWatchSeesWritesInThisProcess() async throws {
		let store = try Self.fileStore(#"{"logLevel": 1}"#)
		let config = ConfigReader(provider: DefaultsConfigProvider(store: store))
		let seen = try await config.watchInt(forKey: "logLevel", default: 0) { updates in
			var seen: [Int] = []
			for await level in updates {
				seen.append(level)
				if level == 1 { store.setStoredValue(3, forKey: "logLevel") }
				if level == 3 { store.removeStoredValue(forKey: "logLevel") }
				if seen.count == 3 { break }
			}
			return seen
		}
		#expect(seen == [1, 3, 0], "the value, a change, and a removal (the default again)")
	}

	@Test func aWatchSeesDefaultsTuiSetFromAnotherProcess() async throws {
		let store = try Self.fileStore(#"{"fontSize": 14, "theme": "light"}"#)
		let config = ConfigReader(provider: DefaultsConfigProvider(store: store))
		let executable = ChildProcess.builtProduct("defaults-tui")
		let seen = try await config.watchInt(forKey: "fontSize", default: 0) { updates in
			var seen: [Int] = []
			for await size in updates {
				seen.append(size)
				if seen.count == 1 {
					let set = try ChildProcess.run(executable.path, ["set", "fontSize", "18", "--store", store.url.path])
					#expect(set.status == 0)
				}
				if size == 18 { break }
			}
			return seen
		}
		#expect(seen == [14, 18])
	}

	@Test func aSnapshotWatchFollowsTheStore() async throws {
		let store = InMemoryStore()
		store.setStoredValue("a", forKey: "mode")
		let provider = DefaultsConfigProvider(store: store)
		let modes = try await provider.watchSnapshot { updates in
			var modes: [String?] = []
			for await snapshot in updates {
				let mode = try? snapshot.value(forKey: AbsoluteConfigKey(["mode"]), type: .string).value?.content
				modes.append(mode.flatMap { if case .string(let text) = $0 { text } else { nil } })
				if modes.count == 1 { store.setStoredValue("b", forKey: "mode") }
				if modes.count == 2 { break }
			}
			return modes
		}
		#expect(modes == ["a", "b"])
	}
}
