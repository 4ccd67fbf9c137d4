@testable import Defaults
import Foundation
import Glibc
import Testing

/// Observers of keys that several threads write, with handlers that write too: every change
/// is delivered by the thread that made it, in order, and no setter works for the others.
@Suite("Delivering changes made on several threads", .timeLimit(.minutes(2)))
struct DeliveryTurnTests {
	/// Runs `body(index)` on `count` new threads at once and returns when all have finished.
	private static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
		let group = DispatchGroup()
		for index in 0..<count {
			group.enter()
			let thread = Thread {
				body(index)
				group.leave()
			}
			thread.start()
		}
		group.wait()
	}

	private static var currentThread: UInt { UInt(pthread_self()) }

	/// Four threads set `a`; an observer of `a` sets `b` (which handlers may do) and one of `b`
	/// flushes a file store. Each handler must run on the thread that set the value it is given:
	/// a setter that delivered the others' queued changes (as one once did, for as long as they
	/// kept coming) fails this.
	@Test(arguments: [StoreKind.inMemory, .file, .dictionaryBackend])
	func eachChangeIsDeliveredByTheThreadThatMadeIt(store kind: StoreKind) throws {
		let store = kind.makeStore()
		let a = Defaults.Key<Int>(uniqueKeyName("a"), default: 0, suite: store)
		let b = Defaults.Key<Int>(uniqueKeyName("b"), default: 0, suite: store)
		let threadOfSetter = Locked<[Int: UInt]>([:])
		let wrongThread = Locked(0)
		let deliveredA = Locked(0)
		let deliveredB = Locked(0)
		let threads = 4
		let writes = 500
		let fileStore = store as? FileStore
		let check = { @Sendable (value: Int) in
			let setter = threadOfSetter.withLock { $0[value / 1_000_000] }
			if setter != Self.currentThread { wrongThread.withLock { $0 += 1 } }
		}
		let observeA = Defaults.observe(a, options: []) { change in
			check(change.newValue)
			deliveredA.withLock { $0 += 1 }
			Defaults[b] = change.newValue
		}
		let observeB = Defaults.observe(b, options: []) { change in
			check(change.newValue)
			deliveredB.withLock { $0 += 1 }
			try? fileStore?.flush()
		}
		Self.onThreads(threads) { index in
			threadOfSetter.withLock { $0[index + 1] = Self.currentThread }
			for write in 1...writes {
				Defaults[a] = (index + 1) * 1_000_000 + write
			}
		}
		#expect(deliveredA.value == threads * writes, "every change to a was delivered once")
		#expect(deliveredB.value == threads * writes, "and every change its handler made to b")
		#expect(wrongThread.value == 0, "each on the thread that made it")
		#expect(Defaults[a] == Defaults[b], "the last change delivered was the last one made")
		try fileStore?.flush()
		observeA.invalidate()
		observeB.invalidate()
	}

	/// A handler that waits for a lock the next setter holds while setting: that setter waits
	/// for its turn only so long (``DeliveryTurns/waitLimit``), then leaves its change to the
	/// delivering thread, instead of both waiting for ever.
	@Test func aSetterWaitsForItsTurnOnlySoLong() {
		let store = InMemoryStore()
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: store)
		let userLock = NSLock()
		let handlerWaits = DispatchSemaphore(value: 0)
		let seen = Recorder<[UInt]>()
		let observation = Defaults.observe(key, options: []) { change in
			seen.record([UInt(change.newValue), Self.currentThread])
			if change.newValue == 1 {
				handlerWaits.signal()
				userLock.lock()
				userLock.unlock()
			}
		}
		userLock.lock()
		let first = Locked<UInt>(0)
		let done = DispatchSemaphore(value: 0)
		Thread {
			first.withLock { $0 = Self.currentThread }
			Defaults[key] = 1
			done.signal()
		}.start()
		handlerWaits.wait()
		let started = Date()
		Defaults[key] = 2
		let waited = Date().timeIntervalSince(started)
		userLock.unlock()
		done.wait()
		#expect(waited >= DeliveryTurns<Int>.waitLimit * 0.9, "the setter waited for its turn first")
		#expect(seen.all == [[1, first.value], [2, first.value]], "then the delivering thread delivered its change, in order")
		observation.invalidate()
	}

	/// A handler that sets the key it observes is not called inside itself: its change is
	/// delivered once the handler returns, on the same thread, before the setter's set returns.
	@Test func aHandlersOwnChangeComesAfterIt() {
		let key = Defaults.Key<Int>(uniqueKeyName(), default: 0, suite: InMemoryStore())
		let depth = Locked(0)
		let events = Recorder<[Int]>()
		let observation = Defaults.observe(key, options: []) { change in
			let level = depth.withLock { $0 += 1; return $0 }
			events.record([change.newValue, level])
			if change.newValue < 3 { Defaults[key] = change.newValue + 1 }
			depth.withLock { $0 -= 1 }
		}
		Defaults[key] = 1
		#expect(events.all == [[1, 1], [2, 1], [3, 1]])
		observation.invalidate()
	}
}
