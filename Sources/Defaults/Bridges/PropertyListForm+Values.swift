import Foundation

// The property-list forms of single values (see PropertyListForm.swift): what the original
// writes for each of them in a `UserDefaults` suite.
//
// | Type                        | In a suite                          | Inside a dictionary with non-string keys |
// |-----------------------------|-------------------------------------|------------------------------------------|
// | Bool                        | a Boolean                           | "true"                                   |
// | integers                    | a number                            | "5"                                      |
// | Double, CGFloat             | a double (infinity and NaN too)     | "0.5"                                    |
// | Float                       | a float                             | "0.5"                                    |
// | String                      | a string                            | "\"x\"" (JSON text)                      |
// | Date                        | a date                              | seconds since 2001 as text               |
// | Data                        | data                                | "\"AAEC\"" (base64 in JSON text)         |
// | URL                         | JSON text: "\"https:\\/\\/a.com\""   | the same                                 |
// | UUID                        | its string (the JSON form)          | the same                                 |
// | Codable                     | JSON text with sorted keys          | the same                                 |
// | NSSecureCoding              | the keyed archive's data            | the same                                 |
//
// Only the last column's plain values differ from the first: the original passes such a
// value through its `Codable` bridge.

/// The JSON text of a plain value inside a dictionary with non-string keys, or the value itself.
private func plainPropertyList<Value: Encodable>(_ value: Value, native: Any, insideBridge: Bool) -> Any? {
	if insideBridge {
		return OriginalJSONText.text(of: value)
	}
	return native
}

/// A plain value read from the JSON text the original writes inside a dictionary with non-string keys.
private func plainValue<Value: Decodable>(_ type: Value.Type, fromText object: Any, insideBridge: Bool) -> Value? {
	guard insideBridge, let text = object as? String else { return nil }
	return OriginalJSONText.value(type, from: text)
}

extension Defaults.BoolBridge: PropertyListBridge {
	func propertyList(from value: Bool, insideBridge: Bool) -> Any? {
		plainPropertyList(value, native: value, insideBridge: insideBridge)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Bool? {
		if let value = object as? Bool, type(of: object) == Bool.self { return value }
		return plainValue(Bool.self, fromText: object, insideBridge: insideBridge)
	}
}

extension Defaults.IntegerBridge: PropertyListBridge {
	func propertyList(from value: Value, insideBridge: Bool) -> Any? {
		// Foundation on Linux takes `Int` and `UInt64`, not the narrower types (it stops the process).
		let native: Any? = Int(exactly: value).map { $0 as Any } ?? UInt64(exactly: value).map { $0 as Any }
		guard let native else { return nil }
		if insideBridge { return OriginalJSONText.text(ofAny: native) }
		return native
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Value? {
		guard insideBridge, let text = object as? String, let number = OriginalJSONText.value(Defaults.JSONValue.self, from: text) else { return nil }
		return number.integerValue(as: Value.self)
	}
}

extension Defaults.FloatingPointBridge: PropertyListBridge {
	func propertyList(from value: Value, insideBridge: Bool) -> Any? {
		let native: Any = Value.self == Float.self ? NSNumber(value: Float(value)) : Double(value)
		if insideBridge {
			return Value.self == Float.self ? OriginalJSONText.text(of: Float(value)) : OriginalJSONText.text(of: Double(value))
		}
		return native
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Value? {
		if let number = object as? Double, type(of: object) == Double.self { return Value(number) }
		if let number = object as? Float, type(of: object) == Float.self { return Value(number) }
		return plainValue(Double.self, fromText: object, insideBridge: insideBridge).map(Value.init)
	}
}

extension Defaults.StringBridge: PropertyListBridge {
	func propertyList(from value: String, insideBridge: Bool) -> Any? {
		plainPropertyList(value, native: value, insideBridge: insideBridge)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> String? {
		guard let text = object as? String else { return nil }
		// Inside a bridge the original's text is JSON; plain text (this package's form) is taken as it is.
		return plainValue(String.self, fromText: text, insideBridge: insideBridge) ?? text
	}
}

extension Defaults.DateBridge: PropertyListBridge {
	func propertyList(from value: Date, insideBridge: Bool) -> Any? {
		plainPropertyList(value, native: value, insideBridge: insideBridge)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Date? {
		if let date = object as? Date { return date }
		return plainValue(Date.self, fromText: object, insideBridge: insideBridge)
	}
}

extension Defaults.DataBridge: PropertyListBridge {
	func propertyList(from value: Data, insideBridge: Bool) -> Any? {
		plainPropertyList(value, native: value, insideBridge: insideBridge)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Data? {
		if let data = object as? Data { return data }
		return plainValue(Data.self, fromText: object, insideBridge: insideBridge)
	}
}

extension Defaults.URLBridge: PropertyListBridge {
	func propertyList(from value: URL, insideBridge: Bool) -> Any? {
		OriginalJSONText.text(of: value)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> URL? {
		guard let text = object as? String else { return nil }
		return OriginalJSONText.value(URL.self, from: text)
	}
}

extension Defaults.CodableBridge: PropertyListBridge {
	func propertyList(from value: Value, insideBridge: Bool) -> Any? {
		OriginalJSONText.text(of: value)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Value? {
		guard let text = object as? String else { return nil }
		return OriginalJSONText.value(Value.self, from: text)
	}
}

extension Defaults.NSSecureCodingBridge: PropertyListBridge {
	func propertyList(from value: Value, insideBridge: Bool) -> Any? {
		guard Self.canArchive() else { return nil }
		return try? NSKeyedArchiver.archivedData(withRootObject: value, requiringSecureCoding: true)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Value? {
		guard let data = object as? Data, Self.canArchive() else { return nil }
		return try? NSKeyedUnarchiver.unarchivedObject(ofClass: Value.self, from: data)
	}
}

extension Defaults.JSONValueBridge: PropertyListBridge {
	func propertyList(from value: Defaults.JSONValue, insideBridge: Bool) -> Any? {
		value.propertyList
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Defaults.JSONValue? {
		Defaults.JSONValue(propertyList: object)
	}
}
