import Foundation

extension Defaults {
	/**
	Stores an `NSSecureCoding` object as a base64 string of its keyed archive
	(`NSKeyedArchiver` with secure coding required).

	```swift
	final class Token: NSObject, NSSecureCoding, Defaults.Serializable { ... }
	// Stored as "YnBsaXN0MDDUAQIDBAUGBwpYJHZlcnNpb24...".
	```
	*/
	public struct NSSecureCodingBridge<Value: NSObject & NSSecureCoding>: Bridge, Sendable {
		public typealias Serializable = JSONValue
		public init() {}

		public func serialize(_ value: Value?) -> JSONValue? {
			guard let value, let data = try? NSKeyedArchiver.archivedData(withRootObject: value, requiringSecureCoding: true) else {
				return nil
			}
			return .string(data.base64EncodedString())
		}

		public func deserialize(_ object: JSONValue?) -> Value? {
			guard let text = object?.stringValue, let data = Data(base64Encoded: text) else { return nil }
			return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Value.self, from: data)
		}
	}
}
