@testable import Defaults
import Foundation
import Testing

/// Why a suite used directly as a key's store reads the suite on every access instead of the
/// shared layer's cache (which ``UserDefaultsBackend`` gives): other code may write the suite
/// with `set(_:forKey:)`, and on Linux nothing tells the package when it does.
@Suite("UserDefaults suites used directly")
struct DirectSuiteTests {
	@Test func aValueOtherCodeWritesToTheSuiteIsReadAtOnce() {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: suite)
		#expect(Defaults[key] == 1)
		suite.set(5, forKey: key.name)
		#expect(Defaults[key] == 5)
		suite.removeObject(forKey: key.name)
		#expect(Defaults[key] == 1)
	}

	/// The premise: Foundation on Linux posts no change notification (and has no key-value
	/// observing), so a cache could not learn of such writes. If this fails, Foundation now
	/// tells, and the direct conformance could read through the cache too.
	@Test func foundationOnLinuxDoesNotTellOfChangesToASuite() {
		let suite = Isolated.userDefaults()
		let count = Locked(0)
		let token = NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: suite, queue: nil) { _ in
			count.withLock { $0 += 1 }
		}
		defer { NotificationCenter.default.removeObserver(token) }
		suite.set(5, forKey: uniqueKeyName())
		suite.removeObject(forKey: uniqueKeyName())
		#expect(count.value == 0)
	}

	/// A store over the same suite through the backend reads its cache: quick, but blind to writes
	/// that do not go through it, as its documentation says.
	@Test func theBackendStoreReadsThroughTheCache() {
		let suite = Isolated.userDefaults()
		let store = BackedStore(backend: UserDefaultsBackend(suite))
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 1, suite: store)
		Defaults[key] = 3
		#expect(suite.integer(forKey: key.name) == 3, "written to the suite at once")
		suite.set(5, forKey: key.name)
		#expect(Defaults[key] == 3, "the cache, not the suite")
	}
}
