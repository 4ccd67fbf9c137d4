/**
Typed, observable, persistent settings.

Declare each setting once as a key with a type and a default, then read and
write it through the `Defaults` subscript:

```swift
import Defaults

extension Defaults.Keys {
	static let quality = Key<Double>("quality", default: 0.8)
}

Defaults[.quality]
//=> 0.8

Defaults[.quality] = 0.5
Defaults[.quality] += 0.1
//=> 0.6
```

Values are kept in a store (``DefaultsStore``) in a JSON-compatible form
(``Defaults/JSONValue``); a key's `suite:` chooses the store.
*/
public enum Defaults {
	/// A type that can be stored in defaults. See ``DefaultsSerializable``.
	public typealias Serializable = DefaultsSerializable
	/// Converts a value to and from its stored form. See ``DefaultsBridge``.
	public typealias Bridge = DefaultsBridge
	/// A collection stored as a JSON array. See ``DefaultsCollectionSerializable``.
	public typealias CollectionSerializable = DefaultsCollectionSerializable
	/// A set-algebra type stored as a JSON array. See ``DefaultsSetAlgebraSerializable``.
	public typealias SetAlgebraSerializable = DefaultsSetAlgebraSerializable
	/// Store a type that is both `Codable` and `RawRepresentable` through its raw value.
	public typealias PreferRawRepresentable = DefaultsPreferRawRepresentable
	/// Store a type that is both `Codable` and `NSSecureCoding` through `NSSecureCoding`.
	public typealias PreferNSSecureCoding = DefaultsPreferNSSecureCoding
	/// Where values are kept. See ``DefaultsStore``.
	public typealias Store = DefaultsStore
}

/**
`Defaults` under another name, so that a program can declare, once,

```swift
typealias Defaults = _Defaults
typealias Default = _Default
```

and use `Defaults`, its keys and `@Default` in every other file of the program without
`import Defaults`: an alias declared in one file is visible in all of its module.
*/
public typealias _Defaults = Defaults

/// ``Default`` under another name; see ``_Defaults``.
public typealias _Default = Default

extension Defaults {
	/**
	Reads or writes the value of a key in the key's own store.

	Reading a key that has no stored value gives its default. Assigning `nil`
	to an optional key removes the stored value.

	```swift
	let isUnicorn = Defaults.Key<Bool>("isUnicorn", default: true)
	Defaults[isUnicorn]
	//=> true
	```
	*/
	@inlinable
	public static subscript<Value: Serializable>(key: Key<Value>) -> Value {
		get { key.currentValue }
		set { key.setValue(newValue, in: key.suite) }
	}
}

extension DefaultsStore {
	/**
	Reads or writes the value of a key in this store rather than the key's own.

	```swift
	let extensionDefaults = UserDefaults(suiteName: "com.unicorn.app")!
	extensionDefaults[.isUnicorn]
	//=> true
	```
	*/
	public subscript<Value: Defaults.Serializable>(key: Defaults.Key<Value>) -> Value {
		get { key.value(in: self) }
		set { key.setValue(newValue, in: self) }
	}
}
