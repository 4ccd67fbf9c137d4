import Defaults
import Foundation
import Observation
import Synchronization
import TestEnvironment

/// Stores of the macro tests, under the test process's private configuration directory
/// (see the TestEnvironment target), never in the real home.
enum TestStores {
	/// A path for a file store, in a directory of its own.
	static func fileURL() -> URL {
		URL(fileURLWithPath: String(cString: defaults_tests_config_directory()), isDirectory: true)
			.appendingPathComponent("macros-\(UUID().uuidString)", isDirectory: true)
			.appendingPathComponent("settings.json", isDirectory: false)
	}
}

/// Checks `condition` every 10 ms until it holds or `timeout` has passed (generous, for a busy
/// machine), in the caller's isolation.
func waitUntil(
	isolation: isolated (any Actor)? = #isolation,
	timeout: Duration = .seconds(30),
	_ condition: () -> Bool
) async -> Bool {
	let deadline = ContinuousClock.now + timeout
	while !condition() {
		guard ContinuousClock.now < deadline else { return false }
		try? await Task.sleep(for: .milliseconds(10))
	}
	return true
}

/**
One `withObservationTracking` of a read: how often its `onChange` ran, and what
`snapshot` returned then (`onChange` runs once the key holds its new value).

```swift
let tracking = Tracking(snapshot: { Defaults[key] }) { _ = settings.flag }
Defaults[key] = true
#expect(await waitUntil { tracking.count == 1 })
```
*/
final class Tracking<Snapshot: Sendable>: Sendable {
	private let state = Mutex<(count: Int, snapshots: [Snapshot], threads: [UInt])>((0, [], []))

	init(snapshot: @escaping @Sendable () -> Snapshot, read: () -> Void) {
		withObservationTracking(read) { [self] in
			let value = snapshot()
			state.withLock { state in
				state.count += 1
				state.snapshots.append(value)
				state.threads.append(currentThreadID())
			}
		}
	}

	/// How many times `onChange` ran.
	var count: Int { state.withLock { $0.count } }

	/// What `snapshot` returned each time `onChange` ran.
	var snapshots: [Snapshot] { state.withLock { $0.snapshots } }

	/// The threads `onChange` ran on (see ``currentThreadID()``).
	var threads: [UInt] { state.withLock { $0.threads } }
}

extension Tracking where Snapshot == Void {
	convenience init(read: () -> Void) {
		self.init(snapshot: {}, read: read)
	}
}

/// An identifier of the calling thread.
func currentThreadID() -> UInt {
	UInt(pthread_self())
}
