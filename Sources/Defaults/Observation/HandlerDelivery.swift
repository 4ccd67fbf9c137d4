import Dispatch
import Foundation
import Synchronization

/**
Runs an observation's handler where it belongs: in the actor that started the observation,
or, when it was started outside any actor, on the thread that made the change.

`Defaults.observe` takes its handler as a plain closure, as the original library does, so
that a main-actor class can observe a key and set its own properties:

```swift
@MainActor
final class Settings {
	var isUnicornMode = false
	private var observation: Defaults.Observation?

	init() {
		observation = Defaults.observe(.isUnicornMode) { [weak self] change in
			self?.isUnicornMode = change.newValue // on the main actor
		}
	}
}
```

The closure belongs to the caller's actor, so it is only ever run there: at once when the
change is made on that actor (on the main thread, for the main actor), and otherwise by a
task on that actor, in the order the changes were made. A handler given outside any actor
runs on the thread that made the change, right after it, as the original's did.
*/
final class HandlerDelivery<Argument>: @unchecked Sendable {
	private let handler: (Argument) -> Void
	/// The actor the handler belongs to; `nil` when it was given outside any actor.
	private let isolation: (any Actor)?
	/// Set when the observation ends: a change still waiting for a task is then dropped.
	private let isCancelled = Atomic<Bool>(false)
	/// Changes waiting for a task on `isolation`, oldest first, and whether that task is scheduled.
	private let queue = Locked<(waiting: [Argument], isScheduled: Bool)>(([], false))

	init(_ handler: @escaping (Argument) -> Void, isolation: (any Actor)?) {
		self.handler = handler
		self.isolation = isolation
	}

	/// ``deliver(_:)`` and ``cancel()`` as closures for the observation to call from any thread.
	var callbacks: (deliver: @Sendable (Argument) -> Void, cancel: @Sendable () -> Void) {
		({ self.deliver($0) }, { self.cancel() })
	}

	/// Drops the changes still waiting, and every later one: the observation has ended.
	func cancel() {
		isCancelled.store(true, ordering: .releasing)
	}

	/// Runs the handler now, on the caller's actor (for the initial event, given on that actor).
	func deliverNow(_ argument: Argument) {
		handler(argument)
	}

	/// Runs the handler for a change made on any thread.
	func deliver(_ argument: Argument) {
		guard !isCancelled.load(ordering: .acquiring) else { return }
		guard let isolation else {
			handler(argument)
			return
		}
		if isolation === MainActor.shared, Self.isOnMainActor, queue.withLock({ $0.waiting.isEmpty }) {
			// Already on the main actor with nothing before it: no need to wait for a task.
			let boxed = UncheckedSendable(argument)
			MainActor.assumeIsolated { handler(boxed.value) }
			return
		}
		let schedule = queue.withLock { queue -> Bool in
			queue.waiting.append(argument)
			defer { queue.isScheduled = true }
			return !queue.isScheduled
		}
		if schedule {
			Task { await self.drain(on: isolation) }
		}
	}

	/// Whether the current code runs on the main actor: on the main thread, or in a job of the
	/// main queue (when the main thread has called `dispatchMain()`, a worker thread runs them).
	private static var isOnMainActor: Bool {
		Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMarker.key) == true
	}

	/// Runs the handler for every waiting change, in order, on `actor`.
	private func drain(on actor: isolated any Actor) {
		while true {
			let waiting = queue.withLock { queue -> [Argument] in
				defer { queue.waiting.removeAll() }
				if queue.waiting.isEmpty { queue.isScheduled = false }
				return queue.waiting
			}
			if waiting.isEmpty { return }
			for argument in waiting where !isCancelled.load(ordering: .acquiring) {
				handler(argument)
			}
		}
	}
}

/// A mark on the main queue, to tell its jobs from others'.
private struct MainQueueMarker: Sendable {
	let key = DispatchSpecificKey<Bool>()

	init() {
		DispatchQueue.main.setSpecific(key: key, value: true)
	}
}

private let mainQueueMarker = MainQueueMarker()
