/**
Reads and writes a key as a property, in any class or struct.

```swift
extension Defaults.Keys {
	static let hasUnicorn = Key<Bool>("hasUnicorn", default: false)
}

struct Settings {
	@Default(.hasUnicorn) var hasUnicorn
}

let settings = Settings()
settings.hasUnicorn = true   // writes the key; works on a `let` too
settings.$hasUnicorn.reset() // back to the default
```

It is `@Default`, not `@Defaults`. The projected value (`$hasUnicorn`, or
`_hasUnicorn`) gives ``reset()``, ``defaultValue``, `isDefaultValue` and
``updates(initial:)`` (and `publisher` with the `DefaultsOpenCombine` product).
On Linux there is no SwiftUI: the terminal editor is the way to show settings,
and ``updates(initial:)`` the way to follow them.
*/
@propertyWrapper
public struct Default<Value: Defaults.Serializable>: Sendable {
	/// The key this property reads and writes.
	public let key: Defaults.Key<Value>

	/**
	A property that reads and writes `key`, in the key's store.

	```swift
	@Default(.hasUnicorn) var hasUnicorn
	```
	*/
	public init(_ key: Defaults.Key<Value>) {
		self.key = key
	}

	/// The key's value, or its default when nothing valid is stored; setting it writes the key, even through a `let`.
	public var wrappedValue: Value {
		get { Defaults[key] }
		nonmutating set { Defaults[key] = newValue }
	}

	/// The wrapper itself (`$property`), for ``reset()``, ``defaultValue``, `isDefaultValue` and ``updates(initial:)``.
	public var projectedValue: Self { self }

	/// The key's default value: what the property reads as when nothing is stored.
	public var defaultValue: Value {
		key.defaultValue
	}

	/// Resets the key to its default value.
	public func reset() {
		key.reset()
	}

	/// Whether the key reads as its default value.
	public var isDefaultValue: Bool {
		key.isDefaultValue
	}

	/// The key's values as an asynchronous sequence. See `Defaults.updates(_:initial:)`.
	public func updates(initial: Bool = true) -> AsyncStream<Value> where Value: Sendable {
		Defaults.updates(key, initial: initial)
	}
}

extension Default where Value: Equatable {
	/// Whether the key reads as a value equal to its default.
	public var isDefaultValue: Bool {
		key.isDefaultValue
	}
}
