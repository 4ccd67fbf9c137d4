/**
A store that knows where each key's value comes from: the layer that holds it, the value every
layer has, and the locks file that fixes it. ``LayeredStore`` is one; a store that stands for
another (an editor's view of members inside a key's value) answers for the store it stands for.

A program asks a store for this capability with ``DefaultsStore/layers``, which a store that
adopts the protocol answers with itself, so that ``Defaults/origin(ofKeyNamed:in:)``, the
settings editor's help page and `defaults-tui` need not know which store they hold:

```swift
if let layers = store.layers {
	print(layers.origin(forKey: "fontSize"))          //=> system (/etc/xdg/myapp/settings.json)
	for layer in layers.layerValues(forKey: "fontSize") {
		print(layer.origin, layer.value.jsonString())  //=> user (/home/me/.config/myapp/settings.json) 18
	}
	layers.user.storedValues()                         // the person's own values, to export
}
```

Only ``origin(forKey:)`` must be written: a store without locks or other layers has the
others as they are. Declare the conformance in the module that declares the store (see
``SavingStore`` for why).
*/
public protocol OriginReportingStore: DefaultsStore {
	/// Where the value of `key` comes from.
	func origin(forKey key: String) -> Defaults.ValueOrigin
	/// The locks file that locks `key`, or `nil` when none does.
	func lockingFile(forKey key: String) -> String?
	/// The value of `key` in every layer that has one, highest first: what a settings editor
	/// shows to explain a value.
	func layerValues(forKey key: String) -> [Defaults.LayerValue]
	/// The layer that holds the person's own values, where changes are written, as a store of
	/// the same keys: what an undo puts back and an export writes.
	var user: any DefaultsStore { get }
}

extension OriginReportingStore {
	/// The store itself: it knows where its values come from.
	public var layers: (any OriginReportingStore)? { self }

	/// `nil`: nothing is locked.
	public func lockingFile(forKey key: String) -> String? { nil }

	/// The store's own value, from where ``origin(forKey:)`` says, when it has one.
	public func layerValues(forKey key: String) -> [Defaults.LayerValue] {
		guard let value = storedValue(forKey: key) else { return [] }
		var origin = origin(forKey: key)
		origin.lockedBy = nil
		return [Defaults.LayerValue(origin: origin, value: value)]
	}

	/// The store itself: it has no layer below the person's own.
	public var user: any DefaultsStore { self }
}

extension LayeredStore: OriginReportingStore {
	/// The locks file that locks `key`, or `nil` when none does.
	public func lockingFile(forKey key: String) -> String? {
		locks.lockingFile(forKey: key)
	}
}
