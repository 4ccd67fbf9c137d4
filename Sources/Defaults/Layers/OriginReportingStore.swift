/**
A store that knows where each key's value comes from: the layer that holds it and the locks
file that fixes it. ``LayeredStore`` is one; a store that stands for another (an editor's view
of members inside a key's value) answers for the store it stands for.

``Defaults/origin(ofKeyNamed:in:)`` and ``Defaults/lockingFile(ofKeyNamed:in:)`` ask a store
through this capability, so they need not know which store they hold.

```swift
if let layered = store as? any OriginReportingStore {
	print(layered.origin(forKey: "fontSize"))   //=> system (/etc/xdg/myapp/settings.json)
}
```
*/
public protocol OriginReportingStore: DefaultsStore {
	/// Where the value of `key` comes from.
	func origin(forKey key: String) -> Defaults.ValueOrigin
	/// The locks file that locks `key`, or `nil` when none does.
	func lockingFile(forKey key: String) -> String?
}

extension LayeredStore: OriginReportingStore {
	/// The locks file that locks `key`, or `nil` when none does.
	public func lockingFile(forKey key: String) -> String? {
		locks.lockingFile(forKey: key)
	}
}
