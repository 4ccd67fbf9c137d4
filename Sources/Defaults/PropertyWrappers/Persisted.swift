import Foundation

/**
A property kept in a store, in the style of PersistedPropertyWrapper.

```swift
@Persisted("UserSetting1", defaultValue: 42)
var someUserSetting: Int

@Persisted("UserSetting2") // no default needed for an optional
var someOtherUserSetting: Int?

enum AppTheme: Int { case brightRed, vibrantOrange, plainBlue }
@Persisted("theme", defaultValue: .plainBlue) // stored as the raw value
var selectedTheme: AppTheme

@Persisted(encodedDataKey: "appSettings", defaultValue: AppSettings()) // Codable, stored as JSON
var settings: AppSettings

@Persisted(archivedDataKey: "token") // NSSecureCoding, stored as a keyed archive
var token: Token?

@Persisted("alternativeStoredValue", storage: .alternative) // another UserDefaults suite, or any store
var alternativeStoredValue: Int?
```

Supported are the types of `Defaults.Serializable`, `RawRepresentable` types whose
raw value is one, `Codable` types with `encodedDataKey:`, `NSSecureCoding` objects
with `archivedDataKey:`, and optionals of all of these. Any other type does not
compile: no initializer accepts it.

In Swift 6, a wrapped `static` property must be declared in a type or extension
isolated to a global actor (`nonisolated(unsafe)` does not reach the wrapper's storage):

```swift
@MainActor
extension AppSettings {
	@Persisted(encodedDataKey: "appSettings", defaultValue: .init())
	static var current: AppSettings
}
```

Without `storage:` the value lives in the standard store (``FileStore/standard``).
The property reads and writes through the same machinery as a `Defaults.Key`, so
observers of a key with the same name and store see its changes.
*/
@propertyWrapper
public struct Persisted<Value>: @unchecked Sendable {
	private let read: () -> Value
	private let write: (Value) -> Void
	/// The key's name in the store.
	public let key: String
	/// The store that holds the value.
	public let storage: any DefaultsStore

	private init<Stored: Defaults.Serializable>(
		key: Defaults.Key<Stored>,
		toValue: @escaping (Stored) -> Value,
		toStored: @escaping (Value) -> Stored
	) {
		self.key = key.name
		storage = key.suite
		read = { toValue(Defaults[key]) }
		write = { Defaults[key] = toStored($0) }
	}

	/// The stored value, or the default when nothing valid is stored; setting it writes the store, even through a `let`.
	public var wrappedValue: Value {
		get { read() }
		nonmutating set { write(newValue) }
	}

	/// The wrapper itself (`$property`), for `reset()`, `key` and `storage`.
	public var projectedValue: Self { self }

	/// Removes the stored value, so the property reads as its default again.
	public func reset() {
		storage.removeStoredValue(forKey: key)
	}
}

// MARK: - Serializable types

extension Persisted where Value: Defaults.Serializable {
	/**
	A property kept under `key` in `storage`, reading as `defaultValue` when nothing is stored.

	```swift
	@Persisted("launchCount", defaultValue: 0)
	var launchCount: Int
	```
	*/
	public init(_ key: String, defaultValue: Value, storage: any DefaultsStore = Defaults.standardStore) {
		self.init(key: Defaults.Key(key, default: defaultValue, suite: storage), toValue: { $0 }, toStored: { $0 })
	}

	/// A property kept under `key` in a `UserDefaults` suite, reading as `defaultValue` when nothing is stored.
	public init(_ key: String, defaultValue: Value, storage: UserDefaults) {
		self.init(key, defaultValue: defaultValue, storage: storage as any DefaultsStore)
	}
}

extension Persisted {
	/// An optional property kept under `key` in `storage`: `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: Defaults.Serializable>(_ key: String, storage: any DefaultsStore = Defaults.standardStore) where Value == Wrapped? {
		self.init(key, defaultValue: nil, storage: storage)
	}

	/// An optional property kept under `key` in a `UserDefaults` suite: `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: Defaults.Serializable>(_ key: String, storage: UserDefaults) where Value == Wrapped? {
		self.init(key, defaultValue: nil, storage: storage as any DefaultsStore)
	}
}

