import Foundation

// The form a value takes in a `UserDefaults` suite: the property-list objects that the
// original Defaults library writes for it on macOS (a `Date` as a date, `Data` as data, a
// `Codable` value as a string of JSON), so that a suite reads the same here and there.
//
// Every store keeps values in their JSON form (``Defaults/JSONValue``); only a suite needs
// another, and which one depends on the type (a date's JSON form is a string, yet the
// suite must hold a date), so the conversion is made here, where the type is known.
// Reading accepts the original's form first, then this package's earlier one (the JSON
// form converted member by member: ISO 8601 strings, base64 text, nested dictionaries).

/**
A bridge that knows the property-list form of its values in a `UserDefaults` suite.

`insideBridge` is `true` for the values of a dictionary whose keys are not strings: the
original passes those through their own bridge, which turns a plain value (a number, a
string, a date, data) into the text its `JSONEncoder` makes of it (`"5"`, `"\"x\""`).
Arrays, optionals and string-keyed dictionaries hand the flag on to their elements;
every other bridge starts afresh.
*/
protocol PropertyListBridge: DefaultsBridge {
	/// The property-list object the original writes for `value`, or `nil` if there is none.
	func propertyList(from value: Value, insideBridge: Bool) -> Any?
	/// The value for a suite's object in the original's form, or `nil` if it is not in that form.
	func value(fromPropertyList object: Any, insideBridge: Bool) -> Value?
}

extension DefaultsSerializable {
	/// The property-list object that stands for `value` in a `UserDefaults` suite, or `nil` if it cannot be stored.
	static func propertyList(from value: Self, insideBridge: Bool = false) -> Any? {
		if let bridge = bridge as? any PropertyListBridge {
			return propertyList(from: value, through: bridge, insideBridge: insideBridge)
		}
		guard let serialized = bridge.serialize(value) else { return nil }
		if let json = serialized as? Defaults.JSONValue {
			return json.propertyList
		}
		// A bridge to another storable type (a custom bridge, a raw value): that type's form.
		if let serializable = serialized as? any Defaults.Serializable {
			return serializedPropertyList(of: serializable)
		}
		return Defaults.JSONValue(serialized: serialized)?.propertyList
	}

	/**
	The value for an object read from a `UserDefaults` suite: in the original's form, or
	else in this package's earlier form (the JSON form as property-list objects).
	*/
	static func value(fromPropertyList object: Any, insideBridge: Bool = false) -> Self? {
		let object = unwrappedPropertyList(object)
		if let value = originalFormValue(from: object, insideBridge: insideBridge) {
			return value
		}
		return Defaults.JSONValue(propertyList: object).flatMap(value(from:))
	}

	private static func originalFormValue(from object: Any, insideBridge: Bool) -> Self? {
		if let bridge = bridge as? any PropertyListBridge {
			return value(fromPropertyList: object, through: bridge, insideBridge: insideBridge)
		}
		guard
			Bridge.Serializable.self != Defaults.JSONValue.self,
			let serializedType = Bridge.Serializable.self as? any Defaults.Serializable.Type,
			let serialized = restoredSerialized(serializedType, fromPropertyList: object) as? Bridge.Serializable
		else { return nil }
		return bridge.deserialize(serialized)
	}

	private static func propertyList<B: PropertyListBridge>(from value: Self, through bridge: B, insideBridge: Bool) -> Any? {
		guard let value = value as? B.Value else { return nil }
		return bridge.propertyList(from: value, insideBridge: insideBridge)
	}

	private static func value<B: PropertyListBridge>(fromPropertyList object: Any, through bridge: B, insideBridge: Bool) -> Self? {
		// Unwrapped first: a failed read of an optional (`nil` of `Wrapped??`) would cast to a `nil` that reads.
		guard let value = bridge.value(fromPropertyList: object, insideBridge: insideBridge) else { return nil }
		return value as? Self
	}
}

private func serializedPropertyList<T: Defaults.Serializable>(of value: T) -> Any? {
	T.propertyList(from: value)
}

private func restoredSerialized<T: Defaults.Serializable>(_ type: T.Type, fromPropertyList object: Any) -> Any? {
	T.value(fromPropertyList: object)
}

/// The object inside an `Optional` that Foundation hands out as `Any` (arrays from a suite hold `Any?`).
func unwrappedPropertyList(_ object: Any) -> Any {
	if let optional = object as? any AnyOptional, let wrapped = optional.wrappedAny {
		return unwrappedPropertyList(wrapped)
	}
	return object
}

/// The elements of an array read from a suite, or `nil` if the object is not an array.
func propertyListElements(_ object: Any) -> [Any]? {
	(object as? [Any]).map { $0.map(unwrappedPropertyList) }
}

/// The members of a dictionary read from a suite, or `nil` if the object is not a dictionary with string keys.
func propertyListMembers(_ object: Any) -> [String: Any]? {
	if let members = object as? [String: Any] {
		return members.mapValues(unwrappedPropertyList)
	}
	guard let members = object as? [AnyHashable: Any] else { return nil }
	var result: [String: Any] = [:]
	for (key, member) in members {
		guard let key = key.base as? String else { return nil }
		result[key] = unwrappedPropertyList(member)
	}
	return result
}
