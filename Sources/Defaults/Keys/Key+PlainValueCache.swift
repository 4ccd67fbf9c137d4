import Synchronization

// A key's cache, readable without a lock when the value is a few bytes of plain data.
//
// A read that hits the cache is the most frequent thing a program does with a key. Taking the
// cache's lock costs more than the rest of such a read, so values of a type with no references
// and at most 16 bytes (`Int`, `Double`, `Bool`, `Date`, enums without payloads, and their
// optionals) are also published as two words under a sequence number, a seqlock: a writer (who
// holds the cache's lock, so there is one at a time) makes the number odd, stores the words and
// the generation, and makes it even again; a reader takes the words only if it saw the same even
// number before and after. Every access is atomic, so the thread sanitizer has nothing to report
// and no torn value is ever returned. Larger values and values with references (a `String`, a
// `Codable` struct) keep to the locked cache, where copying them retains their storage safely.

extension Defaults.Key {
	/// Whether values of this key's type are published for reads without the lock. A constant
	/// once the code is specialized for `Value`.
	@inlinable
	static var cachesWithoutLock: Bool {
		_isPOD(Value.self) && MemoryLayout<Value>.size <= 2 * MemoryLayout<UInt64>.size
	}

	/// The published value if it was cached at `generation` (the store's current one), without
	/// taking a lock; `nil` if it was not, or a write is under way.
	@inlinable
	func plainCachedValue(atGeneration generation: UInt64) -> Value? {
		let before = plainSequence.load(ordering: .acquiring)
		guard before & 1 == 0, plainGeneration.load(ordering: .relaxed) == generation else { return nil }
		var words = (plainWord0.load(ordering: .relaxed), MemoryLayout<Value>.size > 8 ? plainWord1.load(ordering: .relaxed) : 0)
		atomicMemoryFence(ordering: .acquiring)
		guard plainSequence.load(ordering: .relaxed) == before else { return nil }
		return withUnsafeBytes(of: &words) { $0.loadUnaligned(as: Value.self) }
	}

	/// Publishes `value` as cached at `generation`. Call with the cache's lock held: one writer at a time.
	@inlinable
	func publishPlainValue(_ value: Value, generation: UInt64) {
		var words: (UInt64, UInt64) = (0, 0)
		withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: value, as: Value.self) }
		let sequence = plainSequence.load(ordering: .relaxed)
		plainSequence.store(sequence &+ 1, ordering: .relaxed)
		atomicMemoryFence(ordering: .releasing)
		plainWord0.store(words.0, ordering: .relaxed)
		plainWord1.store(words.1, ordering: .relaxed)
		plainGeneration.store(generation, ordering: .relaxed)
		plainSequence.store(sequence &+ 2, ordering: .releasing)
	}
}
