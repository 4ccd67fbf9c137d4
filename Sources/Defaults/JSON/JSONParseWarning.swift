extension Defaults {
	/**
	A value in JSON text that was read, but not as written: for now, a number out of range.

	A number too large for a 64-bit floating-point number (`1e400`, or an integer
	of hundreds of digits) is kept as a ``Defaults/JSONValue/string(_:)`` holding
	its text, when parsed with ``Defaults/JSONValue/init(parsing:warnings:)-(String,_)``.
	Its text keeps every digit, so nothing is lost, and a key of a number type does
	not read it: it reads its default instead of a number nobody wrote (which the
	nearest finite `Double`, `1.7976931348623157e+308`, would be).

	```swift
	var warnings: [Defaults.JSONParseWarning] = []
	let value = try Defaults.JSONValue(parsing: #"{"limits": [1, 1e400]}"#, warnings: &warnings)
	value
	//=> {"limits":[1,"1e400"]}
	warnings.first?.description
	//=> 1e400 at limits[1] is a number out of range, so it was kept as a string holding its text
	```
	*/
	public struct JSONParseWarning: Sendable, Equatable, CustomStringConvertible {
		/// One step from the top of the text to a value: an object member or an array element.
		public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
			/// The member of an object with this key.
			case key(String)
			/// The element of an array at this (0-based) index.
			case index(Int)

			/// The key of a member, `nil` for an array element.
			public var key: String? {
				if case .key(let key) = self { return key }
				return nil
			}

			/// The key as it is, or the index in brackets: `[2]`.
			public var description: String {
				switch self {
				case .key(let key): key
				case .index(let index): "[\(index)]"
				}
			}
		}

		/// Where the value is, from the top of the text; empty for the top value itself.
		/// The first component of a value in a settings file is its key.
		public internal(set) var path: [PathComponent]
		/// The value's text as written, for example `1e400`.
		public let text: String
		/// What is wrong and what was done, for example `is a number out of range, so it was kept as a string holding its text`.
		public let reason: String

		/// A sentence fragment naming the value, where it is and what was done, for messages.
		public var description: String {
			let location = path.isEmpty ? "" : " at \(Self.describe(path))"
			return "\(Self.shortened(text))\(location) \(reason)"
		}

		/// `a.b[0]` for `[.key("a"), .key("b"), .index(0)]`.
		private static func describe(_ path: [PathComponent]) -> String {
			var text = ""
			for component in path {
				if case .key = component, !text.isEmpty { text += "." }
				text += component.description
			}
			return text
		}

		/// A long text cut to its start and its length: an integer of 400 digits is not repeated whole.
		private static func shortened(_ text: String) -> String {
			guard text.utf8.count > 40 else { return text }
			return "\(text.prefix(24))… (\(text.utf8.count) characters)"
		}
	}
}