// MARK: - RawRepresentable types, stored as their raw value

extension Persisted where Value: RawRepresentable, Value.RawValue: Defaults.Serializable {
	/// A `RawRepresentable` property kept as its raw value under `key` in `storage`, reading as `defaultValue` when nothing is stored.
	public init(_ key: String, defaultValue: Value, storage: any DefaultsStore = Defaults.standardStore) {
		typealias Stored = Adapted<Defaults.RawRepresentableBridge<Value>>
		self.init(key: Defaults.Key(key, default: Stored(value: defaultValue), suite: storage), toValue: \.value, toStored: { Stored(value: $0) })
	}

	/// A `RawRepresentable` property kept as its raw value under `key` in a `UserDefaults` suite,
	/// reading as `defaultValue` when nothing is stored.
	public init(_ key: String, defaultValue: Value, storage: UserDefaults) {
		self.init(key, defaultValue: defaultValue, storage: storage as any DefaultsStore)
	}
}

extension Persisted {
	/// An optional `RawRepresentable` property kept as its raw value under `key` in `storage`:
	/// `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: RawRepresentable>(_ key: String, storage: any DefaultsStore = Defaults.standardStore)
	where Value == Wrapped?, Wrapped.RawValue: Defaults.Serializable {
		typealias Stored = Adapted<Defaults.RawRepresentableBridge<Wrapped>>
		self.init(key: Defaults.Key<Stored?>(key, suite: storage), toValue: { $0?.value }, toStored: { value in value.map { Stored(value: $0) } })
	}

	/// An optional `RawRepresentable` property kept as its raw value under `key` in a `UserDefaults` suite:
	/// `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: RawRepresentable>(_ key: String, storage: UserDefaults) where Value == Wrapped?, Wrapped.RawValue: Defaults.Serializable {
		self.init(key, storage: storage as any DefaultsStore)
	}
}

// A type that is both RawRepresentable and Serializable uses its Serializable bridge.
extension Persisted where Value: RawRepresentable & Defaults.Serializable, Value.RawValue: Defaults.Serializable {
	/// A property of a type that is both `RawRepresentable` and ``Defaults/Serializable``, kept under `key` in `storage`
	/// through the type's own bridge rather than as its raw value; reads as `defaultValue` when nothing is stored.
	public init(_ key: String, defaultValue: Value, storage: any DefaultsStore = Defaults.standardStore) {
		self.init(key: Defaults.Key(key, default: defaultValue, suite: storage), toValue: { $0 }, toStored: { $0 })
	}

	/// A property of a type that is both `RawRepresentable` and ``Defaults/Serializable``, kept under `key` in a
	/// `UserDefaults` suite through the type's own bridge; reads as `defaultValue` when nothing is stored.
	public init(_ key: String, defaultValue: Value, storage: UserDefaults) {
		self.init(key, defaultValue: defaultValue, storage: storage as any DefaultsStore)
	}
}

extension Persisted {
	/// An optional property of a type that is both `RawRepresentable` and ``Defaults/Serializable``, kept under `key`
	/// in `storage` through the type's own bridge: `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: RawRepresentable & Defaults.Serializable>(_ key: String, storage: any DefaultsStore = Defaults.standardStore)
	where Value == Wrapped?, Wrapped.RawValue: Defaults.Serializable {
		self.init(key, defaultValue: nil, storage: storage)
	}

	/// An optional property of a type that is both `RawRepresentable` and ``Defaults/Serializable``, kept under `key`
	/// in a `UserDefaults` suite through the type's own bridge: `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: RawRepresentable & Defaults.Serializable>(_ key: String, storage: UserDefaults)
	where Value == Wrapped?, Wrapped.RawValue: Defaults.Serializable {
		self.init(key, defaultValue: nil, storage: storage as any DefaultsStore)
	}
}

// MARK: - Codable types, stored as JSON

