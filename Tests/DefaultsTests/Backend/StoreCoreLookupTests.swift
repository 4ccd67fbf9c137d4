@testable import Defaults
import Foundation
import Testing

/// A store of one's own, without a core: what `storeCore(of:)` answers `nil` for.
private final class PlainStore: DefaultsStore, @unchecked Sendable {
	var values: [String: Defaults.JSONValue] = [:]
	func storedValue(forKey key: String) -> Defaults.JSONValue? { values[key] }
	func setStoredValue(_ value: Defaults.JSONValue, forKey key: String) { values[key] = value }
	func removeStoredValue(forKey key: String) { values[key] = nil }
	func removeAllStoredValues() { values = [:] }
	func storedValues() -> [String: Defaults.JSONValue] { values }
}

/// The package's stores are found by class before the protocol cast: each gives the core the
/// cast gives, and a store without a core gives none.
@Suite("A store's core, found by class first")
struct StoreCoreLookupTests {
	@Test func everyStoreGivesTheCoreTheCastGives() {
		let file = FileStore(url: Isolated.fileURL())
		let stores: [any DefaultsStore] = [
			file, InMemoryStore(), LayeredStore(user: file), BackedStore(backend: DictionaryBackend()),
		]
		for store in stores {
			let cast = (store as? any CoreBackedStore)?.core
			#expect(cast != nil, "\(type(of: store))")
			#expect(storeCore(of: store) === cast, "\(type(of: store))")
		}
		#expect(storeCore(of: PlainStore()) == nil)
		#expect(storeLocation(file) == file.url.path)
		#expect(storeLocation(PlainStore()) == "PlainStore")
	}
}
