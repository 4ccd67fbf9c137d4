import Foundation

extension Defaults {
	/**
	Stores an `NSSecureCoding` object as a base64 string of its keyed archive
	(`NSKeyedArchiver` with secure coding required).

	```swift
	final class Token: NSObject, NSSecureCoding, Defaults.Serializable { ... }
	// Stored as "YnBsaXN0MDDUAQIDBAUGBwpYJHZlcnNpb24...".
	```

	On Linux, Foundation can archive only classes declared at the top level of a
	module and not `private` or `fileprivate` (it needs the name `Module.Class`);
	for any other class both directions fail and the problem is reported, instead
	of Foundation stopping the process.
	*/
	public struct NSSecureCodingBridge<Value: NSObject & NSSecureCoding>: Bridge, Sendable {
		/// The stored form: a base64 string of the keyed archive.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The object's keyed archive as a base64 string; `nil` for `nil`, when archiving fails,
		/// or when Foundation cannot archive the class (which is reported).
		public func serialize(_ value: Value?) -> JSONValue? {
			guard let value, Self.canArchive(), let data = try? NSKeyedArchiver.archivedData(withRootObject: value, requiringSecureCoding: true) else {
				return nil
			}
			return .string(data.base64EncodedString())
		}

		/// The object unarchived from a base64 string; `nil` when the value is not such a string, unarchiving fails,
		/// or Foundation cannot archive the class (which is reported).
		public func deserialize(_ object: JSONValue?) -> Value? {
			guard Self.canArchive(), let text = object?.stringValue, let data = Data(base64Encoded: text) else { return nil }
			return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Value.self, from: data)
		}

		/// Whether Foundation can name the class in an archive; it stops the process for classes it cannot.
		static func canArchive() -> Bool {
			let name = String(reflecting: Value.self)
			let isTopLevel = !name.contains("(") && !name.contains("<") && name.split(separator: ".").count == 2
			if !isTopLevel {
				Defaults.report(.init(
					kind: .unencodableValue,
					key: nil,
					message: "\(name) cannot be stored through NSSecureCoding: on Linux, Foundation archives only classes declared at the top level of a module and not private or fileprivate."
				))
			}
			return isTopLevel
		}
	}
}
