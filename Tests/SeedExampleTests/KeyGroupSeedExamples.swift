// The key-value-storage seed's simple example.
import Defaults
import Foundation
import Testing

struct AppKeys: KeyGroup {
	let launchCount = KeyDefinition(key: "launchCount", defaultValue: 0)
	let lastLaunchDate = KeyDefinition<Date?>(key: "lastLaunchDate")
}

@Suite("Seed document examples: key groups")
struct KeyGroupSeedExamples {
	@Test func simpleExample() {
		let storage = KeyValueStorage<AppKeys>(backend: InMemoryStorage())

		// Read
		let launchCount = storage.launchCount

		// Write
		storage.launchCount = launchCount + 1
		storage.lastLaunchDate = .now

		#expect(storage.launchCount == 1)
		#expect(storage.lastLaunchDate != nil)
	}
}
