extension Defaults {
	/**
	Stores a `RawRepresentable` value (usually an enum) as its raw value.

	```swift
	enum DurationKeys: String, Defaults.Serializable {
		case tenMinutes = "10 Minutes"
		case oneHour = "1 Hour"
	}
	// Stored as the JSON string "1 Hour".
	```
	*/
	public struct RawRepresentableBridge<Value: RawRepresentable>: Bridge, Sendable where Value.RawValue: Serializable {
		/// The stored form: the raw value, itself stored through its own bridge.
		public typealias Serializable = Value.RawValue
		/// Creates the bridge.
		public init() {}

		/// The value's raw value; `nil` for `nil`.
		public func serialize(_ value: Value?) -> Value.RawValue? {
			value?.rawValue
		}

		/// The value made from a raw value with `init(rawValue:)`; `nil` if no value has that raw value.
		public func deserialize(_ object: Value.RawValue?) -> Value? {
			object.flatMap(Value.init(rawValue:))
		}
	}
}
