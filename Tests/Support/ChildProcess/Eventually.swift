/**
Waits until `condition` holds, checking it every 20 ms for at most `timeout`; whether it held.
The one wait of the tests for what happens on another thread or in another process.

The default is generous: in the full parallel run on a 2-core machine, the synchronous tests keep
both threads of the cooperative pool busy for about half a minute, and a wait's polling (and
the work it waits for) may wait behind them. A condition that never holds still fails.

It runs on the caller's actor: a test on the main actor can check main-actor state, and the
main actor's queued work runs while it sleeps.

```swift
#expect(await eventually { store.storedValue(forKey: "a") == nil })
#expect(await eventually(within: .seconds(30)) { (try? etcd.value(of: "/app/theme")) == #""dark""# })
```
*/
public func eventually(
	within timeout: Duration = .seconds(60),
	isolation: isolated (any Actor)? = #isolation,
	_ condition: () async -> Bool
) async -> Bool {
	let deadline = ContinuousClock.now + timeout
	while ContinuousClock.now < deadline {
		if await condition() { return true }
		try? await Task.sleep(for: .milliseconds(20))
	}
	return await condition()
}
