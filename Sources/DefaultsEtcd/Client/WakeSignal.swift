import Defaults

/// Wakes one waiting task: a signal fired while nobody waits is kept for the next wait.
final class WakeSignal: Sendable {
	private let state = Locked<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

	/// Wakes the waiter, or the next one to wait.
	func fire() {
		let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
			guard let waiter = state.waiter else {
				state.fired = true
				return nil
			}
			state.waiter = nil
			return waiter
		}
		waiter?.resume()
	}

	/// Returns once the signal fires (at once if it fired since the last wait) or the task is cancelled.
	func wait() async {
		await withTaskCancellationHandler {
			await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
				let resumeNow = state.withLock { state -> Bool in
					if state.fired || Task.isCancelled {
						state.fired = false
						return true
					}
					state.waiter = continuation
					return false
				}
				if resumeNow { continuation.resume() }
			}
		} onCancel: {
			fire()
		}
	}
}

/// Waits between attempts to reach etcd: 100 ms at first, doubling up to a limit, with some
/// randomness so that many machines that lost etcd together do not all come back at once.
struct Backoff: Sendable {
	var maximum: Duration
	private var next: Duration = .milliseconds(100)

	init(maximum: Duration) {
		self.maximum = maximum
	}

	/// The wait before the next attempt.
	mutating func delay() -> Duration {
		let current = next
		next = min(next * 2, maximum)
		return current * Double.random(in: 0.75...1.25)
	}

	/// An attempt succeeded: the next failure waits briefly again.
	mutating func reset() {
		next = .milliseconds(100)
	}
}
