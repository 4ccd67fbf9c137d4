#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small non-recursive mutex over `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` where the protected state is not
/// `Sendable` (cached values of arbitrary user types), which `Mutex` cannot
/// hand out without copying through `sending` results, and everywhere the thread
/// sanitizer runs: on Linux `Mutex` waits on futexes the sanitizer cannot see, so it
/// reports races on state the mutex did guard. Tests share ``Locked`` for the same reason.
@usableFromInline
package final class Lock: @unchecked Sendable {
	@usableFromInline
	let mutex: UnsafeMutablePointer<pthread_mutex_t>

	package init() {
		mutex = .allocate(capacity: 1)
		mutex.initialize(to: pthread_mutex_t())
		pthread_mutex_init(mutex, nil)
	}

	deinit {
		pthread_mutex_destroy(mutex)
		mutex.deallocate()
	}

	@inlinable
	func lock() { pthread_mutex_lock(mutex) }

	@inlinable
	func unlock() { pthread_mutex_unlock(mutex) }

	@inline(__always)
	package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
		pthread_mutex_lock(mutex)
		defer { pthread_mutex_unlock(mutex) }
		return try body()
	}
}

/// A value guarded by a ``Lock``.
///
/// The value lives behind a pointer rather than in a stored `var`: the lock already
/// makes every access exclusive, and a class's stored `var` would add a run-time
/// exclusivity check to each one (measurable on the store's hot paths). Open to the
/// package's other targets (the etcd sync, tests) for the thread sanitizer's sake.
package final class Locked<State>: @unchecked Sendable {
	private let lock = Lock()
	private let state: UnsafeMutablePointer<State>

	package init(_ state: State) {
		self.state = .allocate(capacity: 1)
		self.state.initialize(to: state)
	}

	deinit {
		state.deinitialize(count: 1)
		state.deallocate()
	}

	package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
		try lock.withLock { () throws(Failure) in try body(&state.pointee) }
	}

	package var value: State {
		lock.withLock { state.pointee }
	}
}

/// Carries a value that is safe to share but not marked `Sendable` (a `UserDefaults`,
/// a key path of a `Sendable` group, a store) into a `@Sendable` closure. Shared with the
/// package's other targets, as ``Locked`` is.
package struct UncheckedSendable<Value>: @unchecked Sendable {
	package let value: Value

	package init(_ value: Value) {
		self.value = value
	}
}
