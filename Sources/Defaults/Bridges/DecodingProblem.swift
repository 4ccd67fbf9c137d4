import Foundation

/**
Why a stored value does not decode as a `Decodable` type, in words that name the field:
for a setting's error message ("is not a valid WindowFrame: width: expected a number").

```swift
DecodingProblem.describe(WindowFrame.self, from: ["x": 1, "y": 2, "width": "wide"])
//=> "width: expected a number"
```
*/
package enum DecodingProblem {
	/// What is wrong with `value` as a `type`, or `nil` if it decodes (or `type` is not `Decodable`).
	package static func describe(_ type: Any.Type, from value: Defaults.JSONValue) -> String? {
		guard let decodable = type as? any Decodable.Type else { return nil }
		return describeDecodable(decodable, from: value)
	}

	private static func describeDecodable<Value: Decodable>(_ type: Value.Type, from value: Defaults.JSONValue) -> String? {
		do {
			_ = try CodableCoding.decoder().decode(Value.self, from: Data(value.jsonBytes()))
			return nil
		} catch let error as DecodingError {
			return describe(error)
		} catch {
			return "\(error)"
		}
	}

	/// A decoding error as "where: what".
	static func describe(_ error: DecodingError) -> String {
		switch error {
		case .keyNotFound(let key, let context):
			return "\(path(context.codingPath + [key])) is missing"
		case .typeMismatch(let type, let context):
			return located(context.codingPath, "expected \(describe(type))")
		case .valueNotFound(let type, let context):
			return located(context.codingPath, "is null; expected \(describe(type))")
		case .dataCorrupted(let context):
			return located(context.codingPath, context.debugDescription)
		@unknown default:
			return "\(error)"
		}
	}

	private static func located(_ codingPath: [any CodingKey], _ what: String) -> String {
		codingPath.isEmpty ? what : "\(path(codingPath)): \(what)"
	}

	/// `frame.origin[2].x` for the keys leading to a value (an array's elements as `[2]`).
	package static func path(_ codingPath: [any CodingKey]) -> String {
		var text = ""
		for key in codingPath {
			if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == String(index) {
				text += "[\(index)]"
			} else {
				text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
			}
		}
		return text
	}

	/// A type as a person names its values: "a number", "text", "true or false", "a list".
	private static func describe(_ type: Any.Type) -> String {
		switch type {
		case is any BinaryInteger.Type: "a whole number"
		case is any BinaryFloatingPoint.Type: "a number"
		case is String.Type: "text"
		case is Bool.Type: "true or false"
		case is [Any].Type: "a list"
		case is [String: Any].Type: "an object"
		default: "\(type)"
		}
	}
}
