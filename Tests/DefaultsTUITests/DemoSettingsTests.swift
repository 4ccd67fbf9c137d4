import Defaults
import DefaultsTUI
import Testing

/// The demo's schema made for some keys only (what `get` makes) holds those keys' settings as
/// the whole schema has them, in its order.
@Suite("The demo's settings")
struct DemoSettingsTests {
	@Test func eachKeyAloneIsMadeAsInTheWholeSchema() {
		let whole = DemoSettings.schema(store: InMemoryStore())
		#expect(whole.settings.count == 18)
		for setting in whole.settings {
			let alone = DemoSettings.schema(store: InMemoryStore(), keys: [setting.key])
			#expect(alone.settings == [setting], "\(setting.key)")
			#expect(alone.title == whole.title)
		}
	}

	@Test func severalKeysKeepTheSchemasOrder() {
		let keys = DemoSettings.schema(store: InMemoryStore()).settings.map(\.key)
		let some = DemoSettings.schema(store: InMemoryStore(), keys: [keys[9], keys[2], keys[15], "nosuchKey"])
		#expect(some.settings.map(\.key) == [keys[2], keys[9], keys[15]])
		#expect(DemoSettings.schema(store: InMemoryStore(), keys: []).settings.isEmpty)
	}
}
