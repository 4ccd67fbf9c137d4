import Defaults
import Foundation
import Testing

// The "Writing a store" article's example, compiled and run. This target imports `Defaults` without
// `@testable` in every file, so the backend below gets caching, observation and
// `withoutPropagation` through the public API alone. A test checks that the article shows this code.

/// A stand-in for a key-value service client: the calls the article's backend makes.
final class KeyValueService: @unchecked Sendable {
	private let lock = NSLock()
	private var entries: [String: String] = [:]
	private var _onRemoteChange: (@Sendable (String, String?) -> Void)?
	var failsWrites = false
	/// Where the service is, and whether it answers (for the example's saving capability).
	let address = "kv.example:7000"
	private var _isReachable = true
	var isReachable: Bool {
		get { lock.withLock { _isReachable } }
		set { lock.withLock { _isReachable = newValue } }
	}

	var onRemoteChange: (@Sendable (String, String?) -> Void)? {
		get { lock.withLock { _onRemoteChange } }
		set { lock.withLock { _onRemoteChange = newValue } }
	}

	func all() -> [String: String] { lock.withLock { entries } }
	func put(_ key: String, _ text: String) throws {
		try lock.withLock {
			if failsWrites { throw CocoaError(.fileWriteUnknown) }
			entries[key] = text
		}
	}
	func remove(_ key: String) throws { _ = lock.withLock { entries.removeValue(forKey: key) } }
	func removeAll() throws { lock.withLock { entries.removeAll() } }

	/// Another machine wrote `key`.
	func changeElsewhere(_ key: String, _ text: String?) {
		lock.withLock { entries[key] = text }
		onRemoteChange?(key, text)
	}
}

// article:begin
/// Keeps settings in a key-value service, one entry per key.
public final class ServiceBackend: DefaultsStoreBackend, @unchecked Sendable {
	let service: KeyValueService   // your client
	private let lock = NSLock()
	private var link: BackendLink?

	init(service: KeyValueService) {
		self.service = service
	}

	/// Read once, when the store opens.
	public func loadValues() -> [String: Defaults.JSONValue] {
		var values: [String: Defaults.JSONValue] = [:]
		for (key, text) in service.all() {
			values[key] = try? Defaults.JSONValue(parsing: text)
		}
		return values
	}

	/// Keep the link: it hands out this process's changes and takes outside ones.
	public func connect(_ link: BackendLink) {
		lock.withLock { self.link = link }
		service.onRemoteChange = { key, text in
			if let text, let value = try? Defaults.JSONValue(parsing: text) {
				link.applyOutsideChanges(setting: [key: value])
			} else {
				link.applyOutsideChanges(removing: [key])
			}
		}
	}

	/// Called after each change, with no lock held: keep the batch now (or schedule it).
	public func changesArePending() {
		guard let link = lock.withLock({ link }) else { return }
		let batch = link.takeChanges()
		do {
			if batch.removedAll { try service.removeAll() }
			for (key, value) in batch.values {
				if let value { try service.put(key, value.jsonString()) } else { try service.remove(key) }
			}
		} catch {
			link.restoreChanges(batch)   // kept with the next batch
		}
	}
}
// article:end

// article:saving:begin
extension BackedStore: SavingStore where Backend == ServiceBackend {
	/// Hands the service what is still pending; the editor calls it before it quits.
	public func saveNow(timeout: Duration) throws {
		backend.changesArePending()
	}

	/// Shown in the settings editor's title bar while it is not `nil`.
	public var condition: String? { backend.service.isReachable ? nil : "offline" }

	/// How the editor's title bar and `defaults-tui` name the store.
	public var location: String { "service \(backend.service.address)" }
}

extension ServiceBackend {
	/// Tells `store.saving` that the store in front of this backend saves.
	public func saving(of store: BackedStore<ServiceBackend>) -> (any SavingStore)? { store }
}
// article:saving:end

@Suite("The \"Writing a store\" article")
struct WritingAStoreExampleTests {
	@Test func theArticleShowsThisBackend() throws {
		let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
		let readme = try String(contentsOf: URL(fileURLWithPath: #filePath)
			.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent("Sources/Defaults/Defaults.docc/WritingAStore.md"), encoding: .utf8)
		for part in ["article", "article:saving"] {
			let begin = try #require(here.range(of: "// \(part):begin\n")?.upperBound)
			let end = try #require(here.range(of: "\n// \(part):end")?.lowerBound)
			#expect(readme.contains(String(here[begin..<end])), "the article's example (\(part)) differs from the one compiled here")
		}
	}

	@Test func theExampleBackendKeepsReadsAndObservesChanges() {
		let service = KeyValueService()
		try? service.put("theme", #""dark""#)
		let store = BackedStore(backend: ServiceBackend(service: service))
		let theme = Defaults.Key<String>("theme", default: "system", suite: store)
		#expect(Defaults[theme] == "dark", "loaded when the store opened")

		let seen = Locked<[String]>([])
		let observation = Defaults.observe(theme, options: []) { change in seen.withLock { $0.append(change.newValue) } }
		Defaults[theme] = "light"
		#expect(service.all()["theme"] == #""light""#, "kept by the backend")
		service.changeElsewhere("theme", #""solarized""#)
		#expect(Defaults[theme] == "solarized")
		Defaults.withoutPropagation { Defaults[theme] = "quiet" }
		Defaults.reset(theme)
		#expect(service.all()["theme"] == nil)
		#expect(seen.value == ["light", "solarized", "system"], "no event for the write made without propagation")

		// A batch the service refuses is kept with the next one.
		service.failsWrites = true
		Defaults[theme] = "retry"
		service.failsWrites = false
		Defaults[theme] = "kept"
		#expect(service.all()["theme"] == #""kept""#)
		observation.invalidate()
	}

	/// The store's saving capability, adopted in this module for this backend alone, is found
	/// through `saving` by code that knows nothing of the backend (as the settings editor is).
	@Test func theExampleStoreSaysHowItsSavingGoes() throws {
		let service = KeyValueService()
		let store: any DefaultsStore = BackedStore(backend: ServiceBackend(service: service))
		let saving = try #require(store.saving, "the conformance is seen through the capability")
		#expect(saving.location == "service kv.example:7000")
		#expect(saving.condition == nil)
		service.isReachable = false
		#expect(store.saving?.condition == "offline")
		store.setStoredValue("dark", forKey: "theme")
		try saving.saveNow(timeout: .seconds(1))
		#expect(service.all()["theme"] == #""dark""#)
	}
}

