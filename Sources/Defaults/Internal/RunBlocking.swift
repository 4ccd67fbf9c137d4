import Dispatch

/**
Runs `operation` in a task of its own and blocks the calling thread until it finishes; its
result, or the error it threw. For synchronous code that must wait for async work: a command
line tool's main thread, a benchmark's rows.

Never call it from a task or an actor (a thread of the cooperative pool, the main actor while
it has work to do): the blocked thread may be the one the operation needs.

```swift
let synced = runBlocking { await sync.waitForSyncCompletion(timeout: .seconds(10)) }
try runBlocking { () async throws(EtcdError) in try await store.backend.flush(timeout: .seconds(15)) }
```
*/
package func runBlocking<Success: Sendable, Failure: Error>(
	_ operation: @escaping @Sendable () async throws(Failure) -> Success
) throws(Failure) -> Success {
	let outcome = Locked<Result<Success, Failure>?>(nil)
	let finished = DispatchSemaphore(value: 0)
	Task.detached {
		let result: Result<Success, Failure>
		do throws(Failure) {
			result = .success(try await operation())
		} catch {
			result = .failure(error)
		}
		outcome.withLock { $0 = result }
		finished.signal()
	}
	while true {
		finished.wait()
		if let result = outcome.value { return try result.get() }
	}
}