extension Persisted where Value: Codable {
	/**
	A `Codable` property kept as JSON under `key` in `storage` (a nested object in the file store),
	reading as `defaultValue` when nothing is stored.

	```swift
	@Persisted(encodedDataKey: "appSettings", defaultValue: AppSettings())
	var settings: AppSettings
	```
	*/
	public init(encodedDataKey key: String, defaultValue: Value, storage: any DefaultsStore = Defaults.standardStore) {
		typealias Stored = Adapted<Defaults.CodableBridge<Value>>
		self.init(key: Defaults.Key(key, default: Stored(value: defaultValue), suite: storage), toValue: \.value, toStored: { Stored(value: $0) })
	}

	/// A `Codable` property kept as JSON under `key` in a `UserDefaults` suite, reading as `defaultValue` when nothing is stored.
	public init(encodedDataKey key: String, defaultValue: Value, storage: UserDefaults) {
		self.init(encodedDataKey: key, defaultValue: defaultValue, storage: storage as any DefaultsStore)
	}
}

extension Persisted {
	/// An optional `Codable` property kept as JSON under `key` in `storage`: `nil` when nothing is stored;
	/// setting `nil` removes the value.
	public init<Wrapped: Codable>(encodedDataKey key: String, storage: any DefaultsStore = Defaults.standardStore) where Value == Wrapped? {
		typealias Stored = Adapted<Defaults.CodableBridge<Wrapped>>
		self.init(key: Defaults.Key<Stored?>(key, suite: storage), toValue: { $0?.value }, toStored: { value in value.map { Stored(value: $0) } })
	}

	/// An optional `Codable` property kept as JSON under `key` in a `UserDefaults` suite: `nil` when nothing is stored;
	/// setting `nil` removes the value.
	public init<Wrapped: Codable>(encodedDataKey key: String, storage: UserDefaults) where Value == Wrapped? {
		self.init(encodedDataKey: key, storage: storage as any DefaultsStore)
	}
}

// MARK: - NSSecureCoding objects, stored as keyed archives

extension Persisted where Value: NSObject & NSSecureCoding {
	/**
	An `NSSecureCoding` object kept as a base64 keyed archive under `key` in `storage`,
	reading as `defaultValue` when nothing is stored.

	```swift
	@Persisted(archivedDataKey: "token", defaultValue: Token())
	var token: Token
	```
	*/
	public init(archivedDataKey key: String, defaultValue: Value, storage: any DefaultsStore = Defaults.standardStore) {
		typealias Stored = Adapted<Defaults.NSSecureCodingBridge<Value>>
		self.init(key: Defaults.Key(key, default: Stored(value: defaultValue), suite: storage), toValue: \.value, toStored: { Stored(value: $0) })
	}

	/// An `NSSecureCoding` object kept as a base64 keyed archive under `key` in a `UserDefaults` suite,
	/// reading as `defaultValue` when nothing is stored.
	public init(archivedDataKey key: String, defaultValue: Value, storage: UserDefaults) {
		self.init(archivedDataKey: key, defaultValue: defaultValue, storage: storage as any DefaultsStore)
	}
}

extension Persisted {
	/// An optional `NSSecureCoding` object kept as a base64 keyed archive under `key` in `storage`:
	/// `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: NSObject & NSSecureCoding>(archivedDataKey key: String, storage: any DefaultsStore = Defaults.standardStore) where Value == Wrapped? {
		typealias Stored = Adapted<Defaults.NSSecureCodingBridge<Wrapped>>
		self.init(key: Defaults.Key<Stored?>(key, suite: storage), toValue: { $0?.value }, toStored: { value in value.map { Stored(value: $0) } })
	}

	/// An optional `NSSecureCoding` object kept as a base64 keyed archive under `key` in a `UserDefaults` suite:
	/// `nil` when nothing is stored; setting `nil` removes the value.
	public init<Wrapped: NSObject & NSSecureCoding>(archivedDataKey key: String, storage: UserDefaults) where Value == Wrapped? {
		self.init(archivedDataKey: key, storage: storage as any DefaultsStore)
	}
}
