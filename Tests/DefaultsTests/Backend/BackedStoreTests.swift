// Only the public API: a backend written outside the Defaults module, as a user would.
import Defaults
import Foundation
import Testing

/// A backend like a remote one: it keeps what it is given, can be told to fail, and can
/// report a change "made elsewhere".
final class RemoteLikeBackend: DefaultsStoreBackend, @unchecked Sendable {
	private let lock = NSLock()
	private var kept: [String: Defaults.JSONValue]
	private var batches: [Defaults.ChangeBatch] = []
	private var failsNextKeep = false
	private var failsEveryKeep = false
	private(set) var link: BackendLink?

	init(_ values: [String: Defaults.JSONValue] = [:]) {
		kept = values
	}

	func loadValues() -> [String: Defaults.JSONValue] { lock.withLock { kept } }

	func connect(_ link: BackendLink) { lock.withLock { self.link = link } }

	func changesArePending() {
		lock.withLock {
			guard let link else { return }
			let batch = link.takeChanges()
			if failsNextKeep || failsEveryKeep {
				failsNextKeep = false
				link.restoreChanges(batch)
				return
			}
			batches.append(batch)
			kept = batch.applied(to: kept)
		}
	}

	var keptValues: [String: Defaults.JSONValue] { lock.withLock { kept } }
	var keptBatches: [Defaults.ChangeBatch] { lock.withLock { batches } }
	func failNextKeep() { lock.withLock { failsNextKeep = true } }
	func failEveryKeep(_ fails: Bool) { lock.withLock { failsEveryKeep = fails } }

	/// Another machine changed values: keep them and tell the store.
	func changeElsewhere(_ values: [String: Defaults.JSONValue], removing removed: Set<String> = []) {
		let link = lock.withLock { () -> BackendLink? in
			for (key, value) in values { kept[key] = value }
			for key in removed { kept.removeValue(forKey: key) }
			return self.link
		}
		link?.applyOutsideChanges(setting: values, removing: removed)
	}
}

/// A type whose bridge counts how often it decodes, to see the read cache at work.
struct CountedPoint: Defaults.Serializable, Equatable {
	static let decodes = CountingLock()
	var x: Int
	static let bridge = Bridge()

	struct Bridge: Defaults.Bridge {
		func serialize(_ value: CountedPoint?) -> Defaults.JSONValue? {
			value.map { .object(["x": .integer(Int64($0.x))]) }
		}

		func deserialize(_ object: Defaults.JSONValue?) -> CountedPoint? {
			CountedPoint.decodes.increment()
			guard let x = object?.objectValue?["x"]?.integerValue(as: Int.self) else { return nil }
			return CountedPoint(x: x)
		}
	}
}

final class CountingLock: @unchecked Sendable {
	private let lock = NSLock()
	private var count = 0
	func increment() { lock.withLock { count += 1 } }
	var value: Int { lock.withLock { count } }
}

@Suite("A store over a backend of one's own", .serialized)
struct BackedStoreTests {
	@Test func readsAreCachedWithoutTheBackendDoingAnything() {
		let store = BackedStore(backend: RemoteLikeBackend(["point": ["x": 3]]))
		let point = Defaults.Key<CountedPoint>("point", default: CountedPoint(x: 0), suite: store)
		let before = CountedPoint.decodes.value
		for _ in 0..<100 { #expect(Defaults[point].x == 3) }
		#expect(CountedPoint.decodes.value - before == 1, "decoded once, then read from the cache")
		store.backend.changeElsewhere(["point": ["x": 4]])
		#expect(Defaults[point].x == 4, "an outside change invalidates the cached value")
	}

	@Test func writesReachTheBackendAsBatches() {
		let store = BackedStore(backend: RemoteLikeBackend())
		let volume = Defaults.Key<Int>("volume", default: 5, suite: store)
		Defaults[volume] = 7
		Defaults[volume] = 7
		Defaults.reset(volume)
		Defaults[volume] = 9
		Defaults.removeAll(suite: store)
		let batches = store.backend.keptBatches
		#expect(batches.count == 4, "an equal write is no change")
		#expect(batches.first == Defaults.ChangeBatch(values: ["volume": 7]))
		#expect(batches[1] == Defaults.ChangeBatch(values: ["volume": Optional<Defaults.JSONValue>.none]), "a reset removes the value")
		#expect(batches.last?.removedAll == true)
		#expect(store.backend.keptValues.isEmpty)
	}

	@Test func aBatchThatCouldNotBeKeptIsKeptWithTheNextOne() {
		let store = BackedStore(backend: RemoteLikeBackend())
		store.backend.failNextKeep()
		store.setStoredValue(1, forKey: "a")
		#expect(store.backend.keptValues.isEmpty)
		store.setStoredValue(2, forKey: "b")
		#expect(store.backend.keptValues == ["a": 1, "b": 2])
	}

	@Test func observersHearOwnAndOutsideChangesAndPropagationCanBeSuppressed() {
		let store = BackedStore(backend: RemoteLikeBackend())
		let theme = Defaults.Key<String>("theme", default: "system", suite: store)
		let seen = BackendTestBox<[String]>([])
		let observation = Defaults.observe(theme, options: []) { change in seen.withLock { $0.append(change.newValue) } }
		Defaults[theme] = "light"
		store.backend.changeElsewhere(["theme": "dark"])
		Defaults.withoutPropagation { Defaults[theme] = "sepia" }
		#expect(seen.withLock { $0 } == ["light", "dark"])
		#expect(Defaults[theme] == "sepia")
		observation.invalidate()
	}

	@Test func aChangeNotYetKeptWinsOverAnOutsideOne() {
		let store = BackedStore(backend: RemoteLikeBackend())
		store.backend.failEveryKeep(true)
		store.setStoredValue("mine", forKey: "name")
		store.setStoredValue(true, forKey: "gone")
		store.backend.changeElsewhere(["name": "theirs", "other": 1], removing: ["gone"])
		#expect(store.storedValue(forKey: "name") == "mine", "this process's change is not kept yet: it stays")
		#expect(store.storedValue(forKey: "other") == 1)
		#expect(store.storedValue(forKey: "gone") == true, "also not kept yet: it stays")
		store.backend.failEveryKeep(false)
		store.setStoredValue(1, forKey: "later")
		#expect(store.backend.keptValues == ["name": "mine", "other": 1, "gone": true, "later": 1], "kept at last, over the outside values")
	}
}

/// A backend that keeps changes later, as one that sends them over a network does: the
/// test takes a batch in flight, lets outside changes arrive, then settles it.
final class AsynchronousBackend: DefaultsStoreBackend, @unchecked Sendable {
	private let lock = NSLock()
	private var storedLink: BackendLink?
	var link: BackendLink { lock.withLock { storedLink! } }

