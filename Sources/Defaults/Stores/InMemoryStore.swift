/**
A store that keeps values in memory only: for tests, previews and settings
that should not outlive the process.

```swift
let store = InMemoryStore()
let volume = Defaults.Key<Int>("volume", default: 5, suite: store)
Defaults[volume] = 7
store.storedValues()
//=> ["volume": 7]
```
*/
public final class InMemoryStore: DefaultsStore, CoreBackedStore, Sendable {
	let core: StoreCore

	/// Creates an empty store, or one holding `values` (key name to stored form).
	public init(_ values: [String: Defaults.JSONValue] = [:]) {
		core = StoreCore(values: values)
	}
}
