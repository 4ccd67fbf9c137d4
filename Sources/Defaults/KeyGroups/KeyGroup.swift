/**
A group of keys that are stored together: define them as properties, then
read and write them through a ``KeyValueStorage``.

```swift
struct AppKeys: KeyGroup {
	let launchCount = KeyDefinition(key: "launchCount", defaultValue: 0)
	let debug = DebugKeys() // groups nest
}

struct DebugKeys: KeyGroup {
	let showConsole = KeyDefinition<Bool>(key: "showConsole", defaultValue: false)
}

let storage = KeyValueStorage<AppKeys>(backend: UserDefaults.standard)
storage.launchCount += 1
storage.debug.showConsole = true
```

A group also lists its keys (``descriptors``), so that tools such as the
settings editor can show every key of a group with its type and default.
*/
public protocol KeyGroup: Sendable {
	init()
}

extension Defaults {
	/// A key of a group as a tool sees it: name, place in the group, type and default.
	public struct KeyDescriptor: @unchecked Sendable {
		/// The key's name in the store.
		public let key: String
		/// The property path in the group, such as `debug.showConsole`.
		public let path: String
		/// The key's value type, as written in Swift (`Int`, `Optional<Date>`).
		public let typeName: String
		/// The default value in stored form; `nil` for an optional key without a default.
		public let defaultValue: Defaults.JSONValue?
		/// The key's value type.
		public let valueType: Any.Type
		private let validator: @Sendable (Defaults.JSONValue) -> Bool

		/// Whether `stored` is a valid stored form for this key.
		public func accepts(_ stored: Defaults.JSONValue) -> Bool {
			validator(stored)
		}

		init<Definition: StorageKeyDefinition>(_ definition: Definition, path: String) {
			key = definition.key
			self.path = path
			typeName = _typeName(Definition.Value.self, qualified: false)
			valueType = Definition.Value.self
			let defaultValue = definition.encode(definition.defaultValue)
			self.defaultValue = defaultValue?.isNull == true ? nil : defaultValue
			validator = { definition.decode($0) != nil }
		}
	}
}

extension KeyGroup {
	/// Every key of the group, nested groups included, in declaration order.
	public static var descriptors: [Defaults.KeyDescriptor] {
		descriptors(of: Self(), prefix: "")
	}

	private static func descriptors(of group: any KeyGroup, prefix: String) -> [Defaults.KeyDescriptor] {
		var result: [Defaults.KeyDescriptor] = []
		for child in Mirror(reflecting: group).children {
			let path = prefix + (child.label ?? "")
			if let definition = child.value as? any Defaults.StorageKeyDefinition {
				result.append(Defaults.KeyDescriptor(definition, path: path))
			} else if let nested = child.value as? any KeyGroup {
				result += descriptors(of: nested, prefix: path + ".")
			}
		}
		return result
	}
}

/// An in-memory backend for key groups, for tests and previews. The same type as ``InMemoryStore``.
public typealias InMemoryStorage = InMemoryStore
