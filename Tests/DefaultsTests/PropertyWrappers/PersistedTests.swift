@testable import Defaults
import Foundation
import Testing

// The types of the PersistedPropertyWrapper seed, with its examples.
private let persistedStore = InMemoryStore()

enum AppTheme: Int {
	case brightRed
	case vibrantOrange
	case plainBlue
}

private struct ThemeSettings {
	// Stores the underlying integer backing the selected AppTheme
	@Persisted("theme", defaultValue: .plainBlue, storage: persistedStore)
	var selectedTheme: AppTheme

	@Persisted("optionalTheme", storage: persistedStore)
	var optionalTheme: AppTheme?
}

private struct AppSettings: Codable, Equatable {
	var welcomeMessage = "Hello world!"
	var isSpecialModeEnabled = false
	var launchCount = 0
}

// Swift 6 accepts a wrapped static property only inside a global-actor-isolated type or extension.
@MainActor
extension AppSettings {
	@Persisted(encodedDataKey: "appSettings", defaultValue: .init(), storage: persistedStore)
	static var current: AppSettings
}

final class ArchivedToken: NSObject, NSSecureCoding {
	static var supportsSecureCoding: Bool { true }
	let value: String
	init(_ value: String) { self.value = value }
	func encode(with coder: NSCoder) { coder.encode(value as NSString, forKey: "value") }
	required init?(coder: NSCoder) {
		guard let value = coder.decodeObject(of: NSString.self, forKey: "value") else { return nil }
		self.value = value as String
	}
}

private final class SyncManager {
	@Persisted(archivedDataKey: "changeToken", storage: persistedStore)
	var changeToken: ArchivedToken?
}

extension UserDefaults {
	nonisolated(unsafe) static var alternative = Isolated.userDefaults()
}

private struct Various {
	@Persisted("UserSetting1", defaultValue: 42, storage: persistedStore)
	var someUserSetting: Int

	@Persisted("UserSetting2", storage: persistedStore) // defaultValue not necessary since Int? is an Optional type
	var someOtherUserSetting: Int?

	@Persisted("storedAsInteger", defaultValue: 10, storage: persistedStore)
	var storedAsInteger: Int

	@Persisted(encodedDataKey: "storedAsData", defaultValue: 10, storage: persistedStore)
	var storedAsData: Int

	@Persisted("alternativeStoredValue", storage: .alternative)
	var alternativeStoredValue: Int?
}

@Suite("@Persisted", .serialized)
struct PersistedTests {
	init() {
		Defaults.removeAll(suite: persistedStore)
	}

	@Test func valuesWithADefaultAndOptionals() {
		let various = Various()
		#expect(various.someUserSetting == 42)
		various.someUserSetting = 7
		#expect(persistedStore.storedValue(forKey: "UserSetting1") == 7)
		#expect(various.someOtherUserSetting == nil)
		various.someOtherUserSetting = 3
		#expect(Various().someOtherUserSetting == 3)
		various.someOtherUserSetting = nil
		#expect(persistedStore.storedValue(forKey: "UserSetting2") == nil, "nil removes the value")
	}

	@Test func rawRepresentableEnumsAreStoredAsTheirRawValue() {
		let settings = ThemeSettings()
		#expect(settings.selectedTheme == .plainBlue)
		settings.selectedTheme = .vibrantOrange
		#expect(persistedStore.storedValue(forKey: "theme") == 1)
		#expect(ThemeSettings().selectedTheme == .vibrantOrange)
		settings.optionalTheme = .brightRed
		#expect(persistedStore.storedValue(forKey: "optionalTheme") == 0)
		persistedStore.setStoredValue(99, forKey: "theme")
		_ = collectProblems { #expect(settings.selectedTheme == .plainBlue, "an unknown raw value reads as the default") }
	}

	@MainActor
	@Test func codableValuesAreStoredAsJSON() {
		#expect(AppSettings.current == AppSettings())
		AppSettings.current.launchCount += 1
		#expect(AppSettings.current.launchCount == 1)
		#expect(persistedStore.storedValue(forKey: "appSettings") == [
			"welcomeMessage": "Hello world!", "isSpecialModeEnabled": false, "launchCount": 1,
		])
	}

	@Test func theStorageMechanismFollowsTheLabel() {
		let various = Various()
		various.storedAsInteger = 11
		various.storedAsData = 12
		#expect(persistedStore.storedValue(forKey: "storedAsInteger") == 11)
		#expect(persistedStore.storedValue(forKey: "storedAsData") == 12, "a JSON fragment: the same form here")
	}

	@Test func nsSecureCodingObjectsAreArchived() throws {
		let manager = SyncManager()
		#expect(manager.changeToken == nil)
		manager.changeToken = ArchivedToken("abc")
		#expect(SyncManager().changeToken?.value == "abc")
		let stored = try #require(persistedStore.storedValue(forKey: "changeToken")?.stringValue)
		#expect(Data(base64Encoded: stored) != nil)
	}

	@Test func anotherStorage() {
		let various = Various()
		various.alternativeStoredValue = 5
		#expect(UserDefaults.alternative.integer(forKey: "alternativeStoredValue") == 5)
		#expect(persistedStore.storedValue(forKey: "alternativeStoredValue") == nil)
	}

	@Test func theDefaultStorageIsTheStandardStore() {
		// Only the seed example suites write to the shared standard store; this checks where it goes.
		struct UsesStandard {
			@Persisted("persistedInStandard", defaultValue: 1)
			var value: Int
		}
		#expect(UsesStandard().$value.storage === LayeredStore.standard)
		#expect(UsesStandard().$value.key == "persistedInStandard")
	}

	@MainActor
	@Test func clearingTheStoreShowsEveryWrapperAndObserverTheDefaults() {
		let various = Various()
		let settings = ThemeSettings()
		various.someUserSetting = 1
		settings.selectedTheme = .brightRed
		let key = Defaults.Key<Int>("UserSetting1", default: 42, suite: persistedStore)
		let recorder = Recorder<Int>()
		let observation = Defaults.observe(key, options: []) { recorder.record($0.newValue) }
		Defaults.removeAll(suite: persistedStore)
		#expect(various.someUserSetting == 42)
		#expect(settings.selectedTheme == .plainBlue)
		#expect(AppSettings.current == AppSettings())
		#expect(recorder.all == [42])
		_ = observation
	}
}
