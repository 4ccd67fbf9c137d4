/**
Holds back callbacks (observers, the problem handler, outside-change handlers) that
become due while a store holds a lock, and runs them once the lock is released, on
the same thread and in the order they became due.

A store wraps each locked section in ``run(_:)``; code that calls out wraps the call
in ``perform(_:)``. So no callback runs with a store lock held, and a callback may
call the store again (read, write, `flush()`, `lastSaveError`) without deadlocking.

```swift
let changed = CallbackDeferral.run {
	ioLock.withLock { reload() }   // observers posted in here wait
}                                  // and run here, after the unlock
```
*/
enum CallbackDeferral {
	/// The callbacks held back by the innermost ``run(_:)`` on this thread (or task).
	final class Pending: @unchecked Sendable {
		// Only touched by the thread that runs the section, so it needs no lock.
		var callbacks: [() -> Void] = []
	}

	@TaskLocal static var current: Pending?

	/// Runs `body`, holding back callbacks that become due in it until it returns.
	/// Nested sections deliver from the outermost one.
	static func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
		if current != nil { return try body() }
		let pending = Pending()
		let outcome = $current.withValue(pending) { () -> Swift.Result<Result, Failure> in
			do throws(Failure) {
				return .success(try body())
			} catch {
				return .failure(error)
			}
		}
		// Delivered after the section (and the lock it held) has ended, whatever it returned.
		deliver(pending)
		return try outcome.get()
	}

	/// Runs `callback` now, or after the enclosing section when one is running.
	static func perform(_ callback: @escaping () -> Void) {
		if let current {
			current.callbacks.append(callback)
		} else {
			callback()
		}
	}

	private static func deliver(_ pending: Pending) {
		// A callback may make more callbacks due (an observer that writes): they run at once.
		var index = 0
		while index < pending.callbacks.count {
			pending.callbacks[index]()
			index += 1
		}
	}
}
