import Foundation

extension Defaults {
	/**
	The base of every key, and the namespace to declare keys in.

	Extend `Defaults.Keys` with static keys so they can be written with a
	leading dot wherever a key is expected:

	```swift
	extension Defaults.Keys {
		static let quality = Key<Double>("quality", default: 0.8)
	}

	Defaults[.quality]
	Defaults.reset(.quality)
	```

	A key's name is its name in the store. Use ASCII letters, digits, `_` and
	`-`; a name that is empty, contains a non-ASCII character or a dot, or starts
	with `@` is reported as a ``Defaults/Problem`` (it still works with the
	package's own stores, but `UserDefaults` key paths and other tools may
	misread it).
	*/
	public class Keys: @unchecked Sendable {
		/// A typed key; the same type as ``Defaults/Key``.
		public typealias Key<Value: Defaults.Serializable> = Defaults.Key<Value>

		/// The key's name in the store.
		public let name: String
		/// The store that holds the key's value.
		public let suite: any DefaultsStore
		/// Whether the key is marked for syncing across machines (`iCloud: true` when it was made).
		public let isSynced: Bool

		init(name: String, suite: any DefaultsStore, iCloud: Bool = false) {
			self.name = name
			self.suite = suite
			isSynced = iCloud
			if let reason = Self.invalidNameReason(name) {
				Defaults.report(.init(
					kind: .invalidKeyName,
					key: name,
					message: "The key name '\(name)' is invalid: \(reason). Key names must be non-empty ASCII, must not start with '@' and must not contain '.'."
				))
			}
			if iCloud {
				SyncMarks.mark(self)
			}
			// cast: speed, a class comparison as each key is made (see `storeCore(of:)`): a layered
			// store learns what the key's type reads, to skip a system value it cannot.
			(suite as? LayeredStore)?.learn(self)
		}

		/// Whether `stored` reads as a value of the key's type: what a sync engine checks
		/// before it takes a value from another machine. (Any value for an untyped key.)
		public func acceptsStoredValue(_ stored: Defaults.JSONValue) -> Bool {
			true
		}

		/// Removes the key's stored value, so that it reads as its default again.
		public func reset() {
			suite.removeStoredValue(forKey: name)
		}

		/// Why `name` is not a valid key name, or `nil` if it is valid.
		static func invalidNameReason(_ name: String) -> String? {
			if name.isEmpty { return "it is empty" }
			if !name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return "it contains a character that is not printable ASCII" }
			if name.hasPrefix("@") { return "it starts with '@'" }
			if name.contains(".") { return "it contains '.'" }
			return nil
		}
	}

	/// The type-erased base of every key, for collections of keys of different types.
	public typealias _AnyKey = Keys
}

/// Keys are equal when they have the same name in the same store, whatever their value types:
/// they then read and write the same stored value.
///
/// ```swift
/// let keys: Set<Defaults.Keys> = [.quality, .isUnicornMode]
/// keys.contains(Defaults.Key<Double>("quality", default: 0.8))
/// //=> true
/// ```
extension Defaults.Keys: Equatable, Hashable {
	/// Whether two keys have the same name in the same store.
	public static func == (lhs: Defaults.Keys, rhs: Defaults.Keys) -> Bool {
		lhs.name == rhs.name && lhs.suite === rhs.suite
	}

	/// Hashes the name and the identity of the store.
	public func hash(into hasher: inout Hasher) {
		hasher.combine(name)
		hasher.combine(ObjectIdentifier(suite))
	}
}
