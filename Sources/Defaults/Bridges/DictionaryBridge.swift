extension Defaults {
	/**
	Stores a dictionary as a JSON object whose member names are the keys' string forms.

	Any key type that is `LosslessStringConvertible & Hashable` works, as in the original
	library: `[String: Int]`, `[Int: String]`, `[UUID: Date]`, or a type of your own.

	```swift
	extension Defaults.Keys {
		static let names = Key<[Int: String]>("names", default: [:])
	}

	Defaults[.names] = [1: "one", 2: "two"]
	// In the file store: {"1": "one", "2": "two"}
	```

	A stored member name that is not a valid key (`"x"` for an `Int` key) makes the whole
	value undecodable, which is reported, rather than dropping that member silently.
	*/
	public struct DictionaryBridge<Key: LosslessStringConvertible & Hashable, Element: Serializable>: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = [Key: Element]
		/// The stored form: a JSON object.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// A JSON object with each key's string form as a member name; `nil` if a value cannot be stored
		/// or two keys have the same string form.
		public func serialize(_ value: [Key: Element]?) -> JSONValue? {
			guard let value else { return nil }
			var members: [String: JSONValue] = [:]
			members.reserveCapacity(value.count)
			for (key, element) in value {
				guard let stored = Element.storedValue(from: element) else { return nil }
				let name = String(key)
				// Two keys with the same string form (possible for a type of your own) cannot both be kept.
				guard members.updateValue(stored, forKey: name) == nil else { return nil }
			}
			return .object(members)
		}

		/// The dictionary from a JSON object; `nil` if it is not an object, or any member name is not a valid key
		/// or any value does not fit `Element`.
		public func deserialize(_ object: JSONValue?) -> [Key: Element]? {
			guard let members = object?.objectValue else { return nil }
			var result: [Key: Element] = [:]
			result.reserveCapacity(members.count)
			for (name, stored) in members {
				guard let key = Self.key(named: name), let element = Element.value(from: stored) else { return nil }
				result[key] = element
			}
			return result
		}

		/// The key whose string form is `name`, or `nil` if there is none.
		static func key(named name: String) -> Key? {
			if let name = name as? Key { return name }
			return Key(name)
		}
	}
}

extension Dictionary: Defaults.Serializable where Key: LosslessStringConvertible, Value: Defaults.Serializable {
	/// Stores a dictionary as a JSON object keyed by the keys' string forms, through ``Defaults/DictionaryBridge``.
	public static var bridge: Defaults.DictionaryBridge<Key, Value> { Defaults.DictionaryBridge() }
}

extension Defaults.DictionaryBridge: PropertyListBridge {
	/// Keys become their string forms. With `String` keys the values take the form they take in
	/// an array; with other keys, the original passes each value through its bridge, so plain
	/// values become JSON text (see PropertyListForm+Values.swift).
	func propertyList(from value: [Key: Element], insideBridge: Bool) -> Any? {
		let valuesInsideBridge = Key.self == String.self ? insideBridge : true
		var members: [String: Any] = [:]
		members.reserveCapacity(value.count)
		for (key, element) in value {
			guard let member = Element.propertyList(from: element, insideBridge: valuesInsideBridge) else { return nil }
			members[String(key)] = member
		}
		return members
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> [Key: Element]? {
		guard let members = propertyListMembers(object) else { return nil }
		let valuesInsideBridge = Key.self == String.self ? insideBridge : true
		var result: [Key: Element] = [:]
		result.reserveCapacity(members.count)
		for (name, member) in members {
			guard
				let key = Self.key(named: name),
				let element = Element.value(fromPropertyList: member, insideBridge: valuesInsideBridge)
			else { return nil }
			result[key] = element
		}
		return result
	}
}
