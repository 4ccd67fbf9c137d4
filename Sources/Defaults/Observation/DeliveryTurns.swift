#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/**
The changes of one store waiting for their observers, in the order they were made, and
whose turn it is to deliver them.

Each change is delivered by the thread that made it, right after the changes made before
it: a thread that finds another delivering waits for its turn instead of leaving its
change to that thread. So a setter never delivers other threads' changes (its work is
its own changes and those its handlers make), setters cannot outrun the handlers (the
queue holds at most a change or so per thread), and a handler given outside any actor
runs on the thread that made the change.

Two cases give a change up to whoever delivers next, so that no thread waits forever:
- a change made inside a handler (of another store; one of this store's handlers
  is already delivering, and its thread delivers the change once the handler returns)
  while that thread cannot deliver it at once: a handler never waits;
- a change whose turn has not come within ``waitLimit`` (handlers of earlier changes
  that wait for a lock the setter holds would otherwise deadlock).
*/
final class DeliveryTurns<Item>: @unchecked Sendable {
	private struct Entry {
		let item: Item
		/// The thread that made the change and delivers it.
		let thread: UInt
		/// Set when that thread gave the change up: whoever delivers next delivers it.
		var isGivenUp = false
	}

	/// How long a thread waits for its turn before giving its changes to the next deliverer.
	static var waitLimit: TimeInterval { 1 }

	/// How many times a waiting thread yields the processor before it sleeps until woken.
	private static var yieldsBeforeSleeping: Int { 100 }

	// Everything below is guarded by `condition`.
	private let condition = NSCondition()
	private var entries: [Entry] = []
	/// The first entry not yet delivered: the queue drains by moving it, in linear time.
	private var head = 0
	/// The thread delivering now.
	private var deliverer: UInt?

	/// Whether entries wait (one atomic load): a change with nobody listening skips the rest.
	private let hasEntries = Atomic<Bool>(false)

	/// Whether changes wait for delivery; cheap (an atomic load), for a store's write path.
	var hasChanges: Bool {
		hasEntries.load(ordering: .acquiring)
	}

	/// Queues a change made by this thread; the store calls this under the lock that made it.
	func append(_ item: Item) {
		condition.lock()
		entries.append(Entry(item: item, thread: Self.currentThread))
		hasEntries.store(true, ordering: .releasing)
		condition.unlock()
	}

	/// Delivers this thread's queued changes, each after the ones made before it, waiting
	/// for its turn when another thread delivers; `deliver` runs with no lock held.
	func deliverOwnChanges(_ deliver: (Item) -> Void) {
		guard hasEntries.load(ordering: .acquiring) else { return }
		let me = Self.currentThread
		let deadline = Date(timeIntervalSinceNow: Self.waitLimit)
		condition.lock()
		defer { condition.unlock() }
		// A handler of this store made the change: the delivery running below it delivers it next.
		if deliverer == me { return }
		var yields = 0
		while true {
			let hasOwn = entries[head...].contains { $0.thread == me && !$0.isGivenUp }
			if deliverer == nil, head < entries.count, entries[head].thread == me || entries[head].isGivenUp {
				deliverInTurn(as: me, deliver)
				continue
			}
			guard hasOwn else { return }
			let waits = !DeliveryScope.isInHandler && Date() < deadline
			if waits {
				// The turn usually comes within microseconds: yielding to the thread that has it
				// costs far less than sleeping and being woken.
				if yields < Self.yieldsBeforeSleeping {
					yields += 1
					condition.unlock()
					sched_yield()
					condition.lock()
				} else {
					_ = condition.wait(until: deadline)
				}
				continue
			}
			for index in head..<entries.count where entries[index].thread == me {
				entries[index].isGivenUp = true
			}
			condition.broadcast()
		}
	}

	/// Delivers from the head while the changes are `me`'s or given up, then passes the turn on.
	private func deliverInTurn(as me: UInt, _ deliver: (Item) -> Void) {
		deliverer = me
		while head < entries.count, entries[head].thread == me || entries[head].isGivenUp {
			let item = entries[head].item
			head += 1
			condition.unlock()
			DeliveryScope.$isInHandler.withValue(true) { deliver(item) }
			condition.lock()
		}
		deliverer = nil
		if head == entries.count {
			entries.removeAll(keepingCapacity: entries.count <= 64)
			head = 0
			hasEntries.store(false, ordering: .releasing)
		} else if head >= 64, head * 2 >= entries.count {
			entries.removeFirst(head)
			head = 0
		}
		condition.broadcast()
	}

	private static var currentThread: UInt {
		#if canImport(Glibc)
		UInt(pthread_self())
		#else
		UInt(bitPattern: pthread_self())
		#endif
	}
}

/// Whether this thread (or task) is running an observer's handler.
enum DeliveryScope {
	@TaskLocal static var isInHandler = false
}
