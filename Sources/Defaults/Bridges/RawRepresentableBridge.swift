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
		public typealias Serializable = Value.RawValue
		public init() {}

		public func serialize(_ value: Value?) -> Value.RawValue? {
			value?.rawValue
		}

		public func deserialize(_ object: Value.RawValue?) -> Value? {
			object.flatMap(Value.init(rawValue:))
		}
	}
}
