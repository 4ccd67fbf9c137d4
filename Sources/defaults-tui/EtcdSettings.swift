import DefaultsEtcd
import Dispatch
import Synchronization

/// How long the command line waits for etcd.
enum EtcdSettings {
	/// One request to one member; the next member is tried after it.
	static let requestTimeout: Duration = .seconds(5)
	/// Every change written (`set`, `reset`, `import`, leaving the editor).
	static let saveTimeout: Duration = .seconds(15)
}

/**
Runs `operation` in a task and blocks the calling thread (the main thread of a command,
never one of the tasks' own threads) until it finishes; returns its result or throws its error.
*/
func waitForTask<Result: Sendable>(_ operation: @escaping @Sendable () async throws(EtcdError) -> Result) throws(EtcdError) -> Result {
	let outcome = Outcome<Result>()
	let finished = DispatchSemaphore(value: 0)
	Task.detached {
		let result: Swift.Result<Result, EtcdError>
		do throws(EtcdError) {
			result = .success(try await operation())
		} catch {
			result = .failure(error)
		}
		outcome.value.withLock { $0 = result }
		finished.signal()
	}
	finished.wait()
	guard let result = outcome.value.withLock({ $0 }) else {
		throw .invalidConfiguration("the request ended without an answer")
	}
	return try result.get()
}

/// Where a task leaves its result for the thread waiting on it.
private final class Outcome<Result: Sendable>: Sendable {
	let value = Mutex<Swift.Result<Result, EtcdError>?>(nil)
}
