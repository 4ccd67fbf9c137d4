#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/*
Each thread's own cache of the keys it read last, so that a read of a value with references (a
`String`, an array, a `Codable` struct) takes no lock and no allocation while the store has not
changed.

A key's shared cache needs its lock for such values: copying one out retains its storage, which
a writer on another thread may be releasing at that moment. (Plain values of a few bytes need no
lock at all: see Key+PlainValueCache.swift.) A thread's table is touched by that thread alone, so
a hit only compares two numbers and copies the value out of a box the table holds a reference to.

The table has 64 slots, chosen by the key's identity (a number no other key ever gets, so a key
freed and another made at its address cannot be mistaken for it). A slot is valid while the
store's generation is the one it was filled at, exactly like the key's shared cache: any change
to the store makes the next read of each key look at the shared cache once, under its lock, and
fill the slot again. A thread's table and the boxes it holds are released when the thread exits.
*/

/// A decoded value, shared by a key's cache and the read caches of the threads that read it.
@usableFromInline
final class CachedValueBox<Value>: @unchecked Sendable {
	@usableFromInline let value: Value

	@usableFromInline
	init(_ value: Value) {
		self.value = value
	}
}

/// One slot of a thread's read cache.
@usableFromInline
struct ThreadReadCacheSlot {
	/// The identity of the key whose value it holds; 0 when empty.
	@usableFromInline var keyIdentity: UInt64
	/// The store generation at which the value was current.
	@usableFromInline var generation: UInt64
	/// A `CachedValueBox<Value>` of the key's `Value`, retained by the slot.
	@usableFromInline var box: Unmanaged<AnyObject>?
}

/// The per-thread read caches: where they are found, filled and released.
@usableFromInline
enum ThreadReadCache {
	/// Slots per thread (a power of two).
	@usableFromInline static let slotCount = 64

	/// The thread-specific data key under which each thread's table lives; made once per process.
	@usableFromInline static let tableKey: pthread_key_t = {
		var key = pthread_key_t()
		pthread_key_create(&key) { table in
			// At the exit of a thread that read: release what its table holds, then the table.
			guard let table else { return }
			ThreadReadCache.release(table.assumingMemoryBound(to: ThreadReadCacheSlot.self))
		}
		return key
	}()

	/// Identities for keys, starting at 1 (0 marks an empty slot).
	private static let nextIdentity = Atomic<UInt64>(0)

	/// A number for a new key that no other key in this process has or will have.
	static func newIdentity() -> UInt64 {
		nextIdentity.add(1, ordering: .relaxed).newValue
	}

	/// The value of the key with `identity` in this thread's table, if it was filled at `generation`.
	@inlinable @inline(__always)
	static func value<Value>(tableKey: pthread_key_t, identity: UInt64, generation: UInt64, as type: Value.Type) -> Value? {
		guard let table = pthread_getspecific(tableKey) else { return nil }
		let slot = table.assumingMemoryBound(to: ThreadReadCacheSlot.self) + Int(identity & UInt64(slotCount - 1))
		guard slot.pointee.keyIdentity == identity, slot.pointee.generation == generation, let box = slot.pointee.box else {
			return nil
		}
		// The slot's reference keeps the box alive, and no other thread touches the slot.
		return box._withUnsafeGuaranteedRef { unsafeDowncast($0, to: CachedValueBox<Value>.self).value }
	}

	/// Puts `box`, the value of the key with `identity` as of `generation`, in this thread's table.
	@usableFromInline
	static func fill(tableKey: pthread_key_t, identity: UInt64, generation: UInt64, box: AnyObject) {
		let table: UnsafeMutablePointer<ThreadReadCacheSlot>
		if let existing = pthread_getspecific(tableKey) {
			table = existing.assumingMemoryBound(to: ThreadReadCacheSlot.self)
		} else {
			table = .allocate(capacity: slotCount)
			table.initialize(repeating: ThreadReadCacheSlot(keyIdentity: 0, generation: 0, box: nil), count: slotCount)
			guard pthread_setspecific(tableKey, table) == 0 else {
				table.deallocate()
				return
			}
		}
		let slot = table + Int(identity & UInt64(slotCount - 1))
		let previous = slot.pointee.box
		slot.pointee = ThreadReadCacheSlot(keyIdentity: identity, generation: generation, box: Unmanaged.passRetained(box))
		// Released after the slot is filled: a value's deinit could read another key of this thread.
		previous?.release()
	}

	/// Releases the boxes of a table and the table itself.
	private static func release(_ table: UnsafeMutablePointer<ThreadReadCacheSlot>) {
		let boxes = (0..<slotCount).compactMap { table[$0].box }
		table.deinitialize(count: slotCount)
		table.deallocate()
		for box in boxes { box.release() }
	}
}
