import Defaults
import Foundation
import Testing
import TestEnvironment

/// The seeds' examples, checked against the results the seeds document (`//=>` lines).
/// They share the standard store, so they run one at a time (nested suites included).
@Suite("Seed document examples", .serialized)
struct SeedExampleTests {
	init() {
		#expect(String(cString: defaults_tests_config_directory()).hasPrefix("/"), "the home directory is redirected")
		Defaults.removeAll()
		Defaults.removeAll(suite: extensionDefaults)
	}

	@Test func usage() {
		#expect(Defaults[.quality] == 0.8)
		Defaults[.quality] = 0.5
		#expect(Defaults[.quality] == 0.5)
		Defaults[.quality] += 0.1
		#expect(Defaults[.quality] == 0.6)
		// Defaults[.quality] = "🦄" does not compile: Cannot assign value of type 'String' to type 'Double'.
	}

	@Test func optionalKey() {
		#expect(Defaults[.optionalName] == nil)
		Defaults[.optionalName] = 1.5
		if let name = Defaults[.optionalName] {
			#expect(name == 1.5)
		} else {
			Issue.record("name should be set")
		}
	}

	@Test func enumExample() {
		#expect(Defaults[.defaultDuration].rawValue == "1 Hour")
	}

	@Test func codableExample() {
		#expect(Defaults[.user].name == "Hello")
	}

	@Test func keysUsedDirectly() {
		#expect(Defaults[isUnicorn] == true)
	}

	@Test func keyIsAnAliasOfKeysKey() {
		let key: Defaults.Keys.Key<Bool> = Defaults.Key<Bool>("aliasCheck", default: true)
		#expect(Defaults[key])
	}

	@Test func resetKeys() {
		Defaults[.isUnicornMode] = true
		#expect(Defaults[.isUnicornMode] == true)
		Defaults.reset(.isUnicornMode)
		#expect(Defaults[.isUnicornMode] == false)
	}

	@Test func justUserDefaultsWithSugar() {
		#expect(UserDefaults.standard[.isUnicornModeRegistered] == true)
	}

	@Test func sharedUserDefaults() {
		#expect(Defaults[.isUnicornShared] == true)
		#expect(extensionDefaults[.isUnicornShared] == true)
		Defaults[.isUnicornShared] = false
		#expect(extensionDefaults.bool(forKey: "isUnicorn") == false)
	}

	@Test func defaultValuesAreRegisteredWithUserDefaults() {
		_ = Defaults.Keys.isUnicornModeRegistered
		#expect(UserDefaults.standard.bool(forKey: Defaults.Keys.isUnicornModeRegistered.name) == true)
	}

	@Test func dynamicDefault() {
		#expect(Defaults[.camera] == "default camera")
	}

	@Test func anySerializableLiterals() {
		#expect(Defaults[any] == 1)
		Defaults[any] = "🦄"
		#expect(Defaults[any].get(String.self) == "🦄")
	}

	@Test func anySerializableGetAndSet() {
		if let mimeType: mime = Defaults[anyMime].get([mime].self)?.first {
			#expect(mimeType.rawValue == "application/json")
		} else {
			Issue.record("the default holds a mime type")
		}
		Defaults[anyMime].set(mime.STREAM)
		if let mimeType: mime = Defaults[anyMime].get() {
			#expect(mimeType.rawValue == "application/octet-stream")
		} else {
			Issue.record("the value was set to a mime type")
		}
	}

	@Test func anySerializableInADictionary() {
		Defaults[.magic]["unicorn"] = "🦄"
		if let value: String = Defaults[.magic]["unicorn"]?.get() {
			#expect(value == "🦄")
		} else {
			Issue.record("unicorn is set")
		}
		Defaults[.magic]["number"] = 3
		Defaults[.magic]["boolean"] = true
		Defaults[.magic]["enum"] = Defaults.AnySerializable(mime.JSON)
		if let mimeType: mime = Defaults[.magic]["enum"]?.get() {
			#expect(mimeType.rawValue == "application/json")
		} else {
			Issue.record("enum is set")
		}
	}

	@Test func preferRawRepresentable() {
		Defaults[.preferredMime] = .JSON
		// The seed prints UserDefaults.standard.string(forKey:); the default store here is the file store.
		#expect(Defaults.standardStore.storedValue(forKey: "preferredMime") == "application/json")
	}

	@Test func removeAllResetsEveryKeyOfTheStandardStore() {
		Defaults[.quality] = 0.1
		Defaults[.isUnicornMode] = true
		Defaults.removeAll()
		#expect(Defaults[.quality] == 0.8)
		#expect(Defaults[.isUnicornMode] == false)
	}
}