	func loadValues() -> [String: Defaults.JSONValue] { [:] }
	func connect(_ link: BackendLink) { lock.withLock { storedLink = link } }
	func changesArePending() {}
}

@Suite("A backend keeping changes asynchronously")
struct ChangesInFlightTests {
	@Test func anOutsideChangeCannotReplaceAChangeInFlightUntilItIsKept() {
		let store = BackedStore(backend: AsynchronousBackend())
		let link = store.backend.link
		store.setStoredValue("mine", forKey: "name")
		store.setStoredValue(1, forKey: "count")

		let batch = link.takeChangesInFlight()
		#expect(batch == Defaults.ChangeBatch(values: ["name": "mine", "count": 1]))
		#expect(!link.hasChanges, "taken, as takeChanges() takes them")
		// While the batch is on its way, another writer's older change arrives.
		let changed = link.applyOutsideChanges(setting: ["name": "theirs", "other": true])
		#expect(changed == ["other"])
		#expect(store.storedValue(forKey: "name") == "mine", "the change in flight keeps its value in memory")

		link.changesKept(Defaults.ChangeBatch(values: ["name": "mine"]))
		link.applyOutsideChanges(setting: ["name": "newer", "count": 2])
		#expect(store.storedValue(forKey: "name") == "newer", "a kept change no longer holds off outside ones")
		#expect(store.storedValue(forKey: "count") == 1, "the part of the batch not settled yet is still in flight")

		link.restoreChanges(Defaults.ChangeBatch(values: ["count": 1]))
		#expect(link.takeChangesInFlight() == Defaults.ChangeBatch(values: ["count": 1]), "a failed part is pending again")
		link.changesKept(Defaults.ChangeBatch(values: ["count": 1]))
		link.applyOutsideChanges(setting: ["count": 3])
		#expect(store.storedValue(forKey: "count") == 3)
	}

	@Test func aRemovalOfEverythingInFlightHoldsOffEveryOutsideChange() {
		let store = BackedStore(backend: AsynchronousBackend())
		let link = store.backend.link
		store.setStoredValue(1, forKey: "a")
		_ = link.takeChanges()
		store.removeAllStoredValues()
		#expect(link.takeChangesInFlight().removedAll)
		link.applyOutsideChanges(setting: ["a": 2, "b": 3])
		#expect(store.storedValues().isEmpty)
		link.changesKept(Defaults.ChangeBatch(removedAll: true))
		link.applyOutsideChanges(setting: ["b": 3])
		#expect(store.storedValues() == ["b": 3])
	}

	@Test func takingWithoutFlightLeavesOutsideChangesFree() {
		let store = BackedStore(backend: AsynchronousBackend())
		let link = store.backend.link
		store.setStoredValue("mine", forKey: "name")
		_ = link.takeChanges()
		link.applyOutsideChanges(setting: ["name": "theirs"])
		#expect(store.storedValue(forKey: "name") == "theirs", "a backend that keeps at once passes what it is keeping as `keeping:` instead")
	}
}

/// A value behind a lock, for handlers called on any thread.
final class BackendTestBox<Value>: @unchecked Sendable {
	private let lock = NSLock()
	private var value: Value
	init(_ value: Value) { self.value = value }
	func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}

@Suite("A UserDefaults suite behind the shared layer", .serialized)
struct UserDefaultsBackendTests {
	@Test func readsAreCachedAndWritesReachTheSuite() {
		let suite = Isolated.userDefaults()
		suite.set(["x": 5], forKey: "point")
		let store = BackedStore(backend: UserDefaultsBackend(suite))
		let point = Defaults.Key<CountedPoint>("point", default: CountedPoint(x: 0), suite: store)
		let before = CountedPoint.decodes.value
		for _ in 0..<50 { #expect(Defaults[point].x == 5) }
		#expect(CountedPoint.decodes.value - before == 1, "decoded once, then cached")
		Defaults[point] = CountedPoint(x: 6)
		#expect((suite.dictionary(forKey: "point")?["x"] as? Int) == 6, "written to the suite at once")
		let seen = BackendTestBox<[Int]>([])
		let observation = Defaults.observe(point, options: []) { change in seen.withLock { $0.append(change.newValue.x) } }
		Defaults.reset(point)
		#expect(suite.object(forKey: "point") == nil)
		Defaults[point] = CountedPoint(x: 7)
		Defaults.removeAll(suite: store)
		#expect(suite.object(forKey: "point") == nil)
		#expect(seen.withLock { $0 } == [0, 7, 0], "one event per change, from the shared layer")
		observation.invalidate()
	}
}
