import Synchronization

/**
The in-memory state shared by the package's own stores: the stored values and
the counters that let a key tell, without decoding, whether its cached value
is still current.

Every change takes a new number from `generation`; the entry that changed
remembers it as its `version`. A key that cached its value at generation `g`
can return the cache while `generation` is still `g`, and after that can keep
it as long as its entry's version has not moved.
*/
@usableFromInline
final class StoreCore: Sendable {
	struct Entry {
		var value: Defaults.JSONValue
		var version: UInt64
	}

	/// The version of a key that has no stored value.
	static let absentVersion: UInt64 = 0

	@usableFromInline
	let generation = Atomic<UInt64>(1)
	private let entries: Locked<[String: Entry]>

	init(values: [String: Defaults.JSONValue] = [:]) {
		entries = Locked(values.mapValues { Entry(value: $0, version: 1) })
	}

	func value(forKey key: String) -> Defaults.JSONValue? {
		entries.withLock { $0[key]?.value }
	}

	/// The stored value, its version and the generation it was read at, all read together.
	func entry(forKey key: String) -> (value: Defaults.JSONValue?, version: UInt64, generation: UInt64) {
		entries.withLock { entries in
			let entry = entries[key]
			return (entry?.value, entry?.version ?? Self.absentVersion, generation.load(ordering: .relaxed))
		}
	}

	/// Stores a value; returns the generation and version after the change.
	/// Storing an equal value changes nothing.
	@discardableResult
	func set(_ value: Defaults.JSONValue, forKey key: String) -> (generation: UInt64, version: UInt64) {
		entries.withLock { entries in
			if let existing = entries[key], existing.value == value {
				return (generation.load(ordering: .relaxed), existing.version)
			}
			let next = generation.add(1, ordering: .acquiringAndReleasing).newValue
			entries[key] = Entry(value: value, version: next)
			return (next, next)
		}
	}

	func removeValue(forKey key: String) {
		entries.withLock { entries in
			guard entries.removeValue(forKey: key) != nil else { return }
			generation.add(1, ordering: .acquiringAndReleasing)
		}
	}

	func removeAll() {
		entries.withLock { entries in
			guard !entries.isEmpty else { return }
			entries.removeAll()
			generation.add(1, ordering: .acquiringAndReleasing)
		}
	}

	func snapshot() -> [String: Defaults.JSONValue] {
		entries.withLock { $0.mapValues(\.value) }
	}
}
